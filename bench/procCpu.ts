/** CPU time from Linux's /proc, for figures that need more than process.cpuUsage: another process, or one thread. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system ms from a /proc stat file; 0 if it cannot be read (the process is gone). */
function statCpuMs(path: string): number {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted from the state (field 3) here.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU time (user + system, all threads) a process has used, in ms; 0 once it is gone. */
export function cpuMsOf(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time this process's main thread (the event loop the bot runs on) has used, in ms. */
export function mainThreadCpuMs(): number {
  return statCpuMs(`/proc/${process.pid}/task/${process.pid}/stat`);
}

/** CPU time the calling thread (main or worker) has used, in ms. */
export function threadCpuMs(): number {
  return statCpuMs('/proc/thread-self/stat');
}
