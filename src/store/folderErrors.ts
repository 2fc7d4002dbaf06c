/**
 * Why a backup folder could not be made or written, as a sentence an admin can act on: Node's own
 * text ("EEXIST: file already exists, mkdir '/tmp/x'") names neither the setting nor the fix. The
 * code stays at the end in brackets, so that the sentence can still be searched for.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** What to change: the setting, or the option of `npm run backup`. */
const CHOOSE = 'set BACKUP_DIR (or --to for npm run backup) to another folder';

/** The sentence for a failure to create or write in the backup folder `folder` (no full stop). */
export function backupFolderError(folder: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const raw = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'EEXIST':
      return `The backup folder ${folder} is a file, not a folder: move the file away or ${CHOOSE} [EEXIST]`;
    case 'ENOTDIR':
      return `The backup folder ${folder} cannot be made: a part of its path is a file, not a folder (${fileAbove(folder) ?? 'an entry above it'}): ${CHOOSE} [ENOTDIR]`;
    case 'ENOENT':
      return `The backup folder ${folder} cannot be made: a folder above it is missing and could not be created (is its disk mounted, and writable?): create it, or ${CHOOSE} [ENOENT]`;
    case 'EROFS':
      return `The backup folder ${folder} is on a read-only file system: remount it read-write, or ${CHOOSE} on a writable disk [EROFS]`;
    case 'EACCES':
      return `The backup folder ${folder} may not be written by the user the bot runs as: make it writable for that user (chown or chmod), or ${CHOOSE} [EACCES]`;
    case 'EPERM':
      return `The backup folder ${folder} may not be written by the user the bot runs as: make it writable for that user, and if it has the immutable flag (lsattr shows an i) remove it with chattr -i, or ${CHOOSE} [EPERM]`;
    case 'ENOSPC':
      return `The disk of the backup folder ${folder} is full: free some space there, or ${CHOOSE} on another disk [ENOSPC]`;
    default:
      return `Cannot use the backup folder ${folder} (${raw}): ${CHOOSE}${code ? ` [${code}]` : ''}`;
  }
}

/**
 * Why BACKUP_DIR cannot be the bot's backup folder, checked at start so that the first slot, hours
 * later, is not where it shows: it, or an entry above it, is a file. Null when it is a folder or can
 * be made as one (whether it is writable shows at the first backup, which may be on a disk mounted later).
 */
export function backupDirProblem(dir: string): string | null {
  const folder = resolve(dir);
  if (existsSync(folder)) {
    if (statSync(folder).isDirectory()) return null;
    return `BACKUP_DIR ${folder} is a file, not a folder: move the file away or set BACKUP_DIR to a folder (it is made if missing)`;
  }
  const file = fileAbove(folder);
  return file
    ? `BACKUP_DIR ${folder} cannot be made: ${file} is a file, not a folder: set BACKUP_DIR to a folder (it is made if missing)`
    : null;
}

/** The nearest entry above `path` that exists, when it is not a folder. */
function fileAbove(path: string): string | null {
  let above = dirname(path);
  while (!existsSync(above) && dirname(above) !== above) above = dirname(above);
  try {
    return statSync(above).isDirectory() ? null : above;
  } catch {
    return null;
  }
}
