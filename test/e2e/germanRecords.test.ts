/**
 * The records pages in the reader's language, through the local Discord with the real bot: Ann's
 * client is German, Ben's English. Ann hosts, then she, Cat and Dan step away (the bot plays their
 * seats) while Ben plays the first hand out; then /table list, /history (the match, the hand log
 * and its file), /stats and /leaderboard answer Ann in German and Ben in English.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
const scripted = scriptedEnv('grec');

beforeAll(async () => {
  fx = await startFixture({ locales: ['de'], env: scripted.env });
  scripted.useSeed('german-records-1');
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
});

const user = (i: number) => fx.users[i] as ScriptedUser;

function handNumber(): number {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  return here.ok ? (here.value.view?.handNumber ?? 0) : 0;
}

function footer(message: MessageView): string {
  return (message.embeds[0] as { footer?: { text?: string } } | undefined)?.footer?.text ?? '';
}

/** Every button label of a message. */
function labels(message: MessageView): string[] {
  return message.components.flatMap((row) =>
    ((row as { components?: Array<{ label?: string }> }).components ?? []).map((c) => c.label ?? ''),
  );
}

describe('the records pages for a German and an English player', () => {
  it('Ben plays the first hand out while the others are away', async () => {
    const [ann, ben, cat, dan] = [user(0), user(1), user(2), user(3)];
    await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    for (const u of [ben, cat, dan]) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    expect(handNumber()).toBe(1);
    for (const u of [ann, cat, dan]) await u.slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
    const dice = new Dice(5);
    for (let i = 0; i < 300 && handNumber() === 1; i++) {
      // Every other seat is played at once: while the hand goes on, Ben owes the next move.
      if (!(await takeTurn(ben, await openPanel(ben, fx.channelId), dice)))
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(handNumber()).toBe(2);
  });

  it('/table list: German for Ann, English for Ben', async () => {
    const de = embedText(await user(0).slash(fx.channelId, 'table', { subcommand: 'list' }).reply());
    expect(de).toContain('Tichu-Tische auf diesem Server');
    expect(de).toContain('(bis 1000), Runde 2');
    expect(de).toContain('(abwesend)');
    expect(de).not.toMatch(/hand 2|away|last move/);
    const en = embedText(await user(1).slash(fx.channelId, 'table', { subcommand: 'list' }).reply());
    expect(en).toContain('Tichu tables on this server');
    expect(en).toContain('(to 1000), hand 2');
  });

  it('/history match and hand: German for Ann (the file too), English for Ben', async () => {
    const match = await user(0)
      .slash(fx.channelId, 'history', { subcommand: 'match', options: { number: 1 } })
      .reply();
    expect(match.ephemeral).toBe(true);
    const matchText = embedText(match);
    expect(matchText).toContain('Partie #1:');
    expect(matchText).toContain('(läuft)');
    expect(matchText).toMatch(/\*\*Runde 1\*\*: -?\d+ — -?\d+ · (Karten -?\d+ — -?\d+|Doppelsieg) · Stand /);
    expect(footer(match)).toContain('zeigt jeden Zug einer Runde');

    const hand = await user(0)
      .slash(fx.channelId, 'history', { subcommand: 'hand', options: { match: 1, hand: 1 } })
      .reply();
    const log = embedText(hand);
    expect(log).toContain('Partie #1, Runde 1');
    expect(log).toMatch(/Ann schupft .+ → Ben, /);
    expect(log).toContain('💤 (abwesend: der Bot spielte)');
    expect(log).toMatch(/nimmt den Stich \(-?\d+ Punkte\)/);
    expect(log).not.toMatch(/ passes|takes the trick|Hand over/);
    const file = hand.attachments[0]?.data.toString('utf8') ?? '';
    expect(hand.attachments.map((a) => a.filename)).toEqual(['tichu-match-1-hand-1.txt']);
    expect(file).toContain('Runde vorbei:');
    expect(file).not.toContain('Hand over:');

    const english = await user(1)
      .slash(fx.channelId, 'history', { subcommand: 'hand', options: { match: 1, hand: 1 } })
      .reply();
    expect(embedText(english)).toContain('Match #1, hand 1');
    expect(embedText(english)).toMatch(/Ann passes .+ → Ben, /);
    expect(english.attachments[0]?.data.toString('utf8')).toContain('Hand over:');

    const recent = await user(0).slash(fx.channelId, 'history', { subcommand: 'matches' }).reply();
    expect(embedText(recent)).toContain('Letzte Partien in diesem Kanal');
    expect(embedText(recent)).toContain('In diesem Kanal noch keine beendete Partie.');
  });

  it('/stats and /leaderboard in German for Ann, English for Ben', async () => {
    seedRecords();
    const stats = await user(0).slash(fx.channelId, 'stats').reply();
    expect(stats.ephemeral).toBe(true);
    const statsText = embedText(stats);
    for (const word of [
      'Partien',
      '3 von 5 gewonnen (60%)',
      'Runden',
      'Großes Tichu',
      'Doppelsiege',
      'Wertung',
    ])
      expect(statsText).toContain(word);
    expect(statsText).toContain('12,5 (18,5 ± 4,0, 5 gewertet) · #1');
    expect(statsText).not.toMatch(/Matches|made of|Rating/);

    const board = await user(0).slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    const boardText = embedText(board);
    expect(boardText).toContain('🏆 Tichu Club — Wertung');
    expect(boardText).toContain('**1.** Ann — 12,5 · 18,5 ± 4,0 · 3/5 gewonnen');
    expect(boardText).toContain('Du: **#1** (12,5)');
    expect(footer(board)).toMatch(/^Seite 1 von 1 · Wertung = /);
    expect(labels(board)).toEqual([
      '◀ Zurück',
      'Weiter ▶',
      'Wertung',
      'Siege',
      'Siegquote',
      'Tichu-Erfolg',
      'Turnierpunkte',
    ]);
    // A sort button answers in the clicker's language too.
    const wins = board.components
      .flatMap((row) => (row as { components: Array<{ label: string; custom_id: string }> }).components)
      .find((c) => c.label === 'Siege');
    const byWins = await user(0)
      .click(board.id, wins?.custom_id as string)
      .reply();
    expect(embedText(byWins)).toContain('🏆 Tichu Club — Siege');
    expect(footer(byWins)).toContain('Alle beendeten Partien.');

    const english = await user(1).slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    expect(embedText(english)).toContain('**1.** Ann — 12.5 · 18.5 ± 4.0 · 3/5 won');
    expect(embedText(english)).toContain('You are not on this board yet.');
    const hidden = await user(0)
      .slash(fx.channelId, 'leaderboard', { subcommand: 'visibility', options: { mode: 'hidden' } })
      .reply();
    expect(hidden.content).toBe('Du bist jetzt in Ranglisten verborgen.');
  });
});

/** Ann's totals and rating on this server, written directly (a whole rated match takes long to play). */
function seedRecords(): void {
  const db = fx.bot.store.db;
  const now = Date.now();
  db.prepare(
    `INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, 'Ann', ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name`,
  ).run(user(0).id, now, now);
  db.prepare(
    `INSERT OR REPLACE INTO player_stats (guild_id, user_id, matches, wins, hands, points, tichu_calls, tichu_made, grand_calls,
       grand_made, double_victories, bombs, updated_at) VALUES (?, ?, 5, 3, 40, 1000, 4, 3, 1, 0, 2, 3, ?)`,
  ).run(fx.guildId, user(0).id, now);
  db.prepare(
    'INSERT OR REPLACE INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(fx.guildId, user(0).id, 18.5, 2, 12.5, 5, now);
}
