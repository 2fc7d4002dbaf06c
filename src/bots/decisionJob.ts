/** One bot decision as a job another thread can run: what is asked, what comes back, and running it. */
import { type Action, type MatchState, Rng, type RngState, type Seat, seedRng } from '../engine/index.js';
import type { BotLevel } from './policy.js';
import { decide, makeBudget, type Question, questionFor } from './registry.js';

/**
 * One decision asked of another thread. It carries what the seat may know and nothing more: the
 * whole state (every hand, the match seed) never crosses the thread boundary.
 */
export interface DecisionRequest {
  readonly level: BotLevel;
  readonly seat: Seat;
  /** The state version it was asked at: an answer for a version the match has left is stale. */
  readonly version: number;
  readonly question: Question;
  /** The rng's state, derived by the caller from the match, so the same state asks the same question. */
  readonly rng: RngState;
  /** Wall-clock time the decision may take, in milliseconds. */
  readonly budgetMs: number;
}

/** The request for `seat` at `state`, built on the thread that holds the state: the seed is hashed here. */
export function requestAt(
  level: BotLevel,
  state: MatchState,
  seat: Seat,
  seed: string,
  budgetMs: number,
): DecisionRequest {
  return {
    level,
    seat,
    version: state.version,
    question: questionFor(state, seat),
    rng: seedRng(seed),
    budgetMs,
  };
}

/** The action (null: the policy declined), or why no decision came back (a crash, a stuck worker). */
export type DecisionAnswer =
  | { readonly ok: true; readonly action: Action | null }
  | { readonly ok: false; readonly reason: string };

/** Where decisions are made: a pool of worker threads in the bot, this thread in tests and tools. */
export interface Decider {
  /**
   * `ahead`: a decision asked before it is owed (a deadline's, prepared): one owed now goes first.
   */
  decide(request: DecisionRequest, ahead?: boolean): Promise<DecisionAnswer>;
  /** Stops deciding: answers still owed come back as failures; nothing is decided after. */
  close(): Promise<void>;
}

/** Runs one decision here and now. A policy that throws is a failure to report, not a crash. */
export function runDecision(request: DecisionRequest): DecisionAnswer {
  try {
    const rng = new Rng(request.rng);
    const action = decide(request.level, request.question, rng, makeBudget(request.budgetMs));
    return { ok: true, action };
  } catch (error) {
    // The error's kind, never its message: a policy's message may quote cards, and logs show none.
    const kind = error instanceof Error ? error.name : typeof error;
    return { ok: false, reason: `the ${request.level} policy threw (${kind})` };
  }
}

/**
 * Decides on this thread, but never within the caller's task: the asynchronous path is the same as
 * with a pool, only slower for the event loop (tests and tools that start no workers).
 */
export function inlineDecider(): Decider {
  let closed = false;
  return {
    decide: (request) =>
      new Promise((resolve) =>
        setImmediate(() => resolve(closed ? { ok: false, reason: 'closed' } : runDecision(request))),
      ),
    close: async () => {
      closed = true;
    },
  };
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
