/**
 * A backup of the database while the bot runs, made off the caller's thread: `npm run backup` and
 * the bot's schedule (src/app/backupSchedule.ts) both start one here. The copy itself is
 * backupCopy.ts, run in a worker thread of its own (backupWorker.mjs) at a low priority.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BackupDone, BackupJob } from './backupCopy.js';
import {
  type BackupKind,
  backupName,
  claimScheduledBackups,
  partialName,
  removePartial,
} from './backupFiles.js';
import { backupFolderError } from './folderErrors.js';

/** A backup that was refused or failed, in one sentence; nothing of it was kept. */
export class BackupError extends Error {}

export interface BackupRun {
  /** Where the backup goes once made (its name carries the time it started). */
  readonly file: string;
  /** The backup made, or a BackupError. */
  readonly done: Promise<BackupDone>;
  /**
   * Ends the copy under way (the bot is stopping): `done` fails, and nothing of it is kept. Resolves
   * once the thread has ended, or after STOP_WAIT_MS if it is inside work SQLite cannot interrupt
   * (the integrity check): the half-made copy is then removed from this thread, and the thread,
   * which can no longer give it a backup's name, ends with the process or by itself.
   */
  stop(): Promise<void>;
}

/** How long a stop waits for the backup thread to end. */
export const STOP_WAIT_MS = 1_000;

export interface BackupOptions {
  readonly now?: number;
  /** `scheduled`: the bot's own (named `…-auto-…`, pruned to BACKUP_KEEP); by hand otherwise. */
  readonly kind?: BackupKind;
  /** How long `stop` waits for the thread (tests shorten it). */
  readonly stopWaitMs?: number;
  /** The thread's entry (tests point it elsewhere). */
  readonly entry?: URL;
  readonly stepPages?: number;
}

/** Starts a backup of the database at `databasePath` into the folder `dir` (created if missing). */
export function startBackup(databasePath: string, dir: string, options: BackupOptions = {}): BackupRun {
  const source = resolve(databasePath);
  const folder = resolve(dir);
  if (!existsSync(source) || !statSync(source).isFile())
    throw new BackupError(
      `There is no database at ${source} to back up: check DATABASE_PATH (or --database).`,
    );
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new BackupError(`${backupFolderError(folder, error)}.`);
  }
  const kind = options.kind ?? 'manual';
  if (kind === 'scheduled')
    try {
      claimScheduledBackups(folder, source);
    } catch (error) {
      throw new BackupError(
        `The scheduled backup of ${source} was not made: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
  const final = join(folder, backupName(source, options.now ?? Date.now(), kind));
  const job: BackupJob = {
    source,
    partial: partialName(final),
    final,
    ...(options.stepPages === undefined ? {} : { stepPages: options.stepPages }),
  };
  const worker = new Worker(options.entry ?? new URL('./backupWorker.mjs', import.meta.url), {
    workerData: job,
  });
  let stopped = false;
  const ended = new Promise<void>((resolveEnded) => worker.once('exit', () => resolveEnded()));
  const done = new Promise<BackupDone>((resolvePromise, reject) => {
    const failed = (why: string) =>
      reject(new BackupError(`The backup of ${source} to ${final} failed: ${why}.`));
    worker.once('message', (answer: { ok: true; done: BackupDone } | { ok: false; message: string }) => {
      if (answer.ok) resolvePromise(answer.done);
      else failed(answer.message);
    });
    worker.once('error', (error) => failed(error.message));
    // An exit before any answer: stopped, or a thread that died (its partial copy is removed).
    worker.once('exit', (code) => {
      removePartial(job.partial);
      failed(stopped ? 'the bot stopped while it was being made' : `its thread ended (code ${code})`);
    });
  });
  // A rejection nobody awaits yet (a stop) must not end the process.
  done.catch(() => {});
  return {
    file: final,
    done,
    async stop() {
      stopped = true;
      // The thread ends between two steps of the copy; the exit handler removes what it made.
      void worker.terminate();
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        ended.then(() => true),
        new Promise<false>((resolveWait) => {
          timer = setTimeout(() => resolveWait(false), options.stopWaitMs ?? STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (waited) return;
      // Still inside the integrity check (SQLite cannot be interrupted there): the process may exit
      // before the thread does, so the copy goes now. The thread, its file gone, can no longer name
      // it a backup (its flush or its link fails) and ends on its own.
      try {
        removePartial(job.partial);
      } catch {
        // A system that keeps an open file (Windows): the next prune removes it, its pid gone.
      }
    },
  };
}

/** Makes a backup and resolves once it is whole, checked and named. */
export function backupDatabase(
  databasePath: string,
  dir: string,
  options: BackupOptions = {},
): Promise<BackupDone> {
  return startBackup(databasePath, dir, options).done;
}
