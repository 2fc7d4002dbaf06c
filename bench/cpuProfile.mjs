// A CPU profile of whatever process imports this, written when it exits to
// $CPU_PROFILE_DIR (default: the system's temporary folder) as <pid>.cpuprofile, which Chrome's
// DevTools (Performance tab) and `node --cpu-prof`'s readers open. `--cpu-prof` itself is refused
// in NODE_OPTIONS, so the sharded bench passes this instead:
//   BOT_NODE_OPTIONS="--import ./bench/cpuProfile.mjs" node --import tsx bench/e2eShards.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  // On this thread the inspector answers synchronously: the file is written before the exit.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    const dir = process.env.CPU_PROFILE_DIR ?? tmpdir();
    mkdirSync(dir, { recursive: true });
    const name = isMainThread ? `${process.pid}` : `load-${process.pid}-${threadId}`;
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(result.profile));
  });
});
