/**
 * The bot as `npm start` runs it (`node --import tsx src/main.ts`, as src/play/cli.ts spawns it),
 * pointed at the local Discord through DISCORD_API_URL, on one database file: started, waited for
 * (its gateway session up), and killed with SIGKILL. Its output is kept, one JSON log line each.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { LocalDiscord } from '../../src/localDiscord/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface BotRun {
  readonly child: ChildProcess;
  /** When it was spawned (performance.now()). */
  readonly spawnedAt: number;
  /** Resolves when the process has exited (killed or not). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface BotProcessOptions {
  readonly database: string;
  /** The hard bots' thinking budget (BOT_HARD_BUDGET_MS), kept short so searches end often. */
  readonly hardBudgetMs?: number;
  /** Every complete line the bot writes, stdout and stderr alike. */
  readonly onLine: (line: string) => void;
}

/** Spawns the bot process; its lines go to `onLine` as they come. */
export function spawnBot(discord: LocalDiscord, options: BotProcessOptions): BotRun {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      DISCORD_TOKEN: discord.hub.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DISCORD_DEV_GUILD_ID: '',
      DATABASE_PATH: options.database,
      // One process, whatever a developer's .env says: the run kills and checks that process.
      SHARDS: '1',
      LOG_LEVEL: 'info',
      // Bots move at once: nothing here watches a trick unfold.
      BOT_PACE_MS: '0',
      BOT_WORKERS: '1',
      BOT_HARD_BUDGET_MS: String(options.hardBudgetMs ?? 50),
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') options.onLine(line);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, spawnedAt: performance.now(), exited };
}

/**
 * Waits until the bot's gateway session is up (READY sent): true, or false if the process exits
 * first or `ms` pass. Looked at every 10 ms.
 */
export async function waitConnected(discord: LocalDiscord, bot: BotRun, ms: number): Promise<boolean> {
  let gone = false;
  void bot.exited.then(() => {
    gone = true;
  });
  const deadline = performance.now() + ms;
  while (performance.now() < deadline && !gone) {
    if (discord.gateway.connected > 0) return true;
    await sleep(10);
  }
  return false;
}

/** SIGKILL, then waits for the exit and for the local Discord to see the socket closed (bounded). */
export async function killBot(discord: LocalDiscord, bot: BotRun): Promise<void> {
  if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  await bot.exited;
  for (let i = 0; i < 500 && discord.gateway.connected > 0; i++) await sleep(10);
}

/** SIGTERM (a clean stop), SIGKILL after `ms`. */
export async function stopBot(bot: BotRun, ms = 6_000): Promise<{ code: number | null }> {
  if (bot.child.exitCode !== null || bot.child.signalCode !== null) return bot.exited;
  bot.child.kill('SIGTERM');
  const timer = setTimeout(() => bot.child.kill('SIGKILL'), ms);
  const exit = await bot.exited;
  clearTimeout(timer);
  return exit;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
