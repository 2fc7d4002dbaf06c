/**
 * The review as a job: a bad request or a failing review is an answer with a reason that quotes no
 * card, never an exception; the worker thread speaks the decision worker's protocol; and src/review
 * reaches nothing but the engine and the bots (its worker also Node's threads).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DECK, formatCard } from '../../src/engine/index.js';
import { type ReviewAnswer, type ReviewRequest, runReview } from '../../src/review/index.js';
import { playHand } from './playHands.js';

const played = playHand('worker-1', ['normal', 'normal', 'normal', 'normal']);
const request: ReviewRequest = {
  settings: played.settings,
  seed: played.seed,
  actions: played.actions,
  hand: 1,
  seat: 1,
  budgetMs: Number.POSITIVE_INFINITY,
  samples: 4,
};

/** Whether a text names a card, in the engine's notation or as shown. */
function namesACard(text: string): boolean {
  const words = new Set(text.toLowerCase().split(/[^a-z0-9]+/));
  return DECK.some((card) => words.has(card.toLowerCase()) || words.has(formatCard(card).toLowerCase()));
}

function refused(answer: ReviewAnswer): string {
  if (answer.ok) throw new Error('answered');
  expect(namesACard(answer.reason)).toBe(false);
  return answer.reason;
}

describe('runReview', () => {
  it('answers a good request with the review', () => {
    const answer = runReview(request);
    if (!answer.ok) throw new Error(answer.reason);
    expect(answer.review.seat).toBe(1);
    expect(answer.review.decisions.length).toBeGreaterThan(3);
  });

  it('refuses a bad request by the field at fault', () => {
    const bad: Array<[unknown, string]> = [
      [null, 'request'],
      [{ ...request, settings: null }, 'settings'],
      [{ ...request, seed: 4 }, 'seed'],
      [{ ...request, actions: [{ seat: 0 }] }, 'actions'],
      [{ ...request, hand: 0 }, 'hand'],
      [{ ...request, seat: 7 }, 'seat'],
      [{ ...request, own: [-1] }, 'own'],
      [{ ...request, budgetMs: 0 }, 'budgetMs'],
      [{ ...request, samples: 1.5 }, 'samples'],
    ];
    for (const [input, field] of bad)
      expect(refused(runReview(input as ReviewRequest))).toContain(`(${field})`);
  });

  it('refuses a hand it cannot review, quoting no card', () => {
    const illegal = request.actions.map((a, i) =>
      i === 10 ? { seat: a.seat, action: { type: 'play', cards: ['dragon', 'Ajd'] } } : a,
    );
    expect(refused(runReview({ ...request, actions: illegal }))).toContain('replay_refused');
    expect(refused(runReview({ ...request, hand: 2 }))).toContain('no_such_hand');
    expect(refused(runReview({ ...request, actions: request.actions.slice(0, -1) }))).toContain(
      'hand_not_finished',
    );
  });

  it('turns an error thrown inside into its kind, never its message', () => {
    const throwing = {
      ...request,
      get actions(): never {
        throw new TypeError('the Ajd and the dragon');
      },
    };
    expect(refused(runReview(throwing as unknown as ReviewRequest))).toBe('the review threw (TypeError)');
  });
});

describe('the review worker', () => {
  it('says it is ready, then answers a job by its id', async () => {
    const worker = new Worker(new URL('../../src/review/reviewWorker.mjs', import.meta.url));
    try {
      const messages: Array<{ type: string; id?: number; answer?: ReviewAnswer }> = [];
      const answered = new Promise<void>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (message) => {
          messages.push(message);
          if (message.type === 'ready') worker.postMessage({ id: 7, request });
          if (message.type === 'answer') resolve();
        });
      });
      await answered;
      expect(messages[0]).toEqual({ type: 'ready' });
      const answer = messages[1];
      expect(answer?.type).toBe('answer');
      expect(answer?.id).toBe(7);
      if (!answer?.answer?.ok) throw new Error('no review');
      // The same review as on this thread: the worker runs the same code on the same request.
      const here = runReview(request);
      if (!here.ok) throw new Error(here.reason);
      expect({ ...answer.answer.review, ms: 0 }).toEqual({ ...here.review, ms: 0 });
    } finally {
      await worker.terminate();
    }
  });
});

describe('src/review', () => {
  it('imports nothing but itself, src/engine and src/bots (its worker also Node’s threads)', () => {
    const dir = join(import.meta.dirname, '../../src/review');
    const allowed: Record<string, readonly string[]> = {
      'reviewWorker.ts': ['node:fs', 'node:os', 'node:worker_threads'],
      // Its compiled body when run from dist/, else tsx (imported when needed) and the .ts.
      'reviewWorker.mjs': ['node:fs', 'tsx/esm/api'],
    };
    const offenders: string[] = [];
    for (const name of readdirSync(dir).filter((n) => /\.(ts|mjs)$/.test(n))) {
      const text = readFileSync(join(dir, name), 'utf8');
      for (const [, spec] of text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)) {
        const s = spec as string;
        const inside = s.startsWith('./') || s.startsWith('../engine/') || s.startsWith('../bots/');
        if (!inside && !(allowed[name] ?? []).includes(s)) offenders.push(`${name} imports ${s}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
