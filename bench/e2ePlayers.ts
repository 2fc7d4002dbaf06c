/**
 * The scripted players' clock, shared by the bot's e2e run and its floor: how the tables open and
 * pace their clicks, and how each click is timed to its acknowledgement. One module, so the floor
 * cannot drift from the load it is the floor of.
 */
import type { ScriptedUser } from '../src/localDiscord/index.js';
import { Dice } from '../test/support/panelPlayer.js';

/**
 * Tables open over the first STAGGER_MS, one every STAGGER_MS / tables (as tables do on a server:
 * never fifty in the same millisecond), and each is then played for `seconds`.
 */
export const STAGGER_MS = 2_000;

/** What one player does after their pause: opens what they click, maybe acts on it. */
export type Step = (user: ScriptedUser, channelId: string, dice: Dice) => Promise<void>;

export interface Measured {
  latencies: number[];
  steadyLatencies: number[];
  /** Clicks and selects made (each one timed). */
  interactions: number;
  /** Pauses followed by a step: interactions minus steps are the follow-up clicks. */
  steps: number;
  /** Every timed click as [wall-clock start (ms since the epoch), latency]; and when the players began. */
  clicks: Array<[number, number]>;
  startedAt: number;
}

/**
 * Plays every table at once: after its stagger, each table's players take turns (one interaction
 * in flight per table), pausing `thinkMs` * 0.5..1.5 before each step, until the table's time is up.
 */
export async function playTables(
  channelIds: readonly string[],
  seatedAt: (table: number) => ScriptedUser[],
  seconds: number,
  thinkMs: number,
  step: Step,
): Promise<Measured> {
  const latencies: number[] = [];
  /** [click time, latency, verb] of every click, to tell the staggered start from the steady state. */
  const timedAt: Array<[number, number, string]> = [];
  const counter = { interactions: 0, steps: 0 };
  const measuredFrom = performance.now();
  const timed = (user: ScriptedUser) => timeClicks(user, latencies, timedAt, counter);
  await Promise.all(
    channelIds.map(async (channelId, t) => {
      await sleep((t * STAGGER_MS) / channelIds.length);
      const deadline = performance.now() + seconds * 1000;
      const seated = seatedAt(t).map(timed);
      const dice = new Dice(t + 1);
      while (performance.now() < deadline) {
        for (const user of seated) {
          if (performance.now() >= deadline) break;
          await sleep(thinkMs * (0.5 + dice.next(100) / 100));
          counter.steps++;
          await step(user, channelId, dice);
        }
      }
    }),
  );
  if (process.env.BENCH_DEBUG) printBuckets(timedAt);
  return {
    latencies,
    // Once every table has opened (after the stagger), all of them playing at once.
    steadyLatencies: timedAt.filter(([t]) => t - measuredFrom >= STAGGER_MS).map(([, ms]) => ms),
    interactions: counter.interactions,
    steps: counter.steps,
    clicks: timedAt.map(([t, ms]) => [performance.timeOrigin + t, ms]),
    startedAt: performance.timeOrigin + measuredFrom,
  };
}

/** Times every click and select, from the click to the bot's acknowledgement. */
function timeClicks(
  user: ScriptedUser,
  latencies: number[],
  timedAt: Array<[number, number, string]>,
  counter: { interactions: number },
): ScriptedUser {
  return new Proxy(user, {
    get(target, prop, receiver) {
      if (prop === 'click' || prop === 'select') {
        return (...args: unknown[]) => {
          const start = performance.now();
          const method = Reflect.get(target, prop, receiver) as (...a: unknown[]) => {
            acknowledged(): Promise<unknown>;
          };
          const handle = method.apply(target, args);
          counter.interactions++;
          handle.acknowledged().then(
            () => {
              latencies.push(performance.now() - start);
              timedAt.push([start, performance.now() - start, String(args[1]).split(':')[0] ?? '']);
            },
            () => undefined,
          );
          return handle;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** BENCH_DEBUG: latency by second of the run and by what was clicked, on stderr. */
function printBuckets(timedAt: Array<[number, number, string]>): void {
  const t0 = timedAt[0]?.[0] ?? 0;
  const print = (label: string, groups: Map<string | number, number[]>) => {
    for (const [key, list] of groups) {
      list.sort((x, y) => x - y);
      console.error(
        `${label}${key}: n=${list.length} p50=${list[list.length >> 1]?.toFixed(1)} p99=${list[Math.floor(list.length * 0.99)]?.toFixed(1)}`,
      );
    }
  };
  const bySecond = new Map<string | number, number[]>();
  const byVerb = new Map<string | number, number[]>();
  for (const [t, ms, verb] of timedAt) {
    const second = Math.floor((t - t0) / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), ms]);
    byVerb.set(verb, [...(byVerb.get(verb) ?? []), ms]);
  }
  print('second ', bySecond);
  print('', byVerb);
}
