/**
 * The capacity curves are drawn by Vega-Lite and vega's SVG renderer (bench/capacityPlot.ts), in a
 * process of their own: vega-lite changes Set.prototype when it loads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type CurvePoint, plotFile } from '../../bench/capacityPlot.js';

const dir = mkdtempSync(join(tmpdir(), 'tichu-plot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const point = (answerer: string, offeredPerSec: number, p99Ms: number, served: boolean): CurvePoint => ({
  answerer,
  offeredPerSec,
  achievedPerSec: offeredPerSec,
  p50Ms: p99Ms / 4,
  p99Ms,
  p999Ms: p99Ms * 1.5,
  maxMs: p99Ms * 2,
  unanswered: 0,
  served,
});

it('draws each answerer’s p99 against the rate as an SVG, with the bound', () => {
  const points = [
    point('bot (one process)', 50, 8, true),
    point('bot (one process)', 70, 120, false),
    point('floor (discord.js)', 50, 3, true),
    point('floor (discord.js)', 70, 4, true),
  ];
  writeFileSync(join(dir, 'points.json'), JSON.stringify(points));
  plotFile(join(dir, 'points.json'), join(dir, 'curves.svg'), 50);
  const svg = readFileSync(join(dir, 'curves.svg'), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('bot (one process)');
  expect(svg).toContain('floor (discord.js)');
  expect(svg).toContain('clicks answered a second');
  // The dashed bound at 50 ms, and a point for each measured rate.
  expect(svg).toMatch(/<line aria-label="bound: 50"[^>]*stroke-dasharray/);
  expect(svg.match(/aria-roledescription="point"/g)?.length).toBe(points.length);
  expect(Set.prototype).not.toHaveProperty('toJSON');
});
