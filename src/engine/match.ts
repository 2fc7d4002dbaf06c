/** A match: hands dealt one after another until a team reaches the target; `apply` is the engine's door. */
import { type Action, isSeat, parseAction } from './actions.js';
import { callTichu, decideGrandTichu } from './calls.js';
import { takeCanonical } from './canonical.js';
import { comboShape } from './combo.js';
import { dealHand } from './deal.js';
import { giveDragon, nameWish } from './decisions.js';
import type { RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import { chooseExchange } from './exchange.js';
import { passTurn, playCards } from './play.js';
import { err, ok, type Result } from './result.js';
import { handSeed } from './rng.js';
import type { Settings } from './settings.js';
import {
  canonicalHand,
  canonicalMatch,
  type HandResult,
  type HandState,
  type MatchState,
  type PerTeam,
  type Seat,
  type Team,
} from './state.js';
import type { HandStepResult } from './step.js';

export interface Step {
  readonly state: MatchState;
  readonly events: readonly GameEvent[];
}

export function newMatch(settings: Settings, seed: string): MatchState {
  return {
    version: 0,
    settings,
    seed,
    scores: [0, 0],
    history: [],
    hand: dealHand(1, handSeed(seed, 1), settings.grandTichu),
    status: 'playing',
    winner: null,
    lastEnding: null,
  };
}

/**
 * Applies one action by one seat. Input may come from anywhere: a malformed action, a bad seat or
 * an illegal move is refused with a reason and the state is untouched. Never throws for bad input.
 */
export function apply(state: MatchState, seat: unknown, input: unknown): Result<Step, RuleError> {
  if (!isSeat(seat)) return err({ code: 'bad_seat', seat });
  if (state.status === 'finished') return err({ code: 'match_over' });
  const parsed = parseAction(input);
  if (!parsed.ok) return parsed;
  const stepped = applyToHand(state, seat, parsed.value);
  if (!stepped.ok) return stepped;
  const events = [...stepped.value.events];
  const stepHand = stepped.value.hand;
  const hand = takeCanonical(stepHand) ? stepHand : canonicalHand(stepHand);
  if (hand.phase !== 'finished' || hand.result === null) {
    // The hand goes on: what canonicalMatch({ ...state, version, hand }) makes, built at once.
    const next: MatchState = {
      version: state.version + 1,
      settings: state.settings,
      seed: state.seed,
      scores: state.scores,
      history: state.history,
      hand,
      status: state.status,
      winner: state.winner,
      lastEnding: state.lastEnding ?? null,
    };
    return ok({ state: next, events });
  }
  const next = canonicalMatch(settleHand({ ...state, version: state.version + 1, hand }, events));
  return ok({ state: next, events });
}

function applyToHand(state: MatchState, seat: Seat, action: Action): HandStepResult {
  const { hand, settings } = state;
  switch (action.type) {
    case 'grandTichu':
      return decideGrandTichu(hand, seat, action.call);
    case 'tichu':
      return callTichu(hand, settings, seat);
    case 'exchange':
      return chooseExchange(hand, seat, action);
    case 'play':
      return playCards(hand, settings, seat, action.cards, action.phoenixAs);
    case 'pass':
      return passTurn(hand, seat);
    case 'wish':
      return nameWish(hand, settings, seat, action.rank);
    case 'giveDragon':
      return giveDragon(hand, seat, action.to);
  }
}

/** When the hand just ended: add its score, then end the match or deal the next hand. */
function settleHand(state: MatchState, events: GameEvent[]): MatchState {
  const result = state.hand.result;
  if (state.hand.phase !== 'finished' || result === null) return state;
  const scores: PerTeam<number> = [state.scores[0] + result.total[0], state.scores[1] + result.total[1]];
  const history: readonly HandResult[] = [...state.history, result];
  const ending = state.hand.ending;
  const lastEnding = ending
    ? {
        number: state.hand.number,
        seat: ending.seat,
        combo: ending.combo.type === 'dog' ? null : comboShape(ending.combo),
      }
    : null;
  const limit = state.settings.handLimit;
  // A match of a set number of hands ends then and only then, whatever the score; else at the target.
  const over =
    limit === null ? matchWinner(scores, state.settings.targetScore) !== null : state.hand.number >= limit;
  if (over) {
    const winner = scores[0] === scores[1] ? null : scores[0] > scores[1] ? 0 : 1;
    events.push({ type: 'matchEnded', winner, scores });
    return { ...state, scores, history, status: 'finished', winner, lastEnding };
  }
  const number = state.hand.number + 1;
  events.push({ type: 'handStarted', number });
  const hand: HandState = dealHand(number, handSeed(state.seed, number), state.settings.grandTichu);
  return { ...state, scores, history, hand, lastEnding };
}

/** A team that reached the target wins; if both did, the higher total; an exact tie plays on. */
export function matchWinner(scores: PerTeam<number>, target: number): Team | null {
  const [a, b] = scores;
  if (a < target && b < target) return null;
  if (a === b) return null;
  return a > b ? 0 : 1;
}
