/**
 * A server's data moved to another database file through `npm run guild`, with the real bot on
 * both sides: a finished match (Ann plays a hand to 50 while the others are away) and ratings
 * written beside it, and a paused match in another channel (Eve, Fay and two bots). The bot stops;
 * the server is exported with `npm run guild -- export <id> > guild.json` (npm's banner and all)
 * and imported into a new, empty file, which takes the old one's place (an import into the file
 * while the bot ran on it was refused); a bot starts on it. Then
 * /stats, /leaderboard, /history and /table list answer exactly as before, and the paused match
 * resumes where it stood and plays on.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, isTableMessage, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

let fx: BotFixture;
let here: string;
let there: string;
const scripted = scriptedEnv('gmv');
const user = (i: number) => fx.users[i] as ScriptedUser;
const db = () => fx.bot.store.db;

beforeAll(async () => {
  fx = await startFixture({ users: 6, env: scripted.env, moreChannels: ['back-room'] });
  scripted.useSeed('guild-move-1');
  [here, there] = fx.channelIds as [string, string];
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
});

/** What a reader sees of an answer (the message's own id and time aside). */
function seen(message: MessageView) {
  return {
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    ephemeral: message.ephemeral,
    files: message.attachments.map((a) => [a.filename, a.data.toString('utf8')]),
  };
}

/** The questions asked before and after the move, by whom and where. */
function questions(finished: number, paused: number): Array<[string, () => Promise<MessageView>]> {
  const [ann, ben, eve] = [user(0), user(1), user(4)];
  return [
    ['/stats (Ann)', () => ann.slash(here, 'stats').reply()],
    ['/stats Ben (Eve)', () => eve.slash(there, 'stats', { options: { player: ben.id } }).reply()],
    ['/leaderboard top', () => eve.slash(there, 'leaderboard', { subcommand: 'top' }).reply()],
    [
      '/leaderboard top by wins',
      () => ann.slash(here, 'leaderboard', { subcommand: 'top', options: { by: 'wins' } }).reply(),
    ],
    ['/history matches', () => ann.slash(here, 'history', { subcommand: 'matches' }).reply()],
    [
      '/history matches Ben',
      () => ben.slash(here, 'history', { subcommand: 'matches', options: { player: ben.id } }).reply(),
    ],
    [
      '/history match (finished)',
      () => ann.slash(here, 'history', { subcommand: 'match', options: { number: finished } }).reply(),
    ],
    [
      '/history hand',
      () => ann.slash(here, 'history', { subcommand: 'hand', options: { match: finished, hand: 1 } }).reply(),
    ],
    [
      '/history export',
      () => ann.slash(here, 'history', { subcommand: 'export', options: { match: finished } }).reply(),
    ],
    [
      '/history match (paused)',
      () => eve.slash(there, 'history', { subcommand: 'match', options: { number: paused } }).reply(),
    ],
    ['/table list', () => eve.slash(there, 'table', { subcommand: 'list' }).reply()],
  ];
}

async function ask(list: Array<[string, () => Promise<MessageView>]>): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  for (const [name, question] of list) answers.set(name, seen(await question()));
  return answers;
}

/** Runs `npm run guild -- <args>` as an operator does, standard output into `stdoutFile` if given. */
function npmGuild(
  args: string[],
  stdoutFile?: string,
): { status: number | null; stderr: string; stdout: string } {
  const fd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
  try {
    const run = spawnSync('npm', ['run', 'guild', '--', ...args], {
      cwd: ROOT,
      stdio: ['ignore', fd ?? 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { status: run.status, stderr: run.stderr ?? '', stdout: run.stdout ?? '' };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Ratings for the six, as if each had rated matches before (the match to 50 is too short to rate). */
function seedRatings(): void {
  const now = Date.now();
  const rate = db().prepare(
    'INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  db().transaction(() => {
    fx.users.forEach((u, i) => {
      const sigma = 2 + i * 0.37;
      rate.run(fx.guildId, u.id, 20 + ((i * 7) % 11) + 0.123456789, sigma, 20 - i * 1.1 + 0.1, 3 + i, now);
    });
  })();
}

let finishedId = 0;
let pausedId = 0;
let before: Map<string, unknown>;
let pausedAt: { version: number; table: string; panel: string };

describe('a server moved to a new database file', () => {
  it('plays a match to the end and pauses another, then records every answer', async () => {
    const [ann, ben, cat, dan, eve, fay] = fx.users as [
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
    ];
    await ann.slash(here, 'table', { subcommand: 'create', options: { target: 50 } }).reply();
    for (const u of [ben, cat, dan]) await u.slash(here, 'table', { subcommand: 'join' }).reply();
    await ann.slash(here, 'table', { subcommand: 'start' }).reply();
    for (const u of [ben, cat, dan]) await u.slash(here, 'table', { subcommand: 'away' }).reply();
    const dice = new Dice(7);
    for (let i = 0; i < 400 && fx.bot.service.tableInChannel(here).ok; i++)
      if (!(await takeTurn(ann, await openPanel(ann, here), dice)))
        await new Promise((r) => setTimeout(r, 10));
    expect(fx.bot.service.tableInChannel(here).ok).toBe(false);
    finishedId = db().prepare("SELECT id FROM matches WHERE status = 'finished'").pluck().get() as number;
    expect(finishedId).toBeGreaterThan(0);

    // Eve hosts with Fay and two bots in the back room; both make their first decisions, then she pauses.
    await eve.slash(there, 'table', { subcommand: 'create' }).reply();
    await fay.slash(there, 'table', { subcommand: 'join', options: { seat: 2 } }).reply();
    for (const seat of [3, 4])
      await eve.slash(there, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply();
    await eve.slash(there, 'table', { subcommand: 'start' }).reply();
    seedRatings();
    for (const u of [eve, fay]) expect(await takeTurn(u, await openPanel(u, there), dice)).toBe(true);
    expect((await eve.slash(there, 'table', { subcommand: 'pause' }).reply()).content).toBe(
      'The match is paused.',
    );
    const table = await eve.waitForMessage(there, (m) => !m.ephemeral && /Paused/.test(embedText(m)));
    pausedId = db().prepare("SELECT id FROM matches WHERE status = 'playing'").pluck().get() as number;
    const version = db()
      .prepare('SELECT version FROM snapshots WHERE match_id = ?')
      .pluck()
      .get(pausedId) as number;
    expect(version).toBeGreaterThan(0);
    pausedAt = { version, table: embedText(table), panel: (await openPanel(eve, there)).content };

    before = await ask(questions(finishedId, pausedId));
    expect(JSON.stringify(before.get('/leaderboard top'))).toContain('Fay');
    expect(JSON.stringify(before.get('/history matches'))).toContain(`**#${finishedId}**`);
    expect(JSON.stringify(before.get('/table list'))).toContain('Eve');
    // Ben sits second (team 1): his stats show the match as the table recorded it, won or lost.
    const winner = db().prepare('SELECT winner FROM matches WHERE id = ?').pluck().get(finishedId);
    expect(JSON.stringify(before.get('/stats Ben (Eve)'))).toContain(`${winner === 1 ? 1 : 0} won of 1`);
    expect(pausedAt.table).toContain('Paused');
  });

  it('exports with npm run guild, imports into an empty file, and a bot starts on it', async () => {
    const json = join(fx.databasePath, '..', 'guild.json');
    const moved = join(fx.databasePath, '..', 'moved.sqlite');
    let exported: ReturnType<typeof npmGuild> | undefined;
    let imported: ReturnType<typeof npmGuild> | undefined;
    // While the bot runs, export (read-only) is fine but an import into its file is refused.
    expect(npmGuild(['export', fx.guildId, '--database', fx.databasePath], json).status).toBe(0);
    const live = npmGuild(['import', json, '--database', fx.databasePath]);
    expect(live.status).toBe(1);
    expect(live.stderr).toContain(
      `Refused: a bot is running on this file (pid ${process.pid}): stop it first, import, then start it again. Nothing was changed.`,
    );
    await fx.restart(() => {
      exported = npmGuild(['export', fx.guildId, '--database', fx.databasePath], json);
      imported = npmGuild(['import', json, '--database', moved]);
      // The new file takes the old one's place: the bot starts on nothing but what was imported.
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${fx.databasePath}${suffix}`, { force: true });
      expect(existsSync(`${moved}-wal`)).toBe(false);
      renameSync(moved, fx.databasePath);
    });
    expect(exported?.status, exported?.stderr).toBe(0);
    expect(exported?.stderr).toContain(
      `Exported server ${fx.guildId} from ${fx.databasePath}: 2 tables, 2 matches`,
    );
    expect(imported?.status, imported?.stderr).toBe(0);
    expect(imported?.stdout).toContain(`Imported server ${fx.guildId} into ${moved}: 2 tables, 2 matches`);
    expect(imported?.stdout).not.toContain('renumbered');
  });

  it('/stats, /leaderboard, /history and /table list answer exactly as before', async () => {
    const after = await ask(questions(finishedId, pausedId));
    for (const [name, answer] of before) expect(after.get(name), name).toEqual(answer);
  });

  it('the paused match resumes where it stood and plays on', async () => {
    const [eve, fay] = [user(4), user(5)];
    expect(db().prepare('SELECT version FROM snapshots WHERE match_id = ?').pluck().get(pausedId)).toBe(
      pausedAt.version,
    );
    expect((await openPanel(eve, there)).content).toBe(pausedAt.panel);
    expect(embedText(tableMessage(eve, there))).toBe(pausedAt.table);
    expect((await eve.slash(there, 'table', { subcommand: 'resume' }).reply()).content).toBe(
      'The match is resumed.',
    );
    await eve.waitForMessage(there, (m) => isTableMessage(m) && !/Paused/.test(embedText(m)));
    const dice = new Dice(3);
    let acted = false;
    for (let i = 0; i < 50 && !acted; i++) {
      for (const u of [eve, fay]) if (await takeTurn(u, await openPanel(u, there), dice)) acted = true;
      if (!acted) await new Promise((r) => setTimeout(r, 20));
    }
    expect(acted).toBe(true);
    const now = db()
      .prepare('SELECT version FROM snapshots WHERE match_id = ?')
      .pluck()
      .get(pausedId) as number;
    expect(now).toBeGreaterThan(pausedAt.version);
  });
});
