/**
 * What a start creates on disk, so that a start that fails (a bad token, a refused login) takes it
 * away again: a database file that did not exist before, its -wal, -shm and -journal files, and the
 * folders made for it. Nothing that existed before the start is touched.
 */
import { existsSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

export class NewFiles {
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

  /** Removes what was created since `before` (folders only when empty); returns what it removed. */
  remove(): string[] {
    const removed: string[] = [];
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
}
