import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { leanCallbackData } from '../../../src/discord/door/callbackBody.js';
import { toDiscord } from '../../../src/discord/respond.js';

const row = { type: 1, components: [{ type: 2, style: 2, custom_id: 'x', label: 'X' }] };

describe('the callback body built from our renders', () => {
  it('is the JSON discord.js would send for a rendered panel: content, embeds, components, no mentions, flags', () => {
    const options = {
      ...toDiscord({ content: 'Hi', embeds: [{ title: 'T' }], components: [row] }),
      flags: 64,
    };
    expect(leanCallbackData(options)).toEqual({
      content: 'Hi',
      embeds: [{ title: 'T' }],
      components: [row],
      allowed_mentions: { parse: [] },
      flags: 64,
    });
  });

  it('takes builders (JSON-encodable) as they are', () => {
    const button = new ButtonBuilder().setCustomId('b').setLabel('B').setStyle(ButtonStyle.Primary);
    const data = leanCallbackData({
      embeds: [new EmbedBuilder().setDescription('d')],
      components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button)],
    });
    expect(data).toEqual({
      embeds: [{ description: 'd' }],
      components: [{ type: 1, components: [{ type: 2, custom_id: 'b', label: 'B', style: 1 }] }],
    });
  });

  it.each([
    ['files', { content: 'x', files: [Buffer.from('a')] }],
    ['a response asked for', { content: 'x', withResponse: true }],
    ['a plain-object embed (discord.js converts its keys)', { embeds: [{ title: 'T' }] }],
    ['mentions of someone', { content: 'x', allowedMentions: { users: ['1'] } }],
    ['mentions with more than parse', { content: 'x', allowedMentions: { parse: [], repliedUser: false } }],
    ['flags as names', { content: 'x', flags: ['Ephemeral'] }],
    ['content that is not text', { content: 5 }],
  ])('leaves %s to discord.js', (_, options) => {
    expect(leanCallbackData(options)).toBeNull();
  });

  it('leaves what is not a plain options object to discord.js (nothing, a string, a MessagePayload)', () => {
    expect(leanCallbackData(undefined)).toBeNull();
    expect(leanCallbackData('text')).toBeNull();
    expect(leanCallbackData(new (class Payload {})())).toBeNull();
  });

  it('ignores options set to undefined', () => {
    expect(leanCallbackData({ content: 'x', files: undefined })).toEqual({ content: 'x' });
  });
});
