/**
 * What a start creates on disk, so that a start that fails (a bad token, a refused login) takes it
 * away again: a database file that did not exist before, its -wal, -shm and -journal files, and the
 * folders made for it. Nothing that existed before the start is touched.
 *
 * "The file this start created" is the very file, not its name: the start's write check makes it
 * (exclusively) and records it here (`made`), by device and inode. A restore that put another file
 * under that name meanwhile (the bot then opened it and its login failed) leaves a file that is not
 * this one, which is never removed, nor are its side files.
 */
import { existsSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

/** Which file a name held at one moment: two files never share both. */
export interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
}

export class NewFiles {
  /** The database file this start made, once the write check has made it. */
  private created: FileIdentity | null = null;

  private constructor(
    private readonly files: readonly string[],
    private readonly folders: readonly string[],
  ) {}

  /** Notes what is missing now, before anything is opened. */
  static before(path: string): NewFiles {
    if (path === ':memory:') return new NewFiles([], []);
    const file = resolve(path);
    const files = SIDE_FILES.map((suffix) => `${file}${suffix}`).filter((f) => !existsSync(f));
    const folders: string[] = [];
    for (let folder = dirname(file); !existsSync(folder); folder = dirname(folder)) folders.push(folder);
    // Only a database this start creates is taken away: its side files alone could belong to another.
    return files.includes(file) ? new NewFiles(files, folders) : new NewFiles([], []);
  }

  /** The database file was made by this start, as it is now (proveWritable calls this). */
  made(identity: FileIdentity): void {
    if (this.files.length > 0) this.created = identity;
  }

  /**
   * Removes what was created since `before` (folders only when empty): the database file only if it
   * is still the one this start made, with its side files. Returns what it removed.
   */
  remove(): string[] {
    const removed: string[] = [];
    // The database file comes first (`before` keeps none of its side files without it).
    const database = this.files[0];
    if (database !== undefined && this.ours(database))
      for (const file of this.files) {
        if (!existsSync(file)) continue;
        unlinkSync(file);
        removed.push(file);
      }
    // Deepest first; a folder something else has since put a file in stays.
    for (const folder of this.folders) {
      try {
        rmdirSync(folder);
        removed.push(folder);
      } catch {
        break;
      }
    }
    return removed;
  }

  /** Whether the file under the database's name is the one this start made. */
  private ours(file: string): boolean {
    if (!this.created) return false;
    try {
      const now = statSync(file);
      return now.dev === this.created.dev && now.ino === this.created.ino;
    } catch {
      return false;
    }
  }
}
