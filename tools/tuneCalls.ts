/**
 * `npm run tune:calls`: how the normal level's call thresholds were chosen. Normal players play
 * hands with every call switched off; for each seat we record its hand's features (eight cards for
 * Grand Tichu, fourteen after the exchange for Tichu) and whether it went out first; a logistic fit
 * turns features into a chance of going out first. A call pays +-100 (+-200), so it is worth making
 * above one half; the printed weights go into src/bots/callModel.ts.
 */

import { grandFeatures, tichuFeatures } from '../src/bots/callModel.js';
import { memoryOf } from '../src/bots/memory.js';
import { makeNormalPolicy, NORMAL_PARAMS } from '../src/bots/normal.js';
import {
  apply,
  type Card,
  legalActions,
  makeSettings,
  newMatch,
  Rng,
  SEATS,
  seatView,
} from '../src/engine/index.js';

const hands = Number(process.argv[2] ?? 3000);
const silent = makeNormalPolicy({ ...NORMAL_PARAMS, tichu: 99, grandTichu: 99 });
const rng = new Rng([7, 7, 7, 7]);
const budget = { ms: 0, now: () => 0 };
const tichuRows: Array<{ x: number[]; y: number }> = [];
const grandRows: Array<{ x: number[]; y: number }> = [];

for (let h = 0; h < hands; h++) {
  let state = newMatch(makeSettings(), `tune-${h}`);
  const eight = SEATS.map((s) => [...state.hand.hands[s]] as Card[]);
  let fourteen: Card[][] | null = null;
  for (let i = 0; i < 3000 && state.history.length === 0; i++) {
    if (state.hand.phase === 'play' && fourteen === null)
      fourteen = SEATS.map((s) => [...state.hand.hands[s]]);
    const seat = SEATS.find((s) => {
      const hd = state.hand;
      if (hd.phase === 'grandTichu') return hd.grand[s] === null;
      if (hd.phase === 'exchange') return hd.exchange[s] === null;
      return hd.pending ? hd.pending.seat === s : hd.turn === s;
    });
    if (seat === undefined) break;
    const legal = legalActions(state, seat, { exchanges: false }).filter((a) => a.type !== 'tichu');
    const action = silent(seatView(state, seat), memoryOf(state, seat), legal, rng, budget);
    if (!action) throw new Error('no action');
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(step.error.code);
    state = step.value.state;
  }
  const result = state.history[0];
  if (!result || !fourteen) continue;
  for (const s of SEATS) {
    const y = result.out[0] === s ? 1 : 0;
    tichuRows.push({ x: tichuFeatures(fourteen[s] as Card[]), y });
    grandRows.push({ x: grandFeatures(eight[s] as Card[]), y });
  }
}

/**
 * Logistic regression by Newton's method (iteratively reweighted least squares): eight weights,
 * so each step solves an 8x8 system; it converges in a few steps where plain gradient descent on
 * unscaled counts does not. A tiny ridge keeps the system solvable when a feature never varies.
 */
function fitLogistic(rows: Array<{ x: number[]; y: number }>): number[] {
  const k = (rows[0]?.x.length ?? 0) + 1;
  let w = new Array<number>(k).fill(0);
  for (let step = 0; step < 50; step++) {
    const h = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const g = new Array<number>(k).fill(0);
    for (const { x, y } of rows) {
      const xs = [1, ...x];
      const p = predict(w, x);
      const s = p * (1 - p);
      for (let i = 0; i < k; i++) {
        g[i] = (g[i] as number) + (y - p) * (xs[i] as number);
        for (let j = 0; j < k; j++)
          (h[i] as number[])[j] =
            ((h[i] as number[])[j] as number) + s * (xs[i] as number) * (xs[j] as number);
      }
    }
    for (let i = 0; i < k; i++) (h[i] as number[])[i] = ((h[i] as number[])[i] as number) + 1e-6;
    const delta = solve(h, g);
    w = w.map((v, i) => v + (delta[i] as number));
    if (Math.max(...delta.map(Math.abs)) < 1e-7) break;
  }
  return w.map((v) => Math.round(v * 1000) / 1000);
}

function predict(w: readonly number[], x: readonly number[]): number {
  let z = w[0] as number;
  for (let j = 1; j < w.length; j++) z += (w[j] as number) * (x[j - 1] as number);
  return 1 / (1 + Math.exp(-z));
}

/** Gaussian elimination with partial pivoting: a in place, returns the solution of a x = b. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number))
        pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const row = m[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = m[r] as number[];
      const f = (other[c] as number) / (row[c] as number);
      for (let j = c; j <= n; j++) other[j] = (other[j] as number) - f * (row[j] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

/** A converged logistic fit predicts the base rate on average; anything else is a failed fit. */
function checkFit(name: string, rows: Array<{ x: number[]; y: number }>, w: number[]): void {
  const mean = rows.reduce((a, r) => a + predict(w, r.x), 0) / rows.length;
  const rate = rows.reduce((a, r) => a + r.y, 0) / rows.length;
  console.log(`${name}: mean predicted chance ${mean.toFixed(4)}, true rate ${rate.toFixed(4)}`);
  if (Math.abs(mean - rate) > 0.005)
    throw new Error(`${name} fit did not converge: do not use these weights`);
}

function calibration(rows: Array<{ x: number[]; y: number }>, w: number[], cut: number): string {
  let called = 0;
  let made = 0;
  for (const { x, y } of rows) {
    if (predict(w, x) >= cut) {
      called++;
      made += y;
    }
  }
  return `p>=${cut}: would call in ${((100 * called) / rows.length).toFixed(1)}% of seats, first out in ${((100 * made) / Math.max(1, called)).toFixed(1)}%`;
}

const tw = fitLogistic(tichuRows);
const gw = fitLogistic(grandRows);
checkFit('tichu', tichuRows, tw);
checkFit('grand', grandRows, gw);
console.log(
  `${hands} hands, ${tichuRows.length} seats, base rate of going out first ${(tichuRows.reduce((a, r) => a + r.y, 0) / tichuRows.length).toFixed(3)}`,
);
console.log('TICHU_WEIGHTS', JSON.stringify(tw));
for (const cut of [0.5, 0.55, 0.6, 0.65]) console.log('  tichu', calibration(tichuRows, tw, cut));
console.log('GRAND_WEIGHTS', JSON.stringify(gw));
for (const cut of [0.5, 0.55, 0.6, 0.65]) console.log('  grand', calibration(grandRows, gw, cut));
