/**
 * Answerers for the open-loop load at two shards (issue 30): the bot as `npm start` runs it with
 * SHARDS=2 (a main process and two shard processes on one database file), and its floor, one bare
 * discord.js process a shard answering a constant (bench/e2eFloorProcess.ts). Their CPU is read
 * from /proc for every process (and what each started) while they answer.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { descendants, type MainProcess, spawnProcess, within } from '../test/support/mainProcess.js';
import type { MeteredAnswerer } from './capacitySide.js';
import { builtMain } from './compiledBot.js';
import type { Ready } from './e2eRun.js';
import { shardedBotEnv, startFloors } from './e2eShards.js';
import { cpuMsOf } from './procCpu.js';

/** The processes' CPU ms, and those they started, read now. */
function cpuOfTree(processes: readonly MainProcess[]): number {
  const tops = processes.map((p) => p.child.pid as number);
  const pids = [...tops, ...tops.flatMap((pid) => descendants(pid).map((d) => d.pid))];
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuMsOf(pid);
    } catch {
      return sum; // ended meanwhile
    }
  }, 0);
}

function metered(processes: MainProcess[], cleanup: () => void = () => {}): MeteredAnswerer {
  return {
    cpuMs: () => cpuOfTree(processes),
    async stop() {
      await Promise.all(
        processes.map(async (p) => {
          if (p.child.exitCode !== null) return;
          p.child.kill('SIGTERM');
          if ((await within(p.exited, 10_000, 'timeout')) === 'timeout') p.child.kill('SIGKILL');
        }),
      );
      cleanup();
    },
  };
}

/** The bot exactly as `npm start` runs it: compiled, plain node, SHARDS=shards. */
export async function startShardedBot(ready: Ready, shards = 2): Promise<MeteredAnswerer> {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-capacity-shards-'));
  const bot = spawnProcess(process.execPath, [builtMain()], shardedBotEnv(shards, ready, dir));
  return metered([bot], () => rmSync(dir, { recursive: true, force: true }));
}

export async function startShardedFloor(ready: Ready, shards = 2): Promise<MeteredAnswerer> {
  return metered(startFloors(shards, ready));
}
