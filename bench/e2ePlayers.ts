/**
 * The scripted players' clock, shared by the bot's e2e run and its floor: how the tables open and
 * pace their clicks, and how each click is timed to its acknowledgement. One module, so the floor
 * cannot drift from the load it is the floor of.
 */
import { getPriority, setPriority } from 'node:os';
import { type ScriptedUser, WaitTimeout } from '../src/localDiscord/index.js';
import { Dice } from '../test/support/panelPlayer.js';
import { threadCpuMs } from './procCpu.js';

/**
 * Tables open over the first STAGGER_MS, one every STAGGER_MS / tables (as tables do on a server:
 * never fifty in the same millisecond), and each is then played for `seconds`.
 */
export const STAGGER_MS = 2_000;

/**
 * Whether this thread (the load's: the local Discord and its players) runs ahead of the bot's threads.
 * Discord and its players are other machines: they never wait for the bot's CPU. Here they share
 * this machine's cores with the bot, and when all of them are busy the scheduler shares the cores
 * out evenly, so requests the bot sent in time sat unread on the local Discord's sockets (seen: up
 * to 460 KB) and clicks aged past Discord's 3 s before the harness even read their answers. A
 * higher priority (nice -5, this thread only) lets the harness take the CPU it needs first; the
 * bot gets what is left, no more than it would get otherwise. Raising a priority takes root (CI
 * runs as root): elsewhere the load runs at the usual priority, and the figures say which.
 * E2E_HARNESS_FIRST=0 turns it off, to compare.
 */
export function harnessFirst(): void {
  if (process.env.E2E_HARNESS_FIRST === '0') return;
  try {
    setPriority(0, -5);
  } catch {
    // Not permitted: the usual priority.
  }
}

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
  /**
   * Clicks never acknowledged within the scripted user's wait (5 s; Discord allows 3): each is in
   * the latencies with the time it waited, as a person sees "This interaction failed".
   */
  unanswered: number;
  /** Steps that gave up waiting (for an answer or a message) and were skipped, the run going on. */
  failedSteps: number;
  /** What the first of those waited for. */
  firstFailure: string | null;
  /** The load thread's priority (nice) while it played: -5 when it ran ahead of the bot (harnessFirst). */
  harnessPriority: number;
  /** CPU ms of this thread (the local Discord and the players) while they played: the harness's own cost. */
  loadCpuMs: number;
  /** Wall-clock ms from the first table's start to the last step's end, on this thread. */
  loadWallMs: number;
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
  const counter = { interactions: 0, steps: 0, unanswered: 0, failedSteps: 0 };
  let firstFailure: string | null = null;
  const measuredFrom = performance.now();
  const cpuFrom = threadCpuMs();
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
          try {
            await step(user, channelId, dice);
          } catch (error) {
            // A wait in vain fails this step, not the run (its click, if unanswered, is timed as
            // such); anything else is the harness's or the bot's bug, and stops the run.
            if (!(error instanceof WaitTimeout)) throw error;
            counter.failedSteps++;
            firstFailure ??= error.message;
          }
        }
      }
    }),
  );
  const loadCpuMs = threadCpuMs() - cpuFrom;
  if (process.env.BENCH_DEBUG) printBuckets(timedAt);
  return {
    unanswered: counter.unanswered,
    failedSteps: counter.failedSteps,
    firstFailure,
    // This thread's own (0: the calling thread), whatever harnessFirst managed.
    harnessPriority: getPriority(0),
    loadCpuMs,
    loadWallMs: performance.now() - measuredFrom,
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
  counter: { interactions: number; unanswered: number },
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
          const timed = (verb: string) => {
            latencies.push(performance.now() - start);
            timedAt.push([start, performance.now() - start, verb]);
          };
          handle.acknowledged().then(
            () => timed(String(args[1]).split(':')[0] ?? ''),
            () => {
              // Never acknowledged: timed with what it waited, so the tail shows it.
              counter.unanswered++;
              timed('unanswered');
            },
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

/** "; N clicks never answered, M steps given up (the first waited for ...)" when any, else nothing. */
export function unansweredText(run: Pick<Measured, 'unanswered' | 'failedSteps' | 'firstFailure'>): string {
  if (allAnswered(run)) return '';
  const first = run.firstFailure ? ` (the first ${run.firstFailure})` : '';
  return `; ${run.unanswered} clicks never answered, ${run.failedSteps} steps given up${first}`;
}

/** Whether every click was answered and no step gave up: a latency figure is met only then. */
export function allAnswered(run: Pick<Measured, 'unanswered' | 'failedSteps'>): boolean {
  return run.unanswered === 0 && run.failedSteps === 0;
}

/** "; the load's thread at nice -5 (ahead of the bot)" or "at the usual priority". */
export function priorityText(run: Pick<Measured, 'harnessPriority'>): string {
  return run.harnessPriority < 0
    ? `; the load's thread at nice ${run.harnessPriority}, ahead of the bot's (harnessFirst)`
    : "; the load's thread at the bot's priority";
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
