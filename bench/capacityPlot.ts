/**
 * The latency-throughput curves of the capacity bench as an SVG (docs/performance.md shows it):
 * a Vega-Lite chart rendered by vega's own SVG renderer, headless, no browser. In a process of its
 * own (`node --import tsx bench/capacityPlot.ts points.json out.svg`): vega-lite sets
 * Set.prototype.toJSON when it loads, which breaks discord.js's inspector in the same process.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface CurvePoint {
  readonly answerer: string;
  readonly offeredPerSec: number;
  readonly achievedPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
  readonly unanswered: number;
  readonly served: boolean;
}

/** The Vega-Lite spec: p99 against the offered rate, one line an answerer, log scales, the bound drawn. */
export function curveSpec(points: readonly CurvePoint[], boundMs: number): unknown {
  const rows = points.map((p) => ({ ...p, p99Shown: Math.max(0.5, p.p99Ms) }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: 560,
    height: 320,
    title: 'Click to answer, p99, against the clicks answered a second (open loop)',
    layer: [
      {
        data: { values: rows },
        mark: { type: 'line', point: true },
        encoding: {
          x: {
            field: 'achievedPerSec',
            type: 'quantitative',
            scale: { type: 'log' },
            title: 'clicks answered a second',
          },
          y: {
            field: 'p99Shown',
            type: 'quantitative',
            // Past 2 s a rate is far gone: drawn at the top rather than squashing the rest.
            scale: { type: 'log', domain: [1, 2000], clamp: true, nice: false },
            title: 'p99, ms (from due time)',
          },
          // Each line in the order the rates were offered: past its limit, what is answered falls back.
          order: { field: 'offeredPerSec', type: 'quantitative' },
          color: {
            field: 'answerer',
            type: 'nominal',
            legend: { orient: 'top-left', title: null, labelLimit: 0 },
          },
          shape: {
            field: 'served',
            type: 'nominal',
            scale: { domain: [true, false], range: ['circle', 'cross'] },
            legend: { title: 'served' },
          },
        },
      },
      {
        data: { values: [{ bound: boundMs }] },
        mark: { type: 'rule', strokeDash: [4, 4], color: 'gray' },
        encoding: { y: { field: 'bound', type: 'quantitative' } },
      },
    ],
  };
}

/** The SVG of the curves (loads vega and vega-lite: call it only in a process that runs no discord.js). */
export async function plotCurves(points: readonly CurvePoint[], boundMs: number): Promise<string> {
  // vega 5 and vega-lite 5 ship CommonJS builds for Node: loaded with require, typed by hand.
  const require = createRequire(import.meta.url);
  const vega = require('vega') as {
    parse(spec: unknown): unknown;
    View: new (runtime: unknown, options: { renderer: 'none' }) => { toSVG(): Promise<string> };
  };
  const vegaLite = require('vega-lite') as { compile(spec: unknown): { spec: unknown } };
  const compiled = vegaLite.compile(curveSpec(points, boundMs)).spec;
  return new vega.View(vega.parse(compiled), { renderer: 'none' }).toSVG();
}

/** Draws `jsonPath`'s points into `svgPath` in a child process (see the top of this file). */
export function plotFile(jsonPath: string, svgPath: string, boundMs: number): void {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), jsonPath, svgPath, String(boundMs)],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 60_000,
    },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [jsonPath, svgPath, bound = '50'] = process.argv.slice(2);
  if (!jsonPath || !svgPath) {
    console.error('usage: node --import tsx bench/capacityPlot.ts POINTS.json OUT.svg [P99_BOUND_MS]');
    process.exit(2);
  }
  const points = JSON.parse(readFileSync(jsonPath, 'utf8')) as CurvePoint[];
  writeFileSync(svgPath, await plotCurves(points, Number(bound)));
}
