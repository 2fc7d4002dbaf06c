/**
 * Decisions the normal policy makes for a person: the one their clock ran out on, and every one of a
 * seat that is away (made at once, with the bot seats' moves, like a bot seat's). A call is never
 * made for a person: the points it risks are theirs.
 */
import { type DecisionAnswer, type DecisionRequest, runDecision } from '../bots/decisionJob.js';
import {
  type Action,
  apply,
  canonicalHand,
  legalActions,
  type MatchState,
  type Seat,
  setSeat,
} from '../engine/index.js';
import type { ForcedBy, PublicAction, TableRecord } from '../store/records.js';
import { botMoves, type PlayBudget, requestFor } from './botMoves.js';
import type { Core } from './core.js';
import { isAway } from './deadlines.js';
import type { Move } from './outcomes.js';
import { movesAtOnce } from './pace.js';

/** Bounds the rounds of away seats' calls replaced, as botMoves bounds its own moves. */
const MAX_ROUNDS = 1_000;

/**
 * The decision `seat` owes at `state`, made for its player by the normal policy with the seed a bot
 * seat would get there, as a move logged with the player's id and why. The policy decides with the
 * seat's call window closed, so it picks a play, a pass or a pick rather than a Tichu, and a Grand
 * Tichu it would call becomes a "no". Should the engine refuse its pick (a bug, reported), the first
 * legal action that is not a call is made instead. Null only when the seat has no legal action.
 */
export function forcedMove(
  core: Core,
  table: TableRecord,
  matchId: number,
  state: MatchState,
  seat: Seat,
  forced: ForcedBy,
  ready: DecisionAnswer | null = null,
): Move | null {
  const occupant = table.seats[seat];
  const userId = occupant?.kind === 'user' ? occupant.userId : null;
  const answer = ready ?? runDecision(forcedRequest(core, state, seat));
  let picked = answer.ok ? answer.action : null;
  if (picked?.type === 'grandTichu') picked = { type: 'grandTichu', call: false };
  if (picked && !isCall(picked)) {
    const step = apply(state, seat, picked);
    if (step.ok) return { seat, userId, action: picked, step: step.value, forced };
    fault(core, table, matchId, state, seat, step.error.code);
  } else fault(core, table, matchId, state, seat, answer.ok ? 'no_decision' : 'policy_failed');
  for (const action of legalActions(state, seat)) {
    if (isCall(action)) continue;
    const step = apply(state, seat, action);
    if (step.ok) return { seat, userId, action, step: step.value, forced };
  }
  return null;
}

/**
 * What the normal policy is asked for a forced decision: the same request, so the same answer,
 * whether it is made at the deadline or ahead of it by the decider (`ready` above).
 */
export function forcedRequest(core: Core, state: MatchState, seat: Seat): DecisionRequest {
  return requestFor(core, 'normal', withoutCalls(state, seat), seat);
}

/**
 * Every move the bot seats and the away seats make from `from` on, until a present person or a
 * hard bot owes the next decision: the bot seats' moves (botMoves), with the away seats played as
 * normal bots, logged under their player's id, and any call one of them would make replaced by a
 * decision without it.
 */
export function seatMoves(
  core: Core,
  table: TableRecord,
  matchId: number,
  from: MatchState,
  /** Moves of the play allowed now: none at a paced table (pace.ts), unless a paced step asks for one. */
  movesOfPlay = movesAtOnce(core, table),
): Move[] {
  const budget: PlayBudget = { left: movesOfPlay };
  if (!table.seats.some(isAway)) return botMoves(core, table, matchId, from, budget);
  const played = asBots(table);
  const moves: Move[] = [];
  let state = from;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const batch = botMoves(core, played, matchId, state, budget);
    const cut = batch.findIndex((m) => isAway(table.seats[m.seat]) && isCall(m.action));
    const kept = (cut < 0 ? batch : batch.slice(0, cut)).map((m) => asPlayers(table, m));
    moves.push(...kept);
    state = kept.at(-1)?.step.state ?? state;
    if (cut < 0) break;
    const replaced = forcedMove(core, table, matchId, state, (batch[cut] as Move).seat, 'away');
    if (!replaced) break;
    moves.push(replaced);
    state = replaced.step.state;
  }
  return moves;
}

/** What everyone may see of a forced action: an exchange names no cards. */
export function publicAction(action: Action): PublicAction {
  return action.type === 'exchange' ? { type: 'exchange' } : action;
}

/** The table as botMoves should see it: each away seat a normal bot. */
function asBots(table: TableRecord): TableRecord {
  const seats = table.seats.map((o) => (isAway(o) ? { kind: 'bot' as const, level: 'normal' as const } : o));
  return { ...table, seats: seats as unknown as TableRecord['seats'] };
}

/** A move botMoves made for an away seat, logged as its player's, made for them because they are away. */
function asPlayers(table: TableRecord, move: Move): Move {
  const occupant = table.seats[move.seat];
  if (occupant?.kind !== 'user' || !occupant.away) return move;
  return { ...move, userId: occupant.userId, forced: 'away' };
}

/** The state as the policy should see it for a forced decision: the seat's call window closed. */
function withoutCalls(state: MatchState, seat: Seat): MatchState {
  if (state.hand.played[seat]) return state;
  // Only the engine's call rules read `played`; no view shows it, so the policy sees the same table.
  return { ...state, hand: canonicalHand({ ...state.hand, played: setSeat(state.hand.played, seat, true) }) };
}

function isCall(action: Action): boolean {
  return action.type === 'tichu' || (action.type === 'grandTichu' && action.call);
}

function fault(core: Core, table: TableRecord, matchId: number, state: MatchState, seat: Seat, code: string) {
  core.onBotFault({ tableId: table.id, matchId, version: state.version, seat, code });
}
