/**
 * The bot's backup schedule on a clock the test moves: slots fall on the multiples of the interval
 * (UTC), each makes a real backup (in its thread) named with its slot's time and then prunes to
 * exactly BACKUP_KEEP of its own (a backup made by hand in the folder stays); a failed backup is an error line and the next slot makes one; a slot that
 * comes while the last backup is still being made is a warning, never silence; a stopped schedule
 * makes no more.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKUP_FAILED_LINE,
  BACKUP_MADE_LINE,
  BACKUP_SKIPPED_LINE,
  BackupSchedule,
  nextSlot,
  startScheduledBackups,
} from '../../src/app/backupSchedule.js';
import type { BackupOutcome, BackupRecorder } from '../../src/metrics/recorder.js';
import type { BackupRun } from '../../src/store/backup.js';
import type { BackupDone } from '../../src/store/backupCopy.js';
import { Store } from '../../src/store/store.js';

const HOUR = 3_600_000;
/** 03:10 UTC: the next 6-hour slot is 06:00. */
const T0 = Date.parse('2026-11-28T03:10:00Z');

let dir: string;
let lines: Array<{ level: string; fields: Record<string, unknown>; message: string }>;
const log = {
  info: (fields: object, message: string) => lines.push({ level: 'info', fields: { ...fields }, message }),
  warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: { ...fields }, message }),
  error: (fields: object, message: string) => lines.push({ level: 'error', fields: { ...fields }, message }),
};
const said = (message: string) => lines.filter((l) => l.message === message);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-schedule-'));
  lines = [];
  // Only the clock and timers: the backup thread's messages and its promises run as ever.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('slots', () => {
  it('fall on the multiples of the interval since the epoch, in UTC', () => {
    expect(new Date(nextSlot(T0, 6 * HOUR)).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(new Date(nextSlot(T0, 24 * HOUR)).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(new Date(nextSlot(T0, 30 * 60_000)).toISOString()).toBe('2026-11-28T03:30:00.000Z');
    // Exactly on a slot: the next one, not this one again.
    expect(nextSlot(Date.parse('2026-11-28T06:00:00Z'), 6 * HOUR)).toBe(Date.parse('2026-11-28T12:00:00Z'));
  });
});

describe('the schedule', () => {
  it('makes a checked backup at each slot and keeps exactly BACKUP_KEEP of them', async () => {
    const database = join(dir, 'tichu.sqlite');
    Store.open(database).close();
    const backups = join(dir, 'backups');
    // One made by hand before (npm run backup): the schedule never removes it.
    mkdirSync(backups);
    writeFileSync(join(backups, 'tichu-2026-11-27T22-00-00Z.sqlite'), 'by hand');
    const schedule = startScheduledBackups(database, { dir: backups, everyMs: 6 * HOUR, keep: 3 }, log);
    if (!schedule) throw new Error('BACKUP_EVERY was set: a schedule must run');
    expect(said('scheduled backups on')[0]?.fields).toMatchObject({
      next: '2026-11-28T06:00:00.000Z',
      keep: 3,
    });
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(readdirSync(backups)).toEqual(['tichu-2026-11-27T22-00-00Z.sqlite']);
    for (let slot = 0; slot < 5; slot++) {
      await vi.advanceTimersByTimeAsync(6 * HOUR);
      await schedule.settled();
    }
    await schedule.stop();
    expect(said(BACKUP_FAILED_LINE)).toEqual([]);
    expect(said(BACKUP_MADE_LINE)).toHaveLength(5);
    // Slots at 06:00, 12:00, 18:00, then 00:00 and 06:00 the next day: the newest three are kept.
    expect(readdirSync(backups).sort()).toEqual([
      'tichu-2026-11-27T22-00-00Z.sqlite',
      'tichu-auto-2026-11-28T18-00-00Z.sqlite',
      'tichu-auto-2026-11-29T00-00-00Z.sqlite',
      'tichu-auto-2026-11-29T06-00-00Z.sqlite',
      'tichu-auto.owner',
    ]);
    expect(said(BACKUP_MADE_LINE)[4]?.fields).toMatchObject({
      file: join(backups, 'tichu-auto-2026-11-29T06-00-00Z.sqlite'),
      removed: [join(backups, 'tichu-auto-2026-11-28T12-00-00Z.sqlite')],
    });
  });

  it('logs a failed backup as an error, and the next slot makes one', async () => {
    const database = join(dir, 'tichu.sqlite');
    const backups = join(dir, 'backups');
    const schedule = startScheduledBackups(database, { dir: backups, everyMs: HOUR, keep: 7 }, log);
    // 04:00: no database yet (a wrong DATABASE_PATH, a file moved away).
    await vi.advanceTimersByTimeAsync(HOUR);
    await schedule?.settled();
    expect(said(BACKUP_FAILED_LINE)).toHaveLength(1);
    expect(said(BACKUP_FAILED_LINE)[0]).toMatchObject({
      level: 'error',
      fields: {
        slot: '2026-11-28T04:00:00.000Z',
        next: '2026-11-28T05:00:00.000Z',
        err: expect.stringMatching(/^There is no database at .*tichu\.sqlite to back up/),
      },
    });
    Store.open(database).close();
    await vi.advanceTimersByTimeAsync(HOUR);
    await schedule?.settled();
    await schedule?.stop();
    expect(said(BACKUP_MADE_LINE)).toHaveLength(1);
    expect(readdirSync(backups).sort()).toEqual([
      'tichu-auto-2026-11-28T05-00-00Z.sqlite',
      'tichu-auto.owner',
    ]);
  });

  it('says so when a slot comes while the last backup is still being made, and stops when told', async () => {
    const started: number[] = [];
    let finish: (done: BackupDone) => void = () => {};
    const schedule = new BackupSchedule({
      databasePath: join(dir, 'tichu.sqlite'),
      dir,
      everyMs: HOUR,
      keep: 2,
      log,
      start: (at): BackupRun => {
        started.push(at);
        return {
          file: join(dir, `copy-${at}`),
          done: new Promise<BackupDone>((resolve) => {
            finish = resolve;
          }),
          stop: async () => {},
        };
      },
    });
    schedule.start();
    await vi.advanceTimersByTimeAsync(HOUR);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(started).toHaveLength(1);
    expect(said(BACKUP_SKIPPED_LINE)).toEqual([
      {
        level: 'warn',
        fields: {
          slot: '2026-11-28T05:00:00.000Z',
          file: join(dir, `copy-${Date.parse('2026-11-28T04:00:00Z')}`),
          next: '2026-11-28T06:00:00.000Z',
        },
        message: BACKUP_SKIPPED_LINE,
      },
    ]);
    writeFileSync(join(dir, 'copy'), 'x');
    finish({ file: join(dir, 'copy'), bytes: 1, ms: 1, checkMs: 0 });
    await schedule.settled();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(started).toHaveLength(2);
    finish({ file: join(dir, 'copy'), bytes: 1, ms: 1, checkMs: 0 });
    await schedule.settled();
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    expect(started).toHaveLength(2);
    expect(said(BACKUP_MADE_LINE)).toHaveLength(2);
  });

  it('counts each slot in the metrics: a failure, then a backup made', async () => {
    const database = join(dir, 'tichu.sqlite');
    const backups = join(dir, 'backups');
    const counted: Array<{ outcome: BackupOutcome; seconds: number | null }> = [];
    const scheduled: Array<number | null> = [];
    const metrics: BackupRecorder = {
      backupsScheduled: (last) => scheduled.push(last),
      backupEnded: (outcome, seconds) => counted.push({ outcome, seconds }),
    };
    // A scheduled backup from an earlier run: the metrics start from its time.
    mkdirSync(backups);
    writeFileSync(join(backups, 'tichu-auto-2026-11-28T02-00-00Z.sqlite'), 'earlier');
    const schedule = startScheduledBackups(database, { dir: backups, everyMs: HOUR, keep: 7 }, log, metrics);
    expect(scheduled).toEqual([Date.parse('2026-11-28T02:00:00Z')]);
    // 04:00: no database yet.
    await vi.advanceTimersByTimeAsync(HOUR);
    await schedule?.settled();
    expect(counted).toEqual([{ outcome: 'failed', seconds: null }]);
    Store.open(database).close();
    await vi.advanceTimersByTimeAsync(HOUR);
    await schedule?.settled();
    await schedule?.stop();
    expect(counted).toHaveLength(2);
    expect(counted[1]).toEqual({ outcome: 'ok', seconds: expect.any(Number) });
  });

  it('counts a skipped slot', async () => {
    const counted: BackupOutcome[] = [];
    const schedule = new BackupSchedule({
      databasePath: join(dir, 'tichu.sqlite'),
      dir,
      everyMs: HOUR,
      keep: 2,
      log,
      metrics: { backupsScheduled: () => {}, backupEnded: (outcome) => counted.push(outcome) },
      start: (): BackupRun => ({
        file: join(dir, 'copy'),
        done: new Promise(() => {}),
        stop: async () => {},
      }),
    });
    schedule.start();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    await schedule.stop();
    expect(counted).toEqual(['skipped']);
  });

  it('is off when BACKUP_EVERY is empty', () => {
    expect(startScheduledBackups(join(dir, 'tichu.sqlite'), { dir, everyMs: null, keep: 7 }, log)).toBeNull();
    expect(lines).toEqual([]);
  });
});
