/**
 * Backup files on disk: their names (the database's own name and the UTC time it was taken, e.g.
 * `tichu-2026-11-28T03-10-00Z.sqlite` by hand, `tichu-auto-2026-11-28T06-00-00Z.sqlite` by the
 * bot's schedule), the list of them in a folder, the pruning that keeps the newest few scheduled
 * ones, the folder's claim by one database, and the flushes that make a rename last. Only scheduled
 * backups and half-made copies are ever removed: a backup made by hand is the admin's to delete,
 * and a folder shared with anything else loses nothing else.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { backupFolderError } from './folderErrors.js';

/** A copy being made: `<final name>.<pid>.partial`, never mistaken for a backup (nor pruned as one). */
const PARTIAL = /^(.+)\.(\d+)\.partial(-journal|-wal|-shm)?$/;

export interface BackupFile {
  readonly file: string;
  readonly name: string;
  /** When it was taken (ms since the epoch), read from its name. */
  readonly at: number;
}

/** The database's name without its extension, and the extension backups take (`.sqlite` if it has none). */
function parts(databasePath: string): { stem: string; ext: string } {
  const name = basename(databasePath);
  const ext = extname(name);
  return ext === '' ? { stem: name, ext: '.sqlite' } : { stem: name.slice(0, -ext.length), ext };
}

/** Who made a backup: `npm run backup` (never pruned) or the bot's schedule (pruned to BACKUP_KEEP). */
export type BackupKind = 'manual' | 'scheduled';

/** What a scheduled backup's name carries after the database's: `tichu-auto-<time>.sqlite`. */
const SCHEDULED = '-auto';

/**
 * `tichu-2026-11-28T03-10-00Z.sqlite` for `…/tichu.sqlite` at that second (UTC; no colons, which
 * some systems refuse), `tichu-auto-2026-11-28T03-10-00Z.sqlite` for a scheduled one.
 */
export function backupName(databasePath: string, at: number, kind: BackupKind = 'manual'): string {
  const { stem, ext } = parts(databasePath);
  const time = new Date(at).toISOString().slice(0, 19).replace(/:/g, '-');
  return `${stem}${kind === 'scheduled' ? SCHEDULED : ''}-${time}Z${ext}`;
}

/** The name of the copy under way to `final` (by this process). */
export function partialName(final: string, pid: number = process.pid): string {
  return `${final}.${pid}.partial`;
}

function namePattern(databasePath: string, kind: BackupKind): RegExp {
  const { stem, ext } = parts(databasePath);
  const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const marker = kind === 'scheduled' ? SCHEDULED : '';
  return new RegExp(
    `^${quote(stem)}${marker}-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})Z${quote(ext)}$`,
  );
}

/** The backups of `databasePath` of that kind in `dir`, newest first (an unreadable or missing folder has none). */
export function listBackups(dir: string, databasePath: string, kind: BackupKind): BackupFile[] {
  const pattern = namePattern(databasePath, kind);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m) continue;
    const at = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
    if (Number.isFinite(at)) found.push({ file: join(dir, name), name, at });
  }
  // The time is in the name: newest first, and the name breaks no tie (one name per second).
  return found.sort((a, b) => b.at - a.at);
}

/**
 * Removes all but the newest `keep` scheduled backups of `databasePath` in `dir` (those made by
 * hand are never removed), and copies left half-made by a process that is gone (a bot killed during
 * a backup, or a stop that could not wait for one); returns the files removed.
 */
export function pruneBackups(dir: string, databasePath: string, keep: number): string[] {
  const removed: string[] = [];
  for (const old of listBackups(dir, databasePath, 'scheduled').slice(Math.max(1, keep))) {
    rmSync(old.file, { force: true });
    removed.push(old.file);
  }
  const patterns = [namePattern(databasePath, 'scheduled'), namePattern(databasePath, 'manual')];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No folder: nothing half-made either.
  }
  for (const name of names) {
    const m = PARTIAL.exec(name);
    if (!m || !patterns.some((p) => p.test(m[1] as string)) || alive(Number(m[2]))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}

/**
 * Claims `dir`'s scheduled backups for the database at `databasePath`, in `<name>-auto.owner`
 * (its real path): two databases of the same name backed up into one folder would otherwise make
 * backups of the same names, and each one's pruning would remove the other's. Throws a sentence
 * naming both while another database that still exists holds the claim; takes over the claim of
 * one that is gone (the database moved).
 */
export function claimScheduledBackups(dir: string, databasePath: string): void {
  const owner = join(dir, `${parts(databasePath).stem}${SCHEDULED}.owner`);
  const self = realOrResolved(databasePath);
  let claimed: string | null = null;
  try {
    claimed = readFileSync(owner, 'utf8').trim();
  } catch {
    // No claim yet.
  }
  if (claimed !== null && claimed !== self && (claimed === '' || existsSync(claimed)))
    throw new Error(
      `the folder ${dir} already holds the scheduled backups of another database of the same name, ${claimed || '(unnamed)'} (as ${owner} says), and pruning one's would remove the other's. Set BACKUP_DIR to a folder of its own for each database, or delete ${owner} if ${claimed || 'that database'} is no longer backed up there`,
    );
  if (claimed === self) return;
  try {
    writeFileSync(owner, `${self}\n`);
  } catch (error) {
    // Said after "The scheduled backup of … was not made:" (backup.ts): hence the small letter.
    const why = backupFolderError(dir, error);
    throw new Error(`${why.charAt(0).toLowerCase()}${why.slice(1)}`);
  }
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Removes a copy under way and the files SQLite may have made beside it. */
export function removePartial(partial: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
}

/** Forces a file's content to the disk. */
export function syncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Forces a folder's entries (a rename, a new file) to the disk; a system that cannot sync a folder is let be. */
export function syncFolder(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch (error) {
    // EINVAL/EISDIR: folders cannot be synced here (some file systems, Windows); the rename stands.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    closeSync(fd);
  }
}

function alive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
