/**
 * The table messages at 200 tables of people playing at a person's pace (bench/e2e.ts runs it):
 * how far behind its table each public message is, and how many edits each action costs. The
 * lag is watched from the local Discord's side (bench/e2eLagWatch.ts).
 */

import type { LagResult } from './e2eLagWatch.js';
import type { Setup } from './e2eLoad.js';
import { type Answerer, type Done, percentile, type Ready, runLoad } from './e2eRun.js';
import type { Figure } from './engine.js';

export const LAG_TABLES = 200;
/** A person's pause before each step: 3 to 9 s (the players' pause is thinkMs * 0.5..1.5). */
const LAG_THINK_MS = 6_000;
const LAG_SECONDS = 30;

export async function lagFigures(start: (ready: Ready) => Promise<Answerer>): Promise<Figure[]> {
  const setup: Setup = { tables: LAG_TABLES, seconds: LAG_SECONDS, thinkMs: LAG_THINK_MS, lag: true };
  const done = (await runLoad(setup, start)) as Done & { lag?: LagResult };
  const lag = done.lag;
  if (!lag) throw new Error('the lag run measured no lag');
  const p99 = percentile(lag.lagsMs, 99);
  const p50 = percentile(lag.lagsMs, 50);
  const perAction = lag.tableEdits / Math.max(1, done.actions);
  const pace = `${LAG_TABLES} tables of four people, each pausing ${LAG_THINK_MS / 2000}-${(LAG_THINK_MS * 1.5) / 1000} s before each step, ${LAG_SECONDS} s`;
  return [
    {
      key: 'e2e.tables200.tableMessageLagMs',
      value: Math.round(p99),
      unit: 'ms',
      target: '<= 1500 ms',
      met: p99 <= 1_500 && lag.unseen === 0,
      note: `p99 from an action's acknowledgement to the table message showing it (p50 ${Math.round(p50)} ms, max ${Math.round(Math.max(...lag.lagsMs))} ms, ${lag.lagsMs.length} actions, ${lag.unseen} never shown); ${pace}; table edits paced by the outbox (45 a second, latest wins) under Discord's 50 a second`,
    },
    {
      key: 'e2e.editsPerAction',
      value: Math.round(perAction * 100) / 100,
      unit: 'edits',
      target: '<= 1',
      met: perAction <= 1,
      note: `${lag.tableEdits} table message edits for ${done.actions} accepted actions in the same run; ${done.refused.length} refused calls`,
    },
  ];
}
