/**
 * A decider for tests that holds every question until the test answers it: what a slow worker pool
 * looks like, on cue. Waits are for events and bounded (a missing question fails, never hangs).
 */
import type { Decider, DecisionAnswer, DecisionRequest } from '../../src/bots/decisionJob.js';

export interface HeldQuestion {
  readonly request: DecisionRequest;
  answer(answer: DecisionAnswer): void;
}

export class HeldDecider implements Decider {
  readonly asked: HeldQuestion[] = [];
  /** The questions `atOnce` answered without holding them (not in `asked`). */
  readonly answeredAtOnce: DecisionRequest[] = [];
  private readonly waiting = new Map<number, () => void>();
  private readonly open = new Set<(answer: DecisionAnswer) => void>();

  /**
   * @param atOnce answers the questions a test is not about (say, every Grand Tichu decision) as
   * they come, still asynchronously like a pool; null holds the question as usual.
   */
  constructor(private readonly atOnce?: (request: DecisionRequest) => DecisionAnswer | null) {}

  decide(request: DecisionRequest): Promise<DecisionAnswer> {
    const answer = this.atOnce?.(request) ?? null;
    if (answer !== null) {
      this.answeredAtOnce.push(request);
      return Promise.resolve(answer);
    }
    return new Promise((resolve) => {
      this.open.add(resolve);
      this.asked.push({
        request,
        answer: (answer) => {
          this.open.delete(resolve);
          resolve(answer);
        },
      });
      this.waiting.get(this.asked.length)?.();
    });
  }

  async close(): Promise<void> {
    for (const resolve of this.open) resolve({ ok: false, reason: 'closed' });
    this.open.clear();
  }

  /** The `n`-th question asked (1-based), once it is asked; fails after `ms` if it never is. */
  question(n: number, ms = 5_000): Promise<HeldQuestion> {
    const now = this.asked[n - 1];
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`question ${n} was never asked`)), ms);
      this.waiting.set(n, () => {
        clearTimeout(timer);
        this.waiting.delete(n);
        resolve(this.asked[n - 1] as HeldQuestion);
      });
    });
  }
}
