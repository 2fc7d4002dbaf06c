/**
 * A backup folder that cannot be used is said in a sentence naming the folder and what to do, the
 * system's code kept in brackets; BACKUP_DIR that is a file is refused at start, not at the first slot.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, startBackup } from '../../src/store/backup.js';
import { backupDirProblem, backupFolderError } from '../../src/store/folderErrors.js';
import { Store } from '../../src/store/store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-folder-errors-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const failure = (code: string) => Object.assign(new Error(`${code}: something, mkdir '/b'`), { code });

describe('a backup folder that cannot be used', () => {
  it('is said in plain words for each common code, naming the folder and what to do, the code in brackets', () => {
    const said = (code: string) => backupFolderError('/srv/backups', failure(code));
    expect(said('EEXIST')).toBe(
      'The backup folder /srv/backups is a file, not a folder: move the file away or set BACKUP_DIR (or --to for npm run backup) to another folder [EEXIST]',
    );
    expect(said('EROFS')).toMatch(
      /^The backup folder \/srv\/backups is on a read-only file system: remount it read-write, or set BACKUP_DIR .* \[EROFS\]$/,
    );
    expect(said('EACCES')).toMatch(
      /may not be written by the user the bot runs as: make it writable for that user \(chown or chmod\).* \[EACCES\]$/,
    );
    expect(said('EPERM')).toMatch(
      /immutable flag \(lsattr shows an i\) remove it with chattr -i.* \[EPERM\]$/,
    );
    expect(said('ENOSPC')).toMatch(
      /^The disk of the backup folder \/srv\/backups is full: free some space there.* \[ENOSPC\]$/,
    );
    expect(said('ENOENT')).toMatch(
      /^The backup folder \/srv\/backups cannot be made: a folder above it is missing.* \[ENOENT\]$/,
    );
    expect(said('ENOTDIR')).toMatch(
      /^The backup folder \/srv\/backups cannot be made: a part of its path is a file, not a folder.* \[ENOTDIR\]$/,
    );
    // None carries Node's own text.
    for (const code of ['EEXIST', 'EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'ENOENT', 'ENOTDIR'])
      expect(said(code)).not.toContain("mkdir '");
    // Anything else keeps the system's words, and still says what to do.
    expect(said('EIO')).toBe(
      "Cannot use the backup folder /srv/backups (EIO: something, mkdir '/b'): set BACKUP_DIR (or --to for npm run backup) to another folder [EIO]",
    );
  });

  it('npm run backup -- --to FILE: the backup is refused saying the folder is a file', () => {
    const database = join(dir, 'tichu.sqlite');
    Store.open(database).close();
    const file = join(dir, 'x');
    writeFileSync(file, 'not a folder');
    expect(() => startBackup(database, file)).toThrow(BackupError);
    expect(() => startBackup(database, file)).toThrow(
      `The backup folder ${file} is a file, not a folder: move the file away or set BACKUP_DIR (or --to for npm run backup) to another folder [EEXIST].`,
    );
    // Below a file: the file is named.
    expect(() => startBackup(database, join(file, 'backups'))).toThrow(
      `The backup folder ${join(file, 'backups')} cannot be made: a part of its path is a file, not a folder (${file})`,
    );
  });
});

describe('BACKUP_DIR at start', () => {
  it('a file, or a path below a file, is refused; a folder or one that can be made is not', () => {
    const file = join(dir, 'x');
    writeFileSync(file, 'not a folder');
    expect(backupDirProblem(file)).toBe(
      `BACKUP_DIR ${file} is a file, not a folder: move the file away or set BACKUP_DIR to a folder (it is made if missing)`,
    );
    expect(backupDirProblem(join(file, 'deeper', 'backups'))).toBe(
      `BACKUP_DIR ${join(file, 'deeper', 'backups')} cannot be made: ${file} is a file, not a folder: set BACKUP_DIR to a folder (it is made if missing)`,
    );
    mkdirSync(join(dir, 'folder'));
    expect(backupDirProblem(join(dir, 'folder'))).toBeNull();
    expect(backupDirProblem(join(dir, 'not', 'yet'))).toBeNull();
  });
});
