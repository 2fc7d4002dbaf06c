/**
 * Bot seats' decisions made on the spot, in the caller's transaction: every decision that is not a
 * search (easy and normal moves; a hard or expert seat's exchange and wish; every out-of-turn bomb
 * question). Their searches (`hardSearches`: Grand Tichu, card play, the Dragon) are left to hardTurns.ts.
 */
import { type DecisionAnswer, type DecisionRequest, requestAt, runDecision } from '../bots/decisionJob.js';
import type { BotLevel } from '../bots/policy.js';
import { botsToAsk, searches } from '../bots/registry.js';
import { type Action, apply, legalActions, type MatchState, type Seat } from '../engine/index.js';
import type { TableRecord } from '../store/records.js';
import type { Core } from './core.js';
import type { Move } from './outcomes.js';

/** Bounds one run of bot moves, so no bug in a policy can loop for ever. */
const MAX_BOT_MOVES = 5_000;

export function levelOf(table: TableRecord, seat: Seat): BotLevel | null {
  const occupant = table.seats[seat];
  return occupant?.kind === 'bot' ? occupant.level : null;
}

/**
 * The question `seat` is asked at `state`: what it may know, and an rng seeded by the match's seed,
 * the version and the seat (so it replays). The seed is hashed here: it never leaves this thread.
 */
export function requestFor(core: Core, level: BotLevel, state: MatchState, seat: Seat): DecisionRequest {
  const budgetMs = level === 'expert' ? core.bots.expertBudgetMs : core.bots.hardBudgetMs;
  return requestAt(level, state, seat, `${state.seed}:bots:${state.version}:${seat}`, budgetMs);
}

/**
 * Which search bot seat (hard or expert) owes the next decision at `state` as a search (its bomb
 * questions come first, on the spot).
 */
export function hardSeatOwing(table: TableRecord, state: MatchState): Seat | null {
  const owing = botsToAsk(state, (seat) => levelOf(table, seat) !== null).find((ask) => ask.owes);
  if (!owing) return null;
  const level = levelOf(table, owing.seat);
  return level !== null && searches(level, state, owing.seat) ? owing.seat : null;
}

/**
 * How many more bot moves of the play may be made now (pace.ts: none at a paced table, one per
 * paced step, else all). Grand Tichu and exchange decisions never count: they are made at once.
 */
export interface PlayBudget {
  left: number;
}

/**
 * Every move the bot seats make from `from` on, in order, until a person or a hard seat owes the next
 * decision, the match ends, or `budget` allows no more moves of the play. After each move the seats
 * that could bomb out of turn are asked first (in `botsToAsk`'s order); one that declines is asked
 * again after the next move.
 */
export function botMoves(
  core: Core,
  table: TableRecord,
  matchId: number,
  from: MatchState,
  budget: PlayBudget = { left: Number.POSITIVE_INFINITY },
): Move[] {
  const isBot = (seat: Seat) => levelOf(table, seat) !== null;
  const moves: Move[] = [];
  let state = from;
  for (let i = 0; i < MAX_BOT_MOVES && state.status === 'playing'; i++) {
    const ofThePlay = state.hand.phase === 'play';
    if (ofThePlay && budget.left <= 0) break;
    let move: Move | null = null;
    for (const ask of botsToAsk(state, isBot)) {
      const level = levelOf(table, ask.seat) as BotLevel;
      // A search is left to hardTurns.ts, which asks the pool. Card play and the Dragon are owed by
      // one seat at a time: stop here. The Grand Tichu decisions are everyone's at once: the other
      // bot seats make theirs without waiting for the search.
      if (ask.owes && searches(level, state, ask.seat)) {
        if (state.hand.phase === 'grandTichu') continue;
        break;
      }
      const started = performance.now();
      const answer = runDecision(requestFor(core, level, state, ask.seat));
      core.bots.onDecided?.(level, (performance.now() - started) / 1000);
      move = ask.owes
        ? owedMove(core, table, matchId, state, ask.seat, answer)
        : offeredMove(core, table, matchId, state, ask.seat, answer);
      if (move) break;
    }
    if (!move) break;
    moves.push(move);
    if (ofThePlay) budget.left--;
    state = move.step.state;
  }
  return moves;
}

/**
 * A decision the seat owes, as a move. Whatever went wrong (the engine refused the pick, the policy
 * threw or gave nothing) is reported and the seat makes another legal move instead, so the table
 * never waits for a bot. Null only if the seat has no legal move at all.
 */
export function owedMove(
  core: Core,
  table: TableRecord,
  matchId: number,
  state: MatchState,
  seat: Seat,
  answer: DecisionAnswer,
): Move | null {
  const picked = answer.ok ? answer.action : null;
  if (picked) {
    const step = apply(state, seat, picked);
    if (step.ok) return { seat, userId: null, action: picked, step: step.value };
    fault(core, table, matchId, state, seat, step.error.code);
  } else fault(core, table, matchId, state, seat, answer.ok ? 'no_decision' : 'policy_failed');
  // A call is never made on a bot's behalf: plays, passes and picks first.
  const legal = legalActions(state, seat);
  const ordered = [...legal.filter((a) => !isCall(a)), ...legal.filter(isCall)];
  for (const action of ordered) {
    const step = apply(state, seat, action);
    if (step.ok) return { seat, userId: null, action, step: step.value };
  }
  return null;
}

/** The answer to an out-of-turn bomb question, as a move; null when the seat declines (or its pick is refused). */
function offeredMove(
  core: Core,
  table: TableRecord,
  matchId: number,
  state: MatchState,
  seat: Seat,
  answer: DecisionAnswer,
): Move | null {
  if (!answer.ok) {
    fault(core, table, matchId, state, seat, 'policy_failed');
    return null;
  }
  if (!answer.action) return null;
  const step = apply(state, seat, answer.action);
  if (step.ok) return { seat, userId: null, action: answer.action, step: step.value };
  fault(core, table, matchId, state, seat, step.error.code);
  return null;
}

function isCall(action: Action): boolean {
  return action.type === 'tichu' || (action.type === 'grandTichu' && action.call);
}

function fault(core: Core, table: TableRecord, matchId: number, state: MatchState, seat: Seat, code: string) {
  core.onBotFault({ tableId: table.id, matchId, version: state.version, seat, code });
}
