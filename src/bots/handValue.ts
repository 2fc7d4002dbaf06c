/**
 * The value of a hand in progress: what a playout would end with, guessed at a trick's end without
 * playing the rest. The search's playouts (hard.ts) stop a few tricks in and ask this instead, so a
 * decision gets about twice the sampled deals in the same time. It sees the whole state (a playout's
 * sampled deal, never a real one) and answers for the team asked: its hand total minus the other
 * team's, calls and a double victory included.
 *
 * The calls already decided (someone is out: the first out made its call, every other caller
 * failed) are counted exactly; the rest comes from a small network (one hidden layer) over features
 * a player would name, fitted to the results of normal self-play by `npm run tune:value`
 * (tools/tuneValue.ts; the weights are in handValueNet.ts).
 */
import {
  type Card,
  enumerateBombs,
  type MatchState,
  pointsIn,
  type Seat,
  type Team,
} from '../engine/index.js';
import { shapeOf, staticWin } from './handShape.js';
import { HAND_VALUE_NET } from './handValueNet.js';

/** A network with one hidden layer of rectified units; its input is standardised first. */
export interface ValueNet {
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  /** One row of input weights per hidden unit. */
  readonly hidden: readonly (readonly number[])[];
  readonly hiddenBias: readonly number[];
  readonly out: readonly number[];
  readonly outBias: number;
}

const CALL_POINTS = { none: 0, tichu: 100, grandTichu: 200 } as const;

/** Call points already decided for `team`, minus the other team's: nothing until someone is out. */
export function settledCalls(state: MatchState, team: Team): number {
  const hand = state.hand;
  const first = hand.out[0];
  if (first === undefined) return 0;
  let points = 0;
  for (let seat = 0; seat < 4; seat++) {
    const call = CALL_POINTS[hand.calls[seat as Seat]];
    if (call === 0) continue;
    const made = first === seat ? call : -call;
    points += seat % 2 === team ? made : -made;
  }
  return points;
}

/**
 * The features of a state at a trick's end, from the side of the seat on lead (seats in turn order
 * from it): points won so far, who went out first, each seat's cards, their shape, control cards
 * and points, each open call with how far its caller's shape is from the best other, and what a
 * double victory would need.
 */
export function valueFeatures(state: MatchState): number[] {
  const hand = state.hand;
  const lead = hand.turn as Seat;
  const team = lead % 2;
  const side = (seat: number) => (seat % 2 === team ? 1 : -1);
  let won = 0;
  for (let seat = 0; seat < 4; seat++) won += side(seat) * pointsIn(hand.won[seat as Seat]);
  const first = hand.out[0];
  const features: number[] = [1, won / 100, first === undefined ? 0 : side(first)];
  const costs: number[] = [];
  for (let k = 0; k < 4; k++) {
    const cards = hand.hands[((lead + k) % 4) as Seat];
    if (cards.length === 0) {
      costs.push(-1);
      features.push(1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
      continue;
    }
    const shape = shapeOf(cards);
    let wins = 0;
    for (const combo of shape.combos) wins += staticWin(combo);
    costs.push(shape.cost);
    features.push(
      0,
      cards.length / 14,
      shape.cost / 10,
      shape.combos.length / 10,
      wins / 5,
      enumerateBombs(cards, null).length > 0 ? 1 : 0,
      has(cards, 'dragon'),
      has(cards, 'phoenix'),
      has(cards, 'dog'),
      pointsIn(cards) / 100,
    );
  }
  for (let k = 0; k < 4; k++) {
    const seat = (lead + k) % 4;
    const call = first === undefined ? CALL_POINTS[hand.calls[seat as Seat]] : 0;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < 4; j++)
      if (j !== k && (costs[j] as number) >= 0) best = Math.min(best, costs[j] as number);
    if (best === Number.POSITIVE_INFINITY) best = 0;
    features.push((side(seat) * call) / 100, (side(seat) * call * ((costs[k] as number) - best)) / 1000);
  }
  if (first === undefined) features.push(0, 0);
  else {
    const partnerCost = costs[(first + 2 - lead + 4) % 4] as number;
    features.push(side(first) * (partnerCost < 0 ? 0 : 1), (side(first) * Math.max(0, partnerCost)) / 10);
  }
  return features;
}

function has(cards: readonly Card[], card: Card): number {
  return cards.includes(card) ? 1 : 0;
}

/** The network's guess for the side on lead, in points (its output is in hundreds). */
export function netValue(net: ValueNet, features: readonly number[]): number {
  let out = net.outBias;
  for (let j = 0; j < net.hidden.length; j++) {
    const row = net.hidden[j] as readonly number[];
    let sum = net.hiddenBias[j] as number;
    for (let i = 0; i < row.length; i++)
      sum +=
        (row[i] as number) * (((features[i] as number) - (net.mean[i] as number)) / (net.scale[i] as number));
    if (sum > 0) out += (net.out[j] as number) * sum;
  }
  return out * 100;
}

/**
 * The hand's expected result for `team` (its total minus the other team's) at a trick's end in the
 * play (no trick on the table, nothing pending, a seat on lead).
 */
export function handValue(state: MatchState, team: Team, net: ValueNet = HAND_VALUE_NET): number {
  const guess = netValue(net, valueFeatures(state));
  return settledCalls(state, team) + ((state.hand.turn as Seat) % 2 === team ? guess : -guess);
}

/** Whether `handValue` may judge this state: the play, between tricks, someone to lead. */
export function atTrickEnd(state: MatchState): boolean {
  const hand = state.hand;
  return hand.phase === 'play' && hand.trick === null && hand.pending === null && hand.turn !== null;
}
