/**
 * The weekly challenge's calendar, in UTC and plain arithmetic: when a server's week turns (a
 * weekday and an hour its admin sets, Monday 00:00 by default), the week a moment falls in, and the
 * week's number for its name. A change of the turn applies from the next week: the week under way
 * keeps the end it was given, and the week after it runs from there to the new turn (at least
 * MIN_WEEK_MS later, so a change never makes a week of a few hours).
 */
import type { WeekTurn } from '../store/challengeRepo.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** The shortest week a change of the turn can make (the week after the change). */
export const MIN_WEEK_MS = 3 * DAY_MS;
/** Monday 00:00 UTC. */
export const DEFAULT_TURN: WeekTurn = { weekday: 1, hour: 0 };

/** Weekday of the Unix epoch (1970-01-01 was a Thursday). */
const EPOCH_WEEKDAY = 4;

export interface WeekSpan {
  readonly startsAt: number;
  readonly endsAt: number;
}

/** Whether `turn` names a weekday 0-6 (Sunday first) and an hour 0-23. */
export function validTurn(turn: WeekTurn): boolean {
  return (
    Number.isInteger(turn.weekday) &&
    turn.weekday >= 0 &&
    turn.weekday <= 6 &&
    Number.isInteger(turn.hour) &&
    turn.hour >= 0 &&
    turn.hour <= 23
  );
}

function offsetOf(turn: WeekTurn): number {
  return (((turn.weekday - EPOCH_WEEKDAY + 7) % 7) * DAY_MS + turn.hour * HOUR_MS) % WEEK_MS;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** The latest moment at or before `at` when the week turns. */
export function lastTurn(turn: WeekTurn, at: number): number {
  return at - mod(at - offsetOf(turn), WEEK_MS);
}

/** The first moment at or after `at` when the week turns. */
export function nextTurn(turn: WeekTurn, at: number): number {
  const last = lastTurn(turn, at);
  return last === at ? at : last + WEEK_MS;
}

/**
 * The week `now` falls in, given the server's newest week so far (`previous`, null when none; it
 * must not contain `now`: that one is the current week as it is). Normally the week from the last
 * turn; after a change of the turn, the week right after `previous` starts where it ended.
 */
export function weekSpan(turn: WeekTurn, previous: WeekSpan | null, now: number): WeekSpan {
  const last = lastTurn(turn, now);
  if (previous === null || previous.endsAt <= last || previous.endsAt > now)
    return { startsAt: last, endsAt: last + WEEK_MS };
  const startsAt = previous.endsAt;
  return { startsAt, endsAt: nextTurn(turn, Math.max(startsAt + MIN_WEEK_MS, now + 1)) };
}

/** The ISO 8601 week number of the day a week starts (what its name says: "week 48"). */
export function weekNumber(startsAt: number): number {
  const day = new Date(startsAt);
  const date = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  // The Thursday of the same ISO week decides its year.
  const weekday = (new Date(date).getUTCDay() + 6) % 7;
  const thursday = date + (3 - weekday) * DAY_MS;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return 1 + Math.floor((thursday - yearStart) / WEEK_MS);
}
