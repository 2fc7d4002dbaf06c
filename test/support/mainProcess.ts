/**
 * The bot's entry point as a real process: `node --import tsx src/main.ts` (the sources of what
 * `npm start` runs compiled, from dist/) or `npm start` itself, with only the environment given; its
 * output, its exit, and its process tree. Every wait is bounded.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = join(import.meta.dirname, '..', '..');
/** tsx's loader by absolute URL, so the entry point also runs from another folder (its own .env). */
export const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
export const MAIN_ARGS = ['--import', TSX, join(ROOT, 'src', 'main.ts')];

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface MainProcess {
  readonly child: ChildProcess;
  readonly out: () => string;
  readonly exited: Promise<Exit>;
}

export interface RunOptions {
  readonly cwd?: string;
  /** Run as this user and group (a test running as root drops to an ordinary user). */
  readonly uid?: number;
  readonly gid?: number;
  /**
   * Run without these capabilities (setpriv's names: 'dac_override', 'kill', ...), through
   * util-linux's setpriv. A test running as root stays root, so it reads node_modules wherever the
   * clone sits (an ordinary user cannot, in a folder only root may enter), and loses only the
   * powers named: without 'dac_override' file modes bind it as they bind any file's owner.
   */
  readonly withoutCapabilities?: readonly string[];
  /** Its own process group, so that the whole tree can be found and ended. */
  readonly detached?: boolean;
}

/** Unset configuration keys are set empty: dotenv never overrides a variable that is set. */
export function botEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    DISCORD_TOKEN: '',
    DISCORD_APPLICATION_ID: '',
    DISCORD_DEV_GUILD_ID: '',
    DISCORD_API_URL: '',
    // Bots move at once unless a test sets a pace: nothing here watches a trick unfold.
    BOT_PACE_MS: '0',
    ...env,
  };
}

/** Spawns `command args` with exactly `env`, collecting stdout and stderr together. */
export function spawnProcess(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  options: RunOptions = {},
): MainProcess {
  let out = '';
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd ?? ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  };
  const dropped = (options.withoutCapabilities ?? []).map((name) => `-${name}`).join(',');
  // Left out of the bounding set too: an exec by root gains every capability the set still holds.
  const child = dropped
    ? spawn(
        'setpriv',
        [`--inh-caps=${dropped}`, `--bounding-set=${dropped}`, '--', command, ...args],
        spawnOptions,
      )
    : spawn(command, args, spawnOptions);
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, exited };
}

/** `node --import tsx src/main.ts`: the sources `npm start` runs compiled (test/startBuild.test.ts). */
export function runMain(env: Record<string, string>, options: RunOptions = {}): MainProcess {
  return spawnProcess(process.execPath, MAIN_ARGS, env, options);
}

/** The JSON log lines. */
export function logLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The lines that are not JSON logs (what a person reads on the console), npm's banner left out. */
export function plainLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('{') && !l.startsWith('> '));
}

/** Resolves to `promise`'s value, or to `fallback` once `ms` have passed (a bound, not a measure). */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The first log line with this message, or 'exited' if the process ends first; bounded. */
export async function logOrExit(
  run: MainProcess,
  msg: string,
  ms: number,
): Promise<'exited' | 'timeout' | Record<string, unknown>> {
  const deadline = Date.now() + ms;
  let ended = false;
  void run.exited.then(() => {
    ended = true;
  });
  for (;;) {
    const line = logLines(run.out()).find((l) => l.msg === msg);
    if (line) return line;
    if (ended) return 'exited';
    if (Date.now() > deadline) return 'timeout';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every process below `pid` (Linux: read from /proc), with its parent and command line. */
export function descendants(pid: number): Array<{ pid: number; ppid: number; cmd: string }> {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  const found: Array<{ pid: number; ppid: number; cmd: string }> = [];
  const queue = (parents.get(pid) ?? []).map((child) => [child, pid] as const);
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const [next, ppid] = item;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${next}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // Gone already.
    }
    found.push({ pid: next, ppid, cmd });
    queue.push(...(parents.get(next) ?? []).map((child) => [child, next] as const));
  }
  return found;
}

/** Whether a process (pid > 0) or a process group (pid < 0) still exists. */
export function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Waits (bounded) until none of the processes or groups exists; returns those that still do. */
export async function survivors(pids: readonly number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const alive = pids.filter(exists);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ends a detached process group this test started (clean-up after a failure). */
export function killGroup(pgid: number | undefined): void {
  if (pgid === undefined) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
