/**
 * The layering of docs/architecture.md, checked on the sources: discord.js only in src/discord and commands/,
 * SQLite only in src/store, the app layer free of Discord, and the layers above the app reaching
 * the store only through the composition root.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const all = [...sources('src'), ...sources('commands')];
const importsOf = (file: string) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] as string,
  );
/** The project folder a relative import lands in, e.g. "src/store". */
const target = (file: string, spec: string) =>
  relative(root, join(root, file, '..', spec))
    .split('/')
    .slice(0, 2)
    .join('/');

const inside = (file: string, ...dirs: string[]) => dirs.some((d) => file.startsWith(`${d}/`));

describe('layers', () => {
  it('finds the sources', () => {
    expect(all.length).toBeGreaterThan(60);
  });

  it('discord.js is imported only in src/discord and commands/', () => {
    const offenders = all.filter(
      (f) =>
        importsOf(f).some((s) => s === 'discord.js' || s.startsWith('@discordjs/')) &&
        !inside(f, 'src/discord', 'commands'),
    );
    expect(offenders).toEqual([]);
  });

  it('src/i18n is plain data: it imports nothing outside itself', () => {
    const i18n = all.filter((f) => inside(f, 'src/i18n'));
    expect(i18n.length).toBeGreaterThan(10);
    const offenders = i18n.flatMap((f) =>
      importsOf(f)
        .filter((s) => !s.startsWith('.') || target(f, s) !== 'src/i18n')
        .map((s) => `${f} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('src/events is pure maths: it imports nothing but itself and src/engine', () => {
    const events = all.filter((f) => inside(f, 'src/events'));
    expect(events.length).toBeGreaterThan(5);
    const offenders = events.flatMap((f) =>
      importsOf(f)
        .filter((s) => !s.startsWith('.') || !['src/events', 'src/engine'].includes(target(f, s)))
        .map((s) => `${f} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('better-sqlite3 is imported only in src/store', () => {
    const offenders = all.filter((f) => importsOf(f).includes('better-sqlite3') && !inside(f, 'src/store'));
    expect(offenders).toEqual([]);
  });

  it('src/app knows nothing of Discord, the local Discord or the commands', () => {
    const offenders = all
      .filter((f) => inside(f, 'src/app'))
      .flatMap((f) =>
        importsOf(f)
          .filter((s) => s.startsWith('.'))
          .filter(
            (s) =>
              ['src/discord', 'src/localDiscord', 'commands'].includes(target(f, s)) || s === 'discord.js',
          )
          .map((s) => `${f} -> ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('src/discord and commands/ reach the store only through the composition root (bot.ts)', () => {
    const offenders = all
      .filter((f) => inside(f, 'src/discord', 'commands') && f !== 'src/discord/bot.ts')
      .flatMap((f) =>
        importsOf(f)
          .filter((s) => s.startsWith('.') && target(f, s) === 'src/store')
          .map((s) => `${f} -> ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('src/bots uses the engine only (its worker pool also uses threads)', () => {
    // Hard bots think off the main thread: the pool and its worker may reach Node's threads (and the
    // worker its own priority), nothing else.
    const threads: Record<string, readonly string[]> = {
      'src/bots/workerPool.ts': ['node:os', 'node:worker_threads'],
      'src/bots/decisionWorker.ts': ['node:worker_threads'],
      'src/bots/threadPriority.ts': ['node:fs', 'node:os'],
    };
    const offenders = all
      .filter((f) => inside(f, 'src/bots'))
      .flatMap((f) =>
        importsOf(f)
          .filter((s) => !(threads[f] ?? []).includes(s))
          .filter((s) => !s.startsWith('./') && target(f, s) !== 'src/engine')
          .map((s) => `${f} -> ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('src/review uses only the engine and the bots (its worker also uses threads)', () => {
    const threads: Record<string, readonly string[]> = {
      'src/review/reviewWorker.ts': ['node:worker_threads'],
    };
    const review = all.filter((f) => inside(f, 'src/review'));
    expect(review.length).toBeGreaterThan(3);
    const offenders = review.flatMap((f) =>
      importsOf(f)
        .filter((s) => !(threads[f] ?? []).includes(s))
        .filter((s) => !s.startsWith('.') || !['src/review', 'src/engine', 'src/bots'].includes(target(f, s)))
        .map((s) => `${f} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('prom-client is imported only in src/metrics, which uses no other layer of the bot', () => {
    const outside = all.filter((f) => importsOf(f).includes('prom-client') && !inside(f, 'src/metrics'));
    expect(outside).toEqual([]);
    const metrics = all.filter((f) => inside(f, 'src/metrics'));
    expect(metrics.length).toBeGreaterThan(3);
    const offenders = metrics.flatMap((f) =>
      importsOf(f)
        .filter((s) =>
          s.startsWith('.')
            ? target(f, s) !== 'src/metrics'
            : !['prom-client'].includes(s) && !s.startsWith('node:'),
        )
        .map((s) => `${f} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
