/**
 * The local Discord checks Components V2 messages as Discord does: 40 components in all (nested
 * ones count), 4,000 characters of text, no content or embeds beside the flag, the flag set on an
 * edit but never removed, valid nesting, custom ids of 1-100 characters and unique in the message.
 */
import { Routes } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/localDiscord/validate.js';
import {
  type DiscordFixture,
  refusedWith,
  startDiscordFixture,
  WAIT_MS,
  within,
} from '../support/discordFixture.js';

type Json = Record<string, unknown>;

const V2 = 1 << 15;
const text = (content: string): Json => ({ type: 10, content });
const button = (custom_id: string): Json => ({ type: 2, style: 2, label: 'Go', custom_id });
const row = (...buttons: Json[]): Json => ({ type: 1, components: buttons });
const section = (texts: Json[], accessory?: Json): Json => ({
  type: 9,
  components: texts,
  ...(accessory ? { accessory } : {}),
});
const container = (...children: Json[]): Json => ({ type: 17, accent_color: 0x55acee, components: children });

/** The error codes Discord would give, by field path ("components.0.components.1.type"). */
function refusals(body: Json): Record<string, string[]> {
  const errors = validateMessage(body).toError().errors ?? {};
  const out: Record<string, string[]> = {};
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors') out[path.join('.')] = (value as Array<{ code: string }>).map((e) => e.code);
      else walk(value as Record<string, unknown>, [...path, key]);
    }
  };
  walk(errors, []);
  return out;
}

const TABLE = container(
  text('### Tichu · hand 1\nStandard rules'),
  { type: 14, divider: true, spacing: 1 },
  section([text('🟧 2. Bot 2 (hard)')], button('take:abcd1234:3:1')),
  row(button('hand:abcd1234:3')),
);

describe('Components V2 payloads', () => {
  it('takes a container of texts, a separator, a section with a button, a row', () => {
    expect(refusals({ flags: V2, components: [TABLE] })).toEqual({});
    // Empty content and embeds are no content: they clear an old message's.
    expect(refusals({ flags: V2, content: '', embeds: [], components: [TABLE] })).toEqual({});
  });

  it('refuses content or embeds beside the flag', () => {
    expect(refusals({ flags: V2, content: 'hi', embeds: [{ title: 'x' }], components: [TABLE] })).toEqual({
      content: ['MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2'],
      embeds: ['MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2'],
    });
  });

  it('refuses V2 components in a message without the flag', () => {
    expect(refusals({ components: [TABLE] })).toEqual({ 'components.0.type': ['UNION_TYPE_CHOICES'] });
  });

  it('counts nested components toward 40', () => {
    // A container, 13 sections of a text and a button each: 1 + 13 * 3 = 40; one more text is 41.
    const sections = Array.from({ length: 13 }, (_, i) => section([text(`seat ${i}`)], button(`b:${i}`)));
    expect(refusals({ flags: V2, components: [container(...sections)] })).toEqual({});
    expect(refusals({ flags: V2, components: [container(...sections, text('one more'))] })).toEqual({
      components: ['MAX_COMPONENTS_EXCEEDED'],
    });
  });

  it('counts the text of every text display toward 4,000 characters', () => {
    const half = 'x'.repeat(2_000);
    expect(refusals({ flags: V2, components: [container(text(half), text(half))] })).toEqual({});
    expect(
      refusals({ flags: V2, components: [container(text(half), section([text(`${half}!`)], button('b')))] }),
    ).toEqual({
      components: ['MAX_TEXT_DISPLAY_LENGTH_EXCEEDED'],
    });
  });

  it('wants 1 to 3 text displays and an accessory in a section', () => {
    const four = [text('a'), text('b'), text('c'), text('d')];
    expect(refusals({ flags: V2, components: [section(four, button('b'))] })).toEqual({
      'components.0.components': ['BASE_TYPE_BAD_LENGTH'],
    });
    expect(refusals({ flags: V2, components: [section([text('a')])] })).toEqual({
      'components.0.accessory': ['BASE_TYPE_REQUIRED'],
    });
    expect(refusals({ flags: V2, components: [section([row(button('b'))], button('c'))] })).toEqual({
      'components.0.components.0.type': ['UNION_TYPE_CHOICES'],
    });
  });

  it('allows no container in a container, and at most 5 buttons in a row', () => {
    expect(refusals({ flags: V2, components: [container(container(text('a')))] })).toEqual({
      'components.0.components.0.type': ['UNION_TYPE_CHOICES'],
    });
    const six = Array.from({ length: 6 }, (_, i) => button(`b:${i}`));
    expect(refusals({ flags: V2, components: [container(row(...six))] })).toEqual({
      'components.0.components.0.components': ['BASE_TYPE_BAD_LENGTH'],
    });
  });

  it('wants custom ids of 1 to 100 characters, unique across rows and accessories', () => {
    expect(refusals({ flags: V2, components: [container(row(button('x'.repeat(101))))] })).toEqual({
      'components.0.components.0.components.0.custom_id': ['BASE_TYPE_BAD_LENGTH'],
    });
    const twice = container(section([text('a')], button('same')), row(button('same')));
    expect(refusals({ flags: V2, components: [twice] })).toEqual({
      'components.0.components.1.components.0.custom_id': ['COMPONENT_CUSTOM_ID_DUPLICATED'],
    });
  });
});

describe('Components V2 through REST', () => {
  let fx: DiscordFixture;
  beforeAll(async () => {
    fx = await startDiscordFixture();
  });
  afterEach(() => fx?.forgetPending());
  afterAll(() => fx?.close());

  const route = () => Routes.channelMessages(fx.channel.id);
  const post = (body: Json) =>
    within(fx.client.rest.post(route(), { body }), WAIT_MS, 'post') as Promise<Json>;
  const patch = (id: string, body: Json) =>
    fx.client.rest.patch(Routes.channelMessage(fx.channel.id, id), { body });
  const stored = (id: string) => fx.discord.hub.world.messages.get(id);

  it('posts a V2 message with its flag, and refuses one with content (50035)', async () => {
    const sent = await post({ flags: V2, components: [TABLE] });
    expect((stored(sent.id as string)?.flags ?? 0) & V2).toBe(V2);
    const refused = await refusedWith(
      fx.client.rest.post(route(), { body: { flags: V2, content: 'x', components: [TABLE] } }),
    );
    expect(refused.code).toBe(50035);
  });

  it('upgrades an embed message on an edit that empties its content and embeds, and never back', async () => {
    const old = await post({
      embeds: [{ title: 'Tichu · new table' }],
      components: [row(button('join:abcd1234:0'))],
    });
    const id = old.id as string;
    // The flag alone leaves the old embed: Discord refuses it.
    const kept = await refusedWith(patch(id, { flags: V2, components: [TABLE] }));
    expect(kept.code).toBe(50035);
    expect(stored(id)?.flags ?? 0).toBe(0);
    await within(
      patch(id, { flags: V2, content: null, embeds: [], components: [TABLE] }),
      WAIT_MS,
      'upgrade',
    );
    expect(stored(id)).toMatchObject({ content: '', embeds: [], flags: V2 });
    // Once set, the flag stays: an edit without it keeps it, one that clears it is refused.
    await within(patch(id, { components: [container(text('still V2'))] }), WAIT_MS, 'edit');
    expect((stored(id)?.flags ?? 0) & V2).toBe(V2);
    const removed = await refusedWith(patch(id, { flags: 0, components: [row(button('x'))] }));
    expect(removed.code).toBe(50035);
    const content = await refusedWith(patch(id, { content: 'words' }));
    expect(content.code).toBe(50035);
  });
});
