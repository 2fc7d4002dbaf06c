/**
 * Finding the decisions to review in a hand: the match is replayed from its seed and actions, and
 * each of the seat's own actions in the hand becomes a question (what kind of decision, what was
 * chosen), asked at the state it was made in. Besides the actions, two decisions that left no action
 * are asked: the Tichu not called (at the seat's first play, while it could still call), and a bomb
 * not dropped when an opponent was left with one or two cards.
 */
import {
  type Action,
  apply,
  type Card,
  canBomb,
  dealHand,
  handSeed,
  isOpponent,
  isSeat,
  legalActions,
  type MatchState,
  newMatch,
  parseAction,
  type Seat,
} from '../engine/index.js';
import { NO_BOMB, NO_CALL, type Question } from './candidates.js';
import { ReviewError } from './errors.js';
import type { ReviewRequest } from './types.js';

export interface DecisionPoint {
  /** Index into the request's actions: the action made then (for a bomb not dropped, the one made instead). */
  readonly index: number;
  /** The state the decision was made at (only the seat's view and memory of it are read). */
  readonly state: MatchState;
  readonly question: Question;
}

export interface HandDecisions {
  readonly points: readonly DecisionPoint[];
  /** The seat's fourteen cards as dealt, before the exchange. */
  readonly dealt: readonly Card[];
}

/** Bomb moments (a bomb not dropped) reviewed in a hand at most. */
const MAX_BOMB_MOMENTS = 2;
/** An opponent left with this many cards or fewer makes a moment to bomb. */
const BOMB_MOMENT_CARDS = 2;

export function findDecisions(request: ReviewRequest): HandDecisions {
  const { actions, seat, hand: number } = request;
  let state = newMatch(request.settings, request.seed);
  const before = new Map<number, MatchState>();
  let first = -1;
  let last = -1;
  for (let i = 0; i < actions.length; i++) {
    const entry = actions[i] as { seat: number; action: unknown };
    const inHand = state.status === 'playing' && state.hand.number === number;
    if (inHand) {
      before.set(i, state);
      if (first < 0) first = i;
    }
    const step = apply(state, entry.seat, entry.action);
    if (!step.ok) throw new ReviewError('replay_refused');
    if (inHand && step.value.events.some((e) => e.type === 'handEnded')) {
      last = i;
      break;
    }
    state = step.value.state;
  }
  if (first < 0) throw new ReviewError('no_such_hand');
  if (last < 0) throw new ReviewError('hand_not_finished');
  const own = request.own ? new Set(request.own) : null;
  const isOwn = (i: number) => actions[i]?.seat === seat && (own === null || own.has(i));
  const points: DecisionPoint[] = [];
  for (let i = first; i <= last; i++) {
    const at = before.get(i) as MatchState;
    if (!isOwn(i)) {
      const moment = bombMoment(request, before, i, first, last, own);
      if (moment) points.push({ index: i, state: at, question: moment });
      continue;
    }
    const action = actionAt(request, i);
    const next = i + 1 <= last && actions[i + 1]?.seat === seat ? actionAt(request, i + 1) : null;
    for (const question of questionsAt(at, seat, action, next))
      points.push({ index: i, state: at, question });
  }
  const limited = limitBombMoments(points);
  const deal = dealHand(number, handSeed(request.seed, number), request.settings.grandTichu);
  return { points: limited, dealt: [...deal.hands[seat], ...deal.undealt[seat]] };
}

function actionAt(request: ReviewRequest, i: number): Action {
  const parsed = parseAction(request.actions[i]?.action);
  if (!parsed.ok) throw new ReviewError('replay_refused');
  return parsed.value;
}

/**
 * The questions an action of `seat` at `state` answers: usually one; two at the seat's first play
 * while it could still call Tichu (the call not made, then the play). `next` is the seat's action
 * right after this one, if it made the next action of the hand (the play a Tichu call came with).
 */
export function questionsAt(state: MatchState, seat: Seat, action: Action, next: Action | null): Question[] {
  const hand = state.hand;
  switch (action.type) {
    case 'grandTichu':
      return [{ kind: 'grandTichu', chosen: action }];
    case 'tichu':
      return [{ kind: 'tichu', chosen: action, follow: next }];
    case 'exchange':
      return [{ kind: 'exchange', chosen: action }];
    case 'wish':
      return [{ kind: 'wish', chosen: action }];
    case 'giveDragon':
      return [{ kind: 'dragon', chosen: action }];
    case 'pass':
      // A pass off turn is no action: it stands for a bomb not dropped.
      return hand.turn === seat ? [{ kind: 'pass', chosen: action }] : [{ kind: 'bomb', chosen: NO_BOMB }];
    case 'play': {
      const out: Question[] = [];
      if (tichuOpen(state, seat)) out.push({ kind: 'tichu', chosen: NO_CALL, follow: action });
      out.push({ kind: hand.turn === seat ? 'play' : 'bomb', chosen: action });
      return out;
    }
  }
}

/** Whether this play is the seat's first while it could still call Tichu (and it has not called). */
function tichuOpen(state: MatchState, seat: Seat): boolean {
  const hand = state.hand;
  if (hand.calls[seat] !== 'none' || hand.played[seat]) return false;
  return legalActions(state, seat, { exchanges: false }).some((a) => a.type === 'tichu');
}

/**
 * A bomb not dropped: right after an opponent's play left it with one or two cards, the seat held a
 * bomb that could beat the table and the next action was someone else's. Reviewed only when the
 * seat was the person's then (its nearest action in the hand is one of its own).
 */
function bombMoment(
  request: ReviewRequest,
  before: ReadonlyMap<number, MatchState>,
  i: number,
  first: number,
  last: number,
  own: ReadonlySet<number> | null,
): Question | null {
  const { actions, seat } = request;
  if (i === first || actions[i]?.seat === seat) return null;
  const previous = actions[i - 1] as { seat: number; action: unknown };
  const state = before.get(i) as MatchState;
  const hand = state.hand;
  if (!isSeat(previous.seat) || !isOpponent(previous.seat, seat)) return null;
  if ((previous.action as { type?: unknown } | null)?.type !== 'play') return null;
  const left = hand.hands[previous.seat].length;
  if (left === 0 || left > BOMB_MOMENT_CARDS) return null;
  if (hand.phase !== 'play' || hand.pending || hand.turn === seat || !canBomb(state, seat)) return null;
  if (own !== null) {
    let nearest = -1;
    for (let j = i - 1; j >= first && nearest < 0; j--) if (actions[j]?.seat === seat) nearest = j;
    for (let j = i + 1; j <= last && nearest < 0; j++) if (actions[j]?.seat === seat) nearest = j;
    if (nearest < 0 || !own.has(nearest)) return null;
  }
  return { kind: 'bomb', chosen: NO_BOMB };
}

/** Keeps the first few bomb moments (a bomb dropped is always kept). */
function limitBombMoments(points: readonly DecisionPoint[]): DecisionPoint[] {
  let moments = 0;
  return points.filter((p) => {
    if (p.question.kind !== 'bomb' || p.question.chosen.type !== 'pass') return true;
    return ++moments <= MAX_BOMB_MOMENTS;
  });
}
