/** The bot as `npm start` runs it: `dist/`, built by scripts/build.mjs when missing or stale. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../test/support/mainProcess.js';

type BotModule = typeof import('../src/discord/bot.js');
type MetricsModule = typeof import('../src/metrics/registry.js');

/** E2E_SOURCES=1: the benches run the sources through tsx, as the tests do, to compare. */
export const fromSources = process.env.E2E_SOURCES === '1';

let checked = false;

/**
 * Builds `dist/` as `npm start` would (only when missing or stale; checked once a process: a bench
 * starts the bot several times from the same sources) and returns its entry point.
 */
export function builtMain(): string {
  if (!checked) {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--if-stale'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
    });
    checked = true;
  }
  return join(ROOT, 'dist', 'src', 'main.js');
}

/**
 * The bot's modules for a bench that runs the bot in its own process: compiled from `dist/`, as
 * `npm start` runs them, or (E2E_SOURCES=1) the sources through tsx, as the tests run them. tsx's
 * output is not the compiler's (each module's exports read through getters, names set on closures),
 * so the figures of the product come from `dist/`.
 */
export async function botModules(): Promise<{ bot: BotModule; metrics: MetricsModule }> {
  if (fromSources)
    return {
      bot: await import('../src/discord/bot.js'),
      metrics: await import('../src/metrics/registry.js'),
    };
  builtMain();
  const load = (path: string) => import(pathToFileURL(join(ROOT, 'dist', 'src', path)).href);
  return {
    bot: (await load('discord/bot.js')) as BotModule,
    metrics: (await load('metrics/registry.js')) as MetricsModule,
  };
}
