// A backup thread stuck in work SQLite cannot interrupt (the integrity check of a large file): it
// has made its half-made copy, then blocks its thread where worker.terminate() cannot reach it (a
// synchronous child process, as a native call would), for two seconds, and answers nothing.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

writeFileSync(workerData.partial, 'half a copy');
writeFileSync(`${workerData.partial}-journal`, 'half a write');
spawnSync('sleep', ['2']);
