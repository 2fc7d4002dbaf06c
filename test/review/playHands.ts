/**
 * Fixed-seed hands played by computer players, logged as a match's actions, to review: each seat at
 * its own level (normal, hard with a playout cap, or random). Shared by the review tests and the
 * review bench.
 */

import { botChoice } from '../../src/bots/randomBot.js';
import { decideFor, makeBudget } from '../../src/bots/registry.js';
import {
  type Action,
  apply,
  canBomb,
  type LoggedAction,
  legalActions,
  type MatchState,
  makeSettings,
  newMatch,
  owesAction,
  Rng,
  SEATS,
  type Seat,
  type Settings,
  seatView,
  seedRng,
} from '../../src/engine/index.js';

export type Level = 'normal' | 'hard' | 'random';

export interface PlayedHand {
  readonly settings: Settings;
  readonly seed: string;
  readonly actions: readonly LoggedAction[];
  /** The state after the hand's last action. */
  readonly final: MatchState;
}

export interface PlayOptions {
  /** Playouts a hard decision may make (its time budget is unlimited: repeatable). Default 48. */
  readonly hardPlayouts?: number;
  readonly settings?: Partial<Settings>;
}

/** Plays the first hand of the match `seed` with each seat at its level; stops when the hand ends. */
export function playHand(seed: string, levels: readonly Level[], options: PlayOptions = {}): PlayedHand {
  const settings = makeSettings(options.settings);
  const rng = new Rng(seedRng(`${seed}/bots`));
  const budget = makeBudget(Number.POSITIVE_INFINITY, options.hardPlayouts ?? 48);
  const levelOf = (seat: Seat) => levels[seat] ?? 'normal';
  const decide = (state: MatchState, seat: Seat): Action | null => {
    const level = levelOf(seat);
    if (level === 'random') {
      if (!owesAction(state, seat)) return null; // the random level never bombs out of turn
      return botChoice(seatView(state, seat), legalActions(state, seat, { exchanges: false }), rng);
    }
    return decideFor(level, state, seat, rng, budget);
  };
  let state = newMatch(settings, seed);
  const actions: LoggedAction[] = [];
  for (let guard = 0; guard < 2000; guard++) {
    const hand = state.hand;
    let move: { seat: Seat; action: Action } | null = null;
    // Bombs out of turn first, as the table asks them.
    if (hand.phase === 'play' && hand.trick && !hand.pending) {
      for (const seat of SEATS) {
        if (hand.turn === seat || !canBomb(state, seat)) continue;
        const action = decide(state, seat);
        if (action?.type === 'play') {
          move = { seat, action };
          break;
        }
      }
    }
    if (!move) {
      const seat = SEATS.find((s) => owesAction(state, s));
      if (seat === undefined) throw new Error('nobody owes an action');
      const action = decide(state, seat);
      if (!action) throw new Error(`seat ${seat} made no decision`);
      move = { seat, action };
    }
    const step = apply(state, move.seat, move.action);
    if (!step.ok) throw new Error(`refused: ${step.error.code}`);
    actions.push({ seat: move.seat, action: move.action });
    state = step.value.state;
    if (step.value.events.some((e) => e.type === 'handEnded'))
      return { settings, seed, actions, final: state };
  }
  throw new Error('the hand did not end');
}
