/**
 * The body of a backup thread: makes the one backup its `workerData` describes (backupCopy.ts) and
 * posts how it went. A thread of its own, with its own connection, so that the copy and the check
 * (seconds for a large file) never hold up the thread that answers clicks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { yieldToTheMainThread } from '../bots/threadPriority.js';
import { type BackupJob, makeBackup } from './backupCopy.js';

const port = parentPort;
if (!port) throw new Error('backupWorker.ts runs as a worker thread (see backup.ts)');
// Below the bot's own threads: a backup may take longer; a click may not.
yieldToTheMainThread('low');
try {
  port.postMessage({ ok: true, done: await makeBackup(workerData as BackupJob) });
} catch (error) {
  port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
