/**
 * A backup taken while scripted players play two tables through the local Discord, then restored:
 * the backup passes `PRAGMA integrity_check`, holds every action acknowledged before it began and
 * is a state the live file went through (each match's log a prefix of the live one, its snapshot at
 * the log's last version: nothing torn, even with actions committed while it was copied). The bot
 * is stopped after more play, the backup restored in its place, and a bot started on it: every
 * table shows the backup's state and plays on from there.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { startBackup } from '../../src/store/backup.js';
import { restoreDatabase } from '../../src/store/restore.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
const scripted = scriptedEnv('bku');
const dice = new Dice(31);

interface Seated {
  readonly channelId: string;
  readonly users: readonly ScriptedUser[];
}
let tables: Seated[];

beforeAll(async () => {
  fx = await startFixture({ users: 8, env: scripted.env, moreChannels: ['back-room'] });
  tables = fx.channelIds.map((channelId, t) => ({ channelId, users: fx.users.slice(t * 4, t * 4 + 4) }));
  for (const [t, { channelId, users }] of tables.entries()) {
    scripted.useSeed(`backup-e2e-${t}`);
    const [host, ...others] = users as [ScriptedUser, ...ScriptedUser[]];
    await host.slash(channelId, 'table', { subcommand: 'create' }).reply();
    for (const u of others) await u.slash(channelId, 'table', { subcommand: 'join' }).reply();
    const started = await host.slash(channelId, 'table', { subcommand: 'start' }).reply();
    expect(started.content).toContain('match begins');
  }
});
afterAll(async () => {
  await fx?.close();
});

/** Each player of each table in turn opens their panel and does what it offers; returns the actions taken. */
async function play(rounds: number, until?: () => boolean): Promise<number> {
  let acted = 0;
  for (let r = 0; r < rounds && !until?.(); r++)
    for (const { channelId, users } of tables)
      for (const user of users) {
        const panel = await openPanel(user, channelId);
        if (await takeTurn(user, panel, dice, { passChance: 20 })) acted++;
      }
  return acted;
}

interface Logged {
  readonly matchId: number;
  readonly version: number;
  readonly action: string;
}

/** Every logged action of the file's matches, and each match's snapshot version. */
function logOf(db: Database.Database): { events: Logged[]; snapshots: Map<number, number> } {
  const events = db
    .prepare('SELECT match_id AS matchId, version, action FROM events ORDER BY match_id, version')
    .all() as Logged[];
  const rows = db.prepare('SELECT match_id AS matchId, version FROM snapshots').all() as Array<{
    matchId: number;
    version: number;
  }>;
  return { events, snapshots: new Map(rows.map((r) => [r.matchId, r.version])) };
}

const key = (e: Logged) => `${e.matchId}@${e.version}:${e.action}`;

describe('a backup while players play, restored', () => {
  let backup: string;
  let acknowledged: Logged[];
  let inBackup: ReturnType<typeof logOf>;

  it('is checked, holds every acknowledged action, and is a state the live file went through', async () => {
    await play(3);
    // Everything answered so far is committed and flushed: what the backup must hold.
    acknowledged = logOf(fx.bot.store.db).events;
    expect(acknowledged.length).toBeGreaterThan(8);
    // Small steps, so the copy spans many of the bot's commits.
    const run = startBackup(fx.databasePath, join(fx.databasePath, '..', 'backups'), { stepPages: 1 });
    let copying = true;
    void run.done.finally(() => {
      copying = false;
    });
    const duringBackup = await play(40, () => !copying);
    backup = (await run.done).file;
    expect(duringBackup).toBeGreaterThan(0);

    const copy = new Database(backup, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      inBackup = logOf(copy);
    } finally {
      copy.close();
    }
    const live = logOf(fx.bot.store.db);
    const liveKeys = new Set(live.events.map(key));
    const backupKeys = new Set(inBackup.events.map(key));
    expect(acknowledged.filter((e) => !backupKeys.has(key(e)))).toEqual([]);
    expect(inBackup.events.filter((e) => !liveKeys.has(key(e)))).toEqual([]);
    // Per match: versions 1..n without a gap, and the snapshot at n (the commit's parts together).
    for (const matchId of new Set(inBackup.events.map((e) => e.matchId))) {
      const versions = inBackup.events.filter((e) => e.matchId === matchId).map((e) => e.version);
      expect(versions).toEqual(versions.map((_, i) => i + 1));
      expect(inBackup.snapshots.get(matchId)).toBe(versions.length);
    }
  });

  it('restored in place of the bot’s file, every table resumes where the backup stood and plays on', async () => {
    expect(await play(2)).toBeGreaterThan(0);
    const liveCount = logOf(fx.bot.store.db).events.length;
    expect(liveCount).toBeGreaterThan(inBackup.events.length);
    let restored: ReturnType<typeof restoreDatabase> | undefined;
    await fx.restart(() => {
      restored = restoreDatabase(fx.databasePath, backup);
    });
    expect(restored?.tables).toEqual({ lobby: 0, playing: 2, paused: 0 });
    expect(restored?.keptAside).toHaveLength(1);
    // The bot's file is the backup's state: every acknowledged action, nothing after the backup.
    expect(logOf(fx.bot.store.db)).toEqual(inBackup);
    // Play goes on at both tables from the backup's state: new actions follow its last versions.
    const before = new Map(inBackup.snapshots);
    expect(await play(2)).toBeGreaterThan(0);
    const after = logOf(fx.bot.store.db);
    for (const [matchId, version] of before) {
      expect(after.snapshots.get(matchId)).toBeGreaterThan(version);
      const next = after.events.find((e) => e.matchId === matchId && e.version === version + 1);
      expect(next).toBeDefined();
    }
    expect(fx.errors).toEqual([]);
    expect(failedCalls(fx)).toEqual([]);
  });
});
