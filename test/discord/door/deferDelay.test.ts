/**
 * When an unanswered interaction is deferred: its delay counts from the interaction's creation, so
 * one delivered late (held while the bot restarted: a chaos run met it, 10062 "Unknown interaction"
 * for a click answered past Discord's 3 s) is deferred at once. An age Discord's window cannot hold
 * (a clock ahead or behind Discord's) is not trusted.
 */
import { describe, expect, it } from 'vitest';
import { deferDelayMs } from '../../../src/discord/door/answer.js';

const NOW = 1_800_000_000_000;
const created = (ageMs: number) => ({ createdTimestamp: NOW - ageMs });

describe('the deferral delay of an interaction', () => {
  it.each([
    ['just created', 0, 2_000],
    ['delivered 500 ms after its creation', 500, 1_500],
    ['delivered 1.9 s late', 1_900, 100],
    ['delivered 2.5 s late, after a restart: at once', 2_500, 0],
    ['created "in the future" (a clock behind Discord\'s): the whole delay', -700, 2_000],
    ["older than Discord's window (a clock ahead, or too late anyway): the whole delay", 3_500, 2_000],
  ])('%s', (_name, age, expected) => {
    expect(deferDelayMs(created(age), 2_000, NOW)).toBe(expected);
  });
});
