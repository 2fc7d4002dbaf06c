/** The weekly challenge's calendar: the admin's weekday and hour in UTC, and a change applying from the next week. */
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_TURN,
  HOUR_MS,
  lastTurn,
  MIN_WEEK_MS,
  nextTurn,
  validTurn,
  WEEK_MS,
  weekNumber,
  weekSpan,
} from '../../src/app/challengeCalendar.js';

const at = (iso: string) => Date.parse(iso);

describe('the week a moment falls in', () => {
  it('turns on Monday 00:00 UTC by default', () => {
    // Wednesday 2025-11-26 15:30 UTC: the week of Monday 24th.
    const span = weekSpan(DEFAULT_TURN, null, at('2025-11-26T15:30:00Z'));
    expect(new Date(span.startsAt).toISOString()).toBe('2025-11-24T00:00:00.000Z');
    expect(span.endsAt - span.startsAt).toBe(WEEK_MS);
    expect(weekNumber(span.startsAt)).toBe(48);
  });

  it('turns at the admin’s weekday and hour, the turn itself belonging to the new week', () => {
    const friday18 = { weekday: 5, hour: 18 };
    expect(new Date(lastTurn(friday18, at('2025-11-28T17:59:59Z'))).toISOString()).toBe(
      '2025-11-21T18:00:00.000Z',
    );
    expect(new Date(lastTurn(friday18, at('2025-11-28T18:00:00Z'))).toISOString()).toBe(
      '2025-11-28T18:00:00.000Z',
    );
    expect(nextTurn(friday18, at('2025-11-28T18:00:00Z'))).toBe(at('2025-11-28T18:00:00Z'));
    expect(nextTurn(friday18, at('2025-11-28T18:00:01Z'))).toBe(at('2025-12-05T18:00:00Z'));
    // Sunday 23:00, and every weekday: always a boundary on that day and hour.
    for (let weekday = 0; weekday < 7; weekday++)
      for (const hour of [0, 13, 23]) {
        const start = lastTurn({ weekday, hour }, at('2025-06-11T12:34:56Z'));
        const date = new Date(start);
        expect(date.getUTCDay()).toBe(weekday);
        expect(date.getUTCHours()).toBe(hour);
        expect(date.getUTCMinutes()).toBe(0);
        expect(at('2025-06-11T12:34:56Z') - start).toBeLessThan(WEEK_MS);
      }
  });

  it('applies a change from the next week: the week under way keeps its end', () => {
    // The week under way: Monday 24th to Monday 1st; the admin moves the turn to Thursday 20:00.
    const current = weekSpan(DEFAULT_TURN, null, at('2025-11-26T10:00:00Z'));
    const thursday20 = { weekday: 4, hour: 20 };
    // Thursday 27th 21:00 is past the new turn, but the week under way still runs.
    expect(at('2025-11-27T21:00:00Z')).toBeLessThan(current.endsAt);
    // The next week starts where it ended and runs to the first new turn at least three days on.
    const next = weekSpan(thursday20, current, at('2025-12-01T09:00:00Z'));
    expect(next.startsAt).toBe(current.endsAt);
    expect(new Date(next.endsAt).toISOString()).toBe('2025-12-04T20:00:00.000Z');
    expect(next.endsAt - next.startsAt).toBeGreaterThanOrEqual(MIN_WEEK_MS);
    // And from then on, whole weeks on the new turn.
    const after = weekSpan(thursday20, next, at('2025-12-06T09:00:00Z'));
    expect(new Date(after.startsAt).toISOString()).toBe('2025-12-04T20:00:00.000Z');
    expect(after.endsAt - after.startsAt).toBe(WEEK_MS);
  });

  it('never makes a week of a few hours out of a change', () => {
    // Monday 00:00 to Monday 01:00: the week after the change runs 7 days and an hour, not one hour.
    const current = weekSpan(DEFAULT_TURN, null, at('2025-11-26T10:00:00Z'));
    const next = weekSpan({ weekday: 1, hour: 1 }, current, current.endsAt + HOUR_MS / 2);
    expect(next.startsAt).toBe(current.endsAt);
    expect(next.endsAt - next.startsAt).toBe(WEEK_MS + HOUR_MS);
  });

  it('skips weeks nobody used: a week starts at the last turn', () => {
    const old = weekSpan(DEFAULT_TURN, null, at('2025-01-08T00:00:00Z'));
    const later = weekSpan(DEFAULT_TURN, old, at('2025-03-05T00:00:00Z'));
    expect(new Date(later.startsAt).toISOString()).toBe('2025-03-03T00:00:00.000Z');
    expect(later.endsAt - later.startsAt).toBe(7 * DAY_MS);
  });

  it('checks the admin’s values', () => {
    expect(validTurn({ weekday: 0, hour: 23 })).toBe(true);
    expect(validTurn({ weekday: 7, hour: 0 })).toBe(false);
    expect(validTurn({ weekday: 1, hour: 24 })).toBe(false);
    expect(validTurn({ weekday: 1.5, hour: 2 })).toBe(false);
  });

  it('numbers weeks as ISO 8601 does', () => {
    expect(weekNumber(at('2024-12-30T00:00:00Z'))).toBe(1);
    expect(weekNumber(at('2021-01-03T12:00:00Z'))).toBe(53);
    expect(weekNumber(at('2025-11-24T00:00:00Z'))).toBe(48);
  });
});
