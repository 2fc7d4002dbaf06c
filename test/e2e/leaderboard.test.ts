/**
 * Leaderboards, statistics and history through the local Discord with the real bot: a rated match
 * played to the end by four users clicking their panels, a server filled up to 25 ranked players
 * by direct inserts, then /leaderboard (paging, sorting, hiding), /stats and /history (with the
 * JSON export, which replays with the engine). Every REST call the bot makes must succeed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIN_RATED_HANDS } from '../../src/app/results.js';
import { BOARD_PAGE_SIZE, type MatchExport, replayExport, StatsService } from '../../src/app/stats.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled, embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

// With this seed (and Dice(11) for the choices) the match lasts at least MIN_RATED_HANDS hands.
const SEED = 'lb-e2e-5';
const TARGET = 200;

let fx: BotFixture;
let stats: StatsService;
let matchId = 0;
const scripted = scriptedEnv('lbd');

beforeAll(async () => {
  fx = await startFixture({ users: 6, env: scripted.env, moreChannels: ['lounge'] });
  scripted.useSeed(SEED);
  stats = new StatsService(fx.bot.store);
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
});

const user = (i: number) => fx.users[i] as ScriptedUser;
const db = () => fx.bot.store.db;

/** The leaderboard lines of an embed: rank and name, in order. */
function boardLines(message: MessageView): Array<{ rank: number; name: string }> {
  const description = ((message.embeds[0] as { description?: string } | undefined)?.description ?? '').split(
    '\n',
  );
  return description.flatMap((line) => {
    const m = /^\*\*(\d+)\.\*\* (.+?) — /.exec(line);
    return m ? [{ rank: Number(m[1]), name: m[2] as string }] : [];
  });
}

function footer(message: MessageView): string {
  return (message.embeds[0] as { footer?: { text?: string } } | undefined)?.footer?.text ?? '';
}

/** The visible players of the server ranked by `value`, highest first, ties by user id. */
function expectedOrder(sql: string): Array<{ userId: string; name: string }> {
  const rows = db().prepare(sql).all(fx.guildId) as Array<{ userId: string; name: string; value: number }>;
  return rows.sort((a, b) => b.value - a.value || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

const BY_RATING = `SELECT r.user_id AS userId, p.display_name AS name, r.ordinal AS value FROM ratings r
  JOIN players p ON p.user_id = r.user_id WHERE r.guild_id = ? AND p.hidden = 0`;
const BY_WINS = `SELECT s.user_id AS userId, p.display_name AS name, s.wins AS value FROM player_stats s
  JOIN players p ON p.user_id = s.user_id WHERE s.guild_id = ? AND p.hidden = 0`;

describe('a rated match, then the leaderboard, statistics and history', () => {
  it('four players click through a whole match: it is rated and moves their ratings', async () => {
    const [ann, ...others] = fx.users.slice(0, 4) as [ScriptedUser, ...ScriptedUser[]];
    await ann.slash(fx.channelId, 'table', { subcommand: 'create', options: { target: TARGET } }).reply();
    for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    const started = await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    expect(started.content).toContain('match begins');
    const dice = new Dice(11);
    let finished = false;
    for (let round = 0; round < 3000 && !finished; round++) {
      let acted = false;
      for (const u of fx.users.slice(0, 4)) {
        if (!fx.bot.service.tableInChannel(fx.channelId).ok) break;
        if (await takeTurn(u, await openPanel(u, fx.channelId), dice)) acted = true;
      }
      finished = !fx.bot.service.tableInChannel(fx.channelId).ok;
      expect(acted || finished).toBe(true);
    }
    expect(finished).toBe(true);
    const match = db()
      .prepare('SELECT id, rated, hands_played AS hands, winner, status FROM matches WHERE guild_id = ?')
      .get(fx.guildId) as { id: number; rated: number; hands: number; winner: number; status: string };
    expect(match.status).toBe('finished');
    expect(match.hands, `hands played with seed ${SEED}`).toBeGreaterThanOrEqual(MIN_RATED_HANDS);
    expect(match.rated).toBe(1);
    matchId = match.id;
    const seats = db()
      .prepare('SELECT seat, user_id AS userId, won FROM match_players WHERE match_id = ? ORDER BY seat')
      .all(matchId) as Array<{ seat: number; userId: string; won: number }>;
    expect(seats.map((s) => s.userId)).toEqual(fx.users.slice(0, 4).map((u) => u.id));
    for (const s of seats) {
      const r = stats.playerStats(fx.guildId, s.userId);
      if (!r.ok) expect.fail(JSON.stringify(r.error));
      expect(r.value.rating?.ratedMatches).toBe(1);
      if (s.won) expect(r.value.rating?.mu).toBeGreaterThan(25);
      else expect(r.value.rating?.mu).toBeLessThan(25);
      expect(s.won).toBe(s.seat % 2 === match.winner ? 1 : 0);
    }
  });

  it('/history lists the match, shows it hand by hand and a hand play by play; the export replays', async () => {
    expect(matchId).toBeGreaterThan(0);
    const ann = user(0);
    const list = await ann.slash(fx.channelId, 'history', { subcommand: 'matches' }).reply();
    expect(list.ephemeral).toBe(true);
    expect(embedText(list)).toContain(`**#${matchId}**`);
    const mine = await user(1)
      .slash(fx.channelId, 'history', { subcommand: 'matches', options: { player: user(1).id } })
      .reply();
    expect(mine.ephemeral).toBe(true);
    expect(embedText(mine)).toContain(`**#${matchId}**`);
    expect(embedText(mine)).toContain('rated');
    // Eve never played: her list is empty.
    const none = await user(4)
      .slash(fx.channelId, 'history', { subcommand: 'matches', options: { player: user(4).id } })
      .reply();
    expect(embedText(none)).toContain('No finished match yet.');
    // A channel without matches of its own points to the threads events and the challenge play in.
    const elsewhere = await user(4)
      .slash(fx.channelIds[1] as string, 'history', { subcommand: 'matches' })
      .reply();
    expect(embedText(elsewhere)).toContain(
      'No finished match in this channel yet. Tichu nights and the weekly challenge play in threads:',
    );

    const hands = db()
      .prepare('SELECT count(*) AS n FROM hands WHERE match_id = ? AND result IS NOT NULL')
      .get(matchId) as {
      n: number;
    };
    const detail = await ann
      .slash(fx.channelId, 'history', { subcommand: 'match', options: { number: matchId } })
      .reply();
    expect(detail.ephemeral).toBe(true);
    expect(embedText(detail).match(/\*\*Hand \d+\*\*/g)?.length).toBe(hands.n);
    expect(embedText(detail)).toContain('🟦 Ann & Cat · 🟧 Ben & Dan');

    const hand = await ann
      .slash(fx.channelId, 'history', { subcommand: 'hand', options: { match: matchId, hand: 1 } })
      .reply();
    expect(hand.ephemeral).toBe(true);
    expect(embedText(hand)).toMatch(/passes .+ → /); // the exchange, now that the hand is over
    expect(hand.attachments.map((a) => a.filename)).toEqual([`tichu-match-${matchId}-hand-1.txt`]);
    expect(hand.attachments[0]?.data.toString('utf8')).toContain('Hand over:');

    const exported = await ann
      .slash(fx.channelId, 'history', { subcommand: 'export', options: { match: matchId } })
      .reply();
    expect(exported.ephemeral).toBe(true);
    expect(exported.attachments.map((a) => a.filename)).toEqual([`tichu-match-${matchId}.json`]);
    const file = exported.attachments[0];
    if (!file) expect.fail('no attachment');
    const data = JSON.parse(file.data.toString('utf8')) as MatchExport;
    expect(data).toMatchObject({ format: 'tichu-match/1', matchId, guildId: fx.guildId, seed: SEED });
    const replayed = replayExport(data);
    if (!replayed.ok) expect.fail(`the export does not replay: ${JSON.stringify(replayed.error)}`);
    expect(replayed.value.status).toBe('finished');
    expect(replayed.value.scores).toEqual(data.result.scores);
    expect(replayed.value.history).toEqual(data.hands);
    const row = db().prepare('SELECT score_a AS a, score_b AS b FROM matches WHERE id = ?').get(matchId) as {
      a: number;
      b: number;
    };
    expect(replayed.value.scores).toEqual([row.a, row.b]);

    // A match that does not exist: an ephemeral refusal, not an error.
    const missing = await ann
      .slash(fx.channelId, 'history', { subcommand: 'export', options: { match: matchId + 50 } })
      .reply();
    expect(missing.ephemeral).toBe(true);
    expect(missing.content).toContain('There is no such match on this server');
    expect(missing.attachments).toEqual([]);
  });

  it('/leaderboard top: page 1 of 3 with 10 rows and the viewer’s rank; Next ▶ pages; sort buttons re-sort', async () => {
    seedServer();
    const order = expectedOrder(BY_RATING);
    expect(order.length).toBe(25);
    const eve = user(4);
    const eveRank = order.findIndex((p) => p.userId === eve.id) + 1;
    expect(eveRank).toBeGreaterThan(2 * BOARD_PAGE_SIZE); // on page 3 only

    let board = await eve.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    expect(board.ephemeral).toBe(true);
    expect(boardLines(board)).toEqual(order.slice(0, 10).map((p, i) => ({ rank: i + 1, name: p.name })));
    expect(embedText(board)).toContain(`You: **#${eveRank}**`);
    expect(footer(board)).toMatch(/^Page 1 of 3/);
    expect(buttonLabelled(board, '◀ Previous')?.disabled).toBe(true);
    // The rating with its uncertainty: skill ± twice the deviation.
    const top = db()
      .prepare('SELECT mu, sigma, ordinal FROM ratings WHERE guild_id = ? AND user_id = ?')
      .get(fx.guildId, order[0]?.userId) as { mu: number; sigma: number; ordinal: number };
    expect(embedText(board)).toContain(
      `**1.** ${order[0]?.name} — ${top.ordinal.toFixed(1)} · ${top.mu.toFixed(1)} ± ${(2 * top.sigma).toFixed(1)}`,
    );

    for (const page of [2, 3]) {
      const next = buttonLabelled(board, 'Next ▶');
      expect(next?.disabled, `Next on page ${page - 1}`).toBe(false);
      const id = board.id;
      board = await eve.click(board.id, next?.custom_id as string).reply();
      expect(board.id).toBe(id); // the same message, updated in place
      const start = (page - 1) * BOARD_PAGE_SIZE;
      expect(boardLines(board)).toEqual(
        order.slice(start, start + BOARD_PAGE_SIZE).map((p, i) => ({ rank: start + i + 1, name: p.name })),
      );
      expect(footer(board)).toMatch(new RegExp(`^Page ${page} of 3`));
      expect(embedText(board)).toContain(`You: **#${eveRank}**`);
    }
    expect(boardLines(board).length).toBe(5);
    expect(buttonLabelled(board, 'Next ▶')?.disabled).toBe(true);
    board = await eve.click(board.id, buttonLabelled(board, '◀ Previous')?.custom_id as string).reply();
    expect(footer(board)).toMatch(/^Page 2 of 3/);

    // Sorted by wins: the order of the wins column.
    board = await eve.click(board.id, buttonLabelled(board, 'Wins')?.custom_id as string).reply();
    const byWins = expectedOrder(BY_WINS);
    expect((board.embeds[0] as { title: string }).title).toContain('Wins');
    expect(footer(board)).toMatch(/^Page 1 of 3/);
    expect(boardLines(board)).toEqual(byWins.slice(0, 10).map((p, i) => ({ rank: i + 1, name: p.name })));
    expect(buttonLabelled(board, 'Wins')?.disabled).toBe(true);
    expect(buttonLabelled(board, 'Rating')?.disabled).toBe(false);
    expect(boardLines(board)).not.toEqual(
      boardLines(await eve.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply()),
    );

    // Win rate: only players with at least 5 matches (the four who played one match are not there).
    board = await eve.click(board.id, buttonLabelled(board, 'Win rate')?.custom_id as string).reply();
    const rated =
      expectedOrder(`SELECT s.user_id AS userId, p.display_name AS name, CAST(s.wins AS REAL) / s.matches AS value
      FROM player_stats s JOIN players p ON p.user_id = s.user_id WHERE s.guild_id = ? AND p.hidden = 0 AND s.matches >= 5`);
    expect(rated.length).toBeLessThan(25);
    expect(boardLines(board)).toEqual(rated.slice(0, 10).map((p, i) => ({ rank: i + 1, name: p.name })));
    expect(footer(board)).toContain('at least 5 matches');
    const ann = await user(0)
      .slash(fx.channelId, 'leaderboard', { subcommand: 'top', options: { by: 'winrate' } })
      .reply();
    expect(embedText(ann)).toContain('You are not on this board yet.');
  });

  it('/leaderboard visibility hidden removes a player from other players’ boards, and shown brings them back', async () => {
    const [eve, fay] = [user(4), user(5)];
    const order = expectedOrder(BY_RATING);
    const fayRank = order.findIndex((p) => p.userId === fay.id) + 1;
    expect(fayRank).toBeGreaterThan(0);
    expect(fayRank).toBeLessThanOrEqual(BOARD_PAGE_SIZE); // Fay is on page 1
    const before = await eve.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    expect(boardLines(before).map((l) => l.name)).toContain('Fay');

    const hidden = await fay
      .slash(fx.channelId, 'leaderboard', { subcommand: 'visibility', options: { mode: 'hidden' } })
      .reply();
    expect(hidden.ephemeral).toBe(true);
    expect(hidden.content).toContain('hidden');

    const after = await eve.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    const without = order.filter((p) => p.userId !== fay.id);
    expect(boardLines(after)).toEqual(without.slice(0, 10).map((p, i) => ({ rank: i + 1, name: p.name })));
    expect(boardLines(after).map((l) => l.name)).not.toContain('Fay');
    const eveRank = without.findIndex((p) => p.userId === eve.id) + 1;
    expect(embedText(after)).toContain(`You: **#${eveRank}**`);
    // Not on the other pages either, nor on the other boards.
    let page = after;
    const seen: string[] = boardLines(page).map((l) => l.name);
    for (let i = 0; i < 3 && !buttonLabelled(page, 'Next ▶')?.disabled; i++) {
      page = await eve.click(page.id, buttonLabelled(page, 'Next ▶')?.custom_id as string).reply();
      seen.push(...boardLines(page).map((l) => l.name));
    }
    expect(seen.length).toBe(24);
    expect(seen).not.toContain('Fay');
    const wins = await eve
      .slash(fx.channelId, 'leaderboard', { subcommand: 'top', options: { by: 'wins' } })
      .reply();
    expect(boardLines(wins).map((l) => l.name)).not.toContain('Fay');
    // Fay's own board tells her she is hidden.
    const own = await fay.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    expect(embedText(own)).toContain('You are hidden from leaderboards');

    await fay
      .slash(fx.channelId, 'leaderboard', { subcommand: 'visibility', options: { mode: 'shown' } })
      .reply();
    const back = await eve.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    expect(boardLines(back)).toEqual(order.slice(0, 10).map((p, i) => ({ rank: i + 1, name: p.name })));
  });

  it('/stats replies only to the asker with their statistics, or a named player’s', async () => {
    const ben = user(1);
    const mine = await ben.slash(fx.channelId, 'stats').reply();
    expect(mine.ephemeral).toBe(true);
    expect(mine.interactionUserId).toBe(ben.id);
    const row = db()
      .prepare(
        'SELECT matches, wins, hands, tichu_calls AS calls, tichu_made AS made FROM player_stats WHERE guild_id = ? AND user_id = ?',
      )
      .get(fx.guildId, ben.id) as {
      matches: number;
      wins: number;
      hands: number;
      calls: number;
      made: number;
    };
    const text = embedText(mine);
    expect(text).toContain(`Matches: ${row.wins} won of ${row.matches}`);
    expect(text).toContain(`Hands: ${row.hands} ·`);
    expect(text).toContain(`Tichu: ${row.made} made of ${row.calls}`);
    expect(text).toMatch(/Rating: -?\d+\.\d \(\d+\.\d ± \d+\.\d, 1 rated\) · #\d+/);
    expect(text).toMatch(/Favourite partner: Dan: 1 match together/);

    const other = await user(4)
      .slash(fx.channelId, 'stats', { options: { player: user(2).id } })
      .reply();
    expect(other.ephemeral).toBe(true);
    expect((other.embeds[0] as { title: string }).title).toContain('Cat');
    expect(embedText(other)).toContain('Favourite partner: Ann');
    // Nobody can see another user's ephemeral replies.
    expect(
      user(0)
        .messages(fx.channelId)
        .some((m) => m.id === mine.id || m.id === other.id),
    ).toBe(false);
  });
});

/** Up to 25 ranked players on the server: Eve, Fay and 19 others besides the four who played. */
function seedServer(): void {
  const now = Date.now();
  const player = db().prepare(
    `INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name`,
  );
  const totals = db().prepare(
    `INSERT INTO player_stats (guild_id, user_id, matches, wins, hands, points, tichu_calls, tichu_made, grand_calls,
       grand_made, double_victories, bombs, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)`,
  );
  const ratings = db().prepare(
    'INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const people = [
    { id: user(4).id, name: 'Eve', ordinal: -9.5 }, // near the bottom: page 3
    { id: user(5).id, name: 'Fay', ordinal: 12.25 }, // near the top: page 1
    ...Array.from({ length: 19 }, (_, i) => ({
      id: `5000000000000000${String(i).padStart(2, '0')}`,
      name: `Member ${String(i + 1).padStart(2, '0')}`,
      ordinal: ((i * 37) % 23) - 8,
    })),
  ];
  db().transaction(() => {
    people.forEach((p, i) => {
      const matches = 3 + ((i * 5) % 9);
      const wins = (i * 7) % (matches + 1);
      const sigma = 2 + (i % 4) * 0.5;
      player.run(p.id, p.name, now, now);
      totals.run(
        fx.guildId,
        p.id,
        matches,
        wins,
        matches * 4,
        wins * 120,
        i % 6,
        (i * 2) % ((i % 6) + 1),
        now,
      );
      ratings.run(fx.guildId, p.id, p.ordinal + 3 * sigma, sigma, p.ordinal, matches, now);
    });
  })();
}
