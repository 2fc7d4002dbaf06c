/** The engine stays pure: it imports only itself and never touches I/O, the clock or Math.random. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const engineDir = join(import.meta.dirname, '../../src/engine');
const files = readdirSync(engineDir).filter((name) => name.endsWith('.ts'));

const FORBIDDEN: [string, RegExp][] = [
  ['Math.random', /Math\.random/],
  ['the clock (Date)', /\bDate\b/],
  ['the clock (performance)', /\bperformance\./],
  ['process', /\bprocess\./],
  ['timers', /\bset(Timeout|Interval|Immediate)\b/],
  ['require', /\brequire\(/],
  ['dynamic import', /\bimport\(/],
  ['console', /\bconsole\./],
  ['fetch', /\bfetch\(/],
];

describe('architecture: src/engine is pure', () => {
  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s imports only from inside src/engine', (name) => {
    const text = readFileSync(join(engineDir, name), 'utf8');
    const specifiers = [...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
    const outside = specifiers.filter((spec) => !/^\.\/[\w.-]+\.js$/.test(spec));
    expect(outside).toEqual([]);
  });

  it.each(files)('%s uses no I/O, clock or randomness', (name) => {
    const text = readFileSync(join(engineDir, name), 'utf8');
    const found = FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
    expect(found).toEqual([]);
  });
});
