/**
 * Store failures the layers above tell apart from bugs. A disk with no room refused the write: its
 * transaction rolled back, nothing of it is kept in the file or in memory, and the same request
 * works once there is room. The store logs the start and the end of it once (Store.health).
 */
import { DiskFullError } from '../store/diskHealth.js';

export function isDiskFull(error: unknown): boolean {
  return error instanceof DiskFullError;
}
