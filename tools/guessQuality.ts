/**
 * `npm run guess:quality`: how well the search's guesses of the unseen cards place a Tichu caller's
 * cards, filtered only (the caller is dealt at least two of Dragon, Phoenix, Aces, a bomb) against
 * weighed (several filtered guesses, one kept in proportion to the chance that the caller would have
 * called on it). Positions: normal in every seat, each decision on a seat's own turn while another
 * seat has called Tichu and not yet played. Score: for each caller and each card its seat could
 * hold, the share of guesses that give it that card against whether it holds it (Brier score, lower
 * is better), averaged per position; the difference is paired, with a 95% interval.
 *
 *   npm run guess:quality -- [--seed S] [--games N] [--samples K]
 */
import { parseArgs } from 'node:util';
import { sampleHands } from '../src/bots/determinize.js';
import { memoryOf } from '../src/bots/memory.js';
import { botsToAsk, decideFor, makeBudget } from '../src/bots/registry.js';
import {
  apply,
  type Card,
  DECK,
  type MatchState,
  makeSettings,
  newMatch,
  Rng,
  SEATS,
  type Seat,
  seatView,
  seedRng,
} from '../src/engine/index.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: 'guess-1' },
    games: { type: 'string', default: '2000' },
    samples: { type: 'string', default: '200' },
  },
});
const seed = values.seed as string;
const games = Number(values.games);
const samples = Number(values.samples);
const NO_TIME = makeBudget(Number.POSITIVE_INFINITY, 1);

/** Own-turn decisions of hand 1 while another seat has called Tichu and still holds fourteen cards. */
function positions(): Array<{ state: MatchState; seat: Seat; callers: Seat[] }> {
  const out: Array<{ state: MatchState; seat: Seat; callers: Seat[] }> = [];
  for (let game = 0; game < games; game++) {
    let state = newMatch(makeSettings(), `${seed}/${game}`);
    for (let moves = 0; moves < 2_000 && state.hand.number === 1; moves++) {
      const ask = botsToAsk(state, () => true).find((a) => a.owes);
      if (!ask) break;
      const hand = state.hand;
      if (hand.phase === 'play' && hand.pending === null && hand.turn === ask.seat) {
        const callers = SEATS.filter(
          (s) => s !== ask.seat && hand.calls[s] === 'tichu' && hand.hands[s].length === 14,
        );
        if (callers.length > 0) out.push({ state, seat: ask.seat, callers });
      }
      const action = decideFor(
        'normal',
        state,
        ask.seat,
        new Rng(seedRng(`${seed}/${game}/${state.version}`)),
        NO_TIME,
      );
      if (!action) break;
      const step = apply(state, ask.seat, action);
      if (!step.ok) break;
      state = step.value.state;
    }
  }
  return out;
}

function brier(
  position: { state: MatchState; seat: Seat; callers: Seat[] },
  weigh: boolean,
  rng: Rng,
): number {
  const { state, seat, callers } = position;
  const view = seatView(state, seat);
  const memory = memoryOf(state, seat);
  const counts = callers.map(() => new Map<Card, number>());
  for (let k = 0; k < samples; k++) {
    const hands = sampleHands(view, memory, rng, weigh);
    callers.forEach((s, i) => {
      for (const card of hands[s]) counts[i]?.set(card, (counts[i]?.get(card) ?? 0) + 1);
    });
  }
  const seen = new Set<Card>([...view.hand, ...memory.played]);
  let sum = 0;
  let n = 0;
  callers.forEach((s, i) => {
    const held = new Set<Card>(state.hand.hands[s]);
    for (const card of DECK) {
      if (seen.has(card)) continue;
      const p = (counts[i]?.get(card) ?? 0) / samples;
      sum += (p - (held.has(card) ? 1 : 0)) ** 2;
      n++;
    }
  });
  return sum / n;
}

const found = positions();
const diffs: number[] = [];
let filtered = 0;
let weighed = 0;
for (const [i, position] of found.entries()) {
  const a = brier(position, false, new Rng(seedRng(`${seed}/guess/${i}`)));
  const b = brier(position, true, new Rng(seedRng(`${seed}/guess/${i}`)));
  filtered += a;
  weighed += b;
  diffs.push(b - a);
}
const n = diffs.length;
const mean = diffs.reduce((x, y) => x + y, 0) / n;
const sd = Math.sqrt(diffs.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1));
const half = (1.96 * sd) / Math.sqrt(n);
console.log(
  `guess quality, seed ${seed}, ${games} games, ${samples} guesses a position: ${n} positions with a fresh Tichu caller`,
);
console.log(
  `Brier score of the callers' cards: filtered ${(filtered / n).toFixed(5)}, weighed ${(weighed / n).toFixed(5)}`,
);
console.log(
  `weighed minus filtered: ${mean.toFixed(5)} [${(mean - half).toFixed(5)}, ${(mean + half).toFixed(5)}] (negative: weighed is better)`,
);
