/**
 * Slash commands for a German client, through the real bot: the registered commands carry German
 * descriptions; /help and /rules answer Ann (German) in German and Ben (English) in English; the
 * answers to /table and /notify, the refusals and the door's words on bad options are Ann's
 * language too, while Ben's stay English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpText, symbolsText } from '../../commands/help.js';
import { rulesText } from '../../commands/rules.js';
import { t } from '../../src/i18n/index.js';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText } from '../support/e2eTable.js';

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ users: 2, locales: ['de', 'en-US'] });
  [ann, ben] = fx.users as [ScriptedUser, ScriptedUser];
});
afterAll(async () => {
  await fx?.close();
});

const table = (
  user: ScriptedUser,
  subcommand: string,
  options: Record<string, string | number | boolean> = {},
) => user.slash(fx.channelId, 'table', { subcommand, options }).reply();

/** Lower-case English words a German sentence never has (German nouns are capitalised). */
const ENGLISH =
  /\b(the|you|your|is|are|not|seat|table|match|hand|turn|already|that|this|with|must|nothing)\b/;
/** A text without what is typed as is: commands (`/table join`) and anything in backticks. */
const prose = (text: string) => text.replace(/`[^`]*`/g, '').replace(/\/[a-z]+/g, '');

describe('slash commands in German', () => {
  it('are registered with German descriptions', () => {
    const registered = fx.discord.hub.world.commands.get(fx.guildId) ?? [];
    const help = registered.find((c) => c.name === 'help') as {
      description_localizations?: Record<string, string>;
    };
    expect(help.description_localizations?.de).toBe(t('de', 'cmd.help'));
    expect(registered.map((c) => c.name)).toContain('table');
  });

  it('/help answers each user in their language', async () => {
    const german = await ann.slash(fx.channelId, 'help').reply();
    expect(german.ephemeral).toBe(true);
    const [how, symbols] = german.embeds;
    expect(how?.title).toBe('So spielst du hier Tichu');
    expect(how?.description).toBe(helpText('de'));
    expect(symbols?.title).toBe('Was die Symbole bedeuten');
    expect(embedText(german)).toContain(symbolsText('de').split('\n')[1] ?? '?');
    expect(how?.description).toContain('**Meine Karten**');
    expect(how?.description).toContain('/leaderboard');
    expect(prose(String(how?.description ?? ''))).not.toMatch(ENGLISH);
    const english = await ben.slash(fx.channelId, 'help').reply();
    expect(english.embeds.map((e) => e.title)).toEqual(['How to play Tichu here', 'What the symbols mean']);
    expect(english.embeds[0]?.description).toBe(helpText('en'));
  });

  it('/rules answers each user in their language', async () => {
    const german = await ann.slash(fx.channelId, 'rules').reply();
    expect(german.ephemeral).toBe(true);
    expect(german.content).toBe(rulesText('de'));
    for (const word of ['Großes Tichu', 'Schupfen', 'Wunsch', 'Hund', 'Phönix', 'Drache', 'Bomben'])
      expect(german.content).toContain(word);
    expect(prose(german.content)).not.toMatch(ENGLISH);
    expect((await ben.slash(fx.channelId, 'rules').reply()).content).toMatch(/Grand Tichu/);
  });

  it('refusals speak the clicking user’s language', async () => {
    expect((await ann.slash(fx.channelId, 'hand').reply()).content).toBe(
      'Hier gibt es keinen Tichu-Tisch. Eröffne einen mit /table create.',
    );
    expect((await ben.slash(fx.channelId, 'hand').reply()).content).toBe(
      'There is no Tichu table here. Open one with /table create.',
    );
    await table(ben, 'create');
    expect((await table(ann, 'start')).content).toBe('Das darf nur der Gastgeber des Tisches.');
    expect((await table(ann, 'join', { seat: 1 })).content).toBe('Platz 1 ist besetzt.');
  });

  it('the answers to /table and /notify are German for Ann', async () => {
    expect((await table(ann, 'join', { seat: 2 })).content).toBe(t('de', 'cmd.reply.joined'));
    expect((await table(ann, 'team', { team: 'A' })).content).toBe('Du bist in Team A.');
    const notify = await ann.slash(fx.channelId, 'notify', { options: { turn: 'off' } }).reply();
    expect(notify.content).toBe('Keine Nachrichten mehr, wenn du dran bist.');
    expect((await table(ben, 'bot', { do: 'add', level: 'easy' })).content).toBe('An easy bot sits down.');
  });

  it('the door says in German what is wrong with an option', async () => {
    expect((await table(ann, 'team', { team: 'C' })).content).toBe(
      '/table team: `team` muss einer dieser Werte sein: A, B. Es wurde nichts geändert.',
    );
    expect((await ann.slash(fx.channelId, 'notify', { options: { turn: 'maybe' } }).reply()).content).toBe(
      '/notify: `turn` muss einer dieser Werte sein: an, aus. Es wurde nichts geändert.',
    );
    expect((await table(ann, 'seat', { seat: 9 })).content).toBe(
      '/table seat: `seat` muss eine ganze Zahl von 1 bis 4 sein. Es wurde nichts geändert.',
    );
    expect((await table(ann, 'list', { mine: 'ja' })).content).toBe(
      '/table list: `mine` muss wahr oder falsch sein. Es wurde nichts geändert.',
    );
    expect((await table(ann, 'bot', { do: 'add', level: 'genius' })).content).toBe(
      'Bots spielen auf einer dieser Stufen: leicht, normal, schwer, Experte.',
    );
    const stale = await ann
      .forge(fx.channelId, {
        kind: 'command',
        name: 'table',
        options: [{ type: 1, name: 'join', options: [{ type: 3, name: 'colour', value: 'red' }] }],
      })
      .reply();
    expect(stale.content).toBe(t('de', 'refusal.door.staleCommand'));
    expect((await table(ben, 'team', { team: 'C' })).content).toBe(
      '/table team: `team` must be one of: A, B. Nothing was changed.',
    );
  });
});
