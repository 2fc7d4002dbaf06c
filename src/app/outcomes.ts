/** What the match use cases hand back and report: shared by core, the moves' commit and the bot turns. */
import type { Action, GameEvent, MatchState, Seat, Step } from '../engine/index.js';
import type { ForcedBy, TableRecord } from '../store/records.js';

export interface ActOutcome {
  readonly table: TableRecord;
  readonly state: MatchState;
  /** What happened, in order, including the moves of bot seats that followed. */
  readonly events: readonly GameEvent[];
}

/**
 * A bot seat's move that the engine refused, or a policy that threw or gave no answer to a decision
 * it owed: a bug in a bot or the engine, reported, never thrown. The seat plays another legal move.
 */
export interface BotFault {
  readonly tableId: string;
  readonly matchId: number;
  readonly version: number;
  readonly seat: Seat;
  readonly code: string;
}

/** A hard decision its worker could not make (a crash, a stuck or missing worker): made inline at normal level. */
export interface DecisionFailure {
  readonly tableId: string;
  readonly matchId: number;
  readonly version: number;
  readonly seat: Seat;
  readonly reason: string;
}

/** One accepted action, computed but not yet written. */
export interface Move {
  readonly seat: Seat;
  /** Null for a bot seat. */
  readonly userId: string | null;
  readonly action: Action;
  readonly step: Step;
  /** Made for the seat's player by the normal policy: their clock ran out, or they are away. */
  readonly forced?: ForcedBy;
}

/** A deadline is near: the seats it runs for (people who have not decided) get one reminder. */
export interface Reminder {
  readonly table: TableRecord;
  readonly seats: readonly Seat[];
  /** When the deadline falls (Unix ms). */
  readonly at: number;
}

export function eventsOf(moves: readonly Move[]): GameEvent[] {
  return moves.flatMap((m) => m.step.events);
}
