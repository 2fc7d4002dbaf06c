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

const hands = Number(process.argv[2] ?? 4000);
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

/** Plain gradient descent on the log-loss; features are small counts, so no scaling is needed. */
function fitLogistic(rows: Array<{ x: number[]; y: number }>): number[] {
  const k = (rows[0]?.x.length ?? 0) + 1;
  const w = new Array<number>(k).fill(0);
  for (let epoch = 0; epoch < 3000; epoch++) {
    const grad = new Array<number>(k).fill(0);
    for (const { x, y } of rows) {
      let z = w[0] as number;
      for (let j = 1; j < k; j++) z += (w[j] as number) * (x[j - 1] as number);
      const p = 1 / (1 + Math.exp(-z));
      grad[0] = (grad[0] as number) + (p - y);
      for (let j = 1; j < k; j++) grad[j] = (grad[j] as number) + (p - y) * (x[j - 1] as number);
    }
    for (let j = 0; j < k; j++) w[j] = (w[j] as number) - (0.5 * (grad[j] as number)) / rows.length;
  }
  return w.map((v) => Math.round(v * 1000) / 1000);
}

function calibration(rows: Array<{ x: number[]; y: number }>, w: number[], cut: number): string {
  let called = 0;
  let made = 0;
  for (const { x, y } of rows) {
    let z = w[0] as number;
    for (let j = 1; j < w.length; j++) z += (w[j] as number) * (x[j - 1] as number);
    if (1 / (1 + Math.exp(-z)) >= cut) {
      called++;
      made += y;
    }
  }
  return `p>=${cut}: would call in ${((100 * called) / rows.length).toFixed(1)}% of seats, first out in ${((100 * made) / Math.max(1, called)).toFixed(1)}%`;
}

const tw = fitLogistic(tichuRows);
const gw = fitLogistic(grandRows);
console.log(
  `${hands} hands, ${tichuRows.length} seats, base rate of going out first ${(tichuRows.reduce((a, r) => a + r.y, 0) / tichuRows.length).toFixed(3)}`,
);
console.log('TICHU_WEIGHTS', JSON.stringify(tw));
for (const cut of [0.5, 0.55, 0.6, 0.65]) console.log('  tichu', calibration(tichuRows, tw, cut));
console.log('GRAND_WEIGHTS', JSON.stringify(gw));
for (const cut of [0.5, 0.55, 0.6, 0.65]) console.log('  grand', calibration(grandRows, gw, cut));
