/**
 * The worker pool that makes hard bots' decisions off the main thread (src/bots/workerPool.ts; its
 * tests live here, beside the app that uses it): real worker threads loading TypeScript under
 * vitest, the same answers as this thread, and every way a worker can fail ends in an answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DecisionRequest, requestAt, runDecision } from '../../src/bots/decisionJob.js';
import { defaultPoolSize, WorkerPool } from '../../src/bots/workerPool.js';
import { apply, buildScenario, makeSettings, newMatch } from '../../src/engine/index.js';

const pools: WorkerPool[] = [];
function pool(...args: ConstructorParameters<typeof WorkerPool>): WorkerPool {
  const made = new WorkerPool(...args);
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const fake = (name: string) => new URL(`../support/workers/${name}.mjs`, import.meta.url);

/** Mid-hand: seat 1 must answer a pair of sixes, and could bomb. */
const midHand = buildScenario({
  hands: { 0: 'mahjong 5jd 9st', 1: '7st 7jd 8jd 8sw 8pg 8st Kjd', 2: '3jd 4sw', 3: 'Ajd Qsw' },
  trick: [{ seat: 0, cards: '6sw 6jd' }],
  turn: 1,
});

function request(level: DecisionRequest['level'], state = midHand, seat: 0 | 1 | 2 | 3 = 1): DecisionRequest {
  return requestAt(level, state, seat, `test:${state.version}:${seat}`, 50);
}

describe('the decision worker pool', () => {
  it('sizes itself one below the cores, at least one', () => {
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(1);
    expect(new WorkerPool({ size: 0 }).size).toBe(1);
  });

  it('answers in a worker thread exactly as this thread would, easy and normal in every phase', async () => {
    const workers = pool({ size: 2 });
    expect(workers.workers).toBe(0); // started on demand
    const dealt = newMatch(makeSettings(), 'pool-seed');
    const asks = [request('easy'), request('normal'), request('normal', dealt, 2), request('easy', dealt, 3)];
    const answers = await Promise.all(asks.map((r) => workers.decide(r)));
    expect(answers).toEqual(asks.map((r) => runDecision(r)));
    expect(answers.every((a) => a.ok && a.action !== null)).toBe(true);
    expect(workers.workers).toBeGreaterThanOrEqual(1);
  });

  it('a decision owed now goes before those asked ahead (deadlines prepared), each kind in order', async () => {
    const workers = pool({ size: 1 });
    const answered: string[] = [];
    const ask = (name: string, ahead: boolean) =>
      workers.decide(request('normal'), ahead).then((a) => {
        expect(a.ok).toBe(true);
        answered.push(name);
      });
    // All asked while the one worker starts: the hard bot's question is sent first.
    await Promise.all([ask('ahead 1', true), ask('ahead 2', true), ask('now', false), ask('ahead 3', true)]);
    expect(answered).toEqual(['now', 'ahead 1', 'ahead 2', 'ahead 3']);
  });

  it('a worker that crashes on a job answers with the reason, and the next job gets a new worker', async () => {
    const workers = pool({ size: 1, entry: fake('crashOnJob') });
    const first = await workers.decide(request('normal'));
    expect(first).toEqual({ ok: false, reason: expect.stringMatching(/exited.*crashed on purpose/) });
    const second = await workers.decide(request('normal'));
    expect(second).toEqual({ ok: false, reason: expect.stringMatching(/crashed on purpose/) });
  });

  it('workers that cannot start fail the waiting jobs, then the pool stops starting them', async () => {
    const workers = pool({ size: 2, entry: fake('failToStart') });
    const answers = await Promise.all([workers.decide(request('easy')), workers.decide(request('easy'))]);
    for (const answer of answers) expect(answer.ok).toBe(false);
    await workers.decide(request('easy'));
    await workers.decide(request('easy'));
    expect(await workers.decide(request('easy'))).toEqual({
      ok: false,
      reason: 'the decision workers do not start',
    });
    expect(workers.workers).toBe(0);
  });

  it('hard answers in a worker thread with a legal play (its search runs on a wall clock, so no exact match)', async () => {
    const workers = pool({ size: 1 });
    const ask = request('hard');
    const answer = await workers.decide(ask);
    if (!answer.ok || answer.action === null) return expect.fail(`no play: ${JSON.stringify(answer)}`);
    expect(apply(midHand, ask.seat, answer.action).ok).toBe(true);
  });

  it('a minute after it stopped starting workers, it tries one again', async () => {
    const workers = pool({ size: 1, entry: fake('failToStart') });
    for (let i = 0; i < 3; i++) expect((await workers.decide(request('easy'))).ok).toBe(false);
    expect(await workers.decide(request('easy'))).toEqual({
      ok: false,
      reason: 'the decision workers do not start',
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      // A real attempt again: it fails by the worker's exit, not by the pool's refusal...
      expect(await workers.decide(request('easy'))).toEqual({
        ok: false,
        reason: expect.stringMatching(/exited/),
      });
      // ...and having failed, the pool waits another minute.
      expect(await workers.decide(request('easy'))).toEqual({
        ok: false,
        reason: 'the decision workers do not start',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a worker that never answers is stopped once its budget and grace are spent', async () => {
    const workers = pool({ size: 1, entry: fake('neverAnswer'), graceMs: 20 });
    const answer = await workers.decide({ ...request('easy'), budgetMs: 10 });
    expect(answer).toEqual({ ok: false, reason: expect.stringMatching(/no answer within 30 ms/) });
  });

  it('closing answers every job still owed and ends the workers; nothing is decided after', async () => {
    const workers = pool({ size: 1, entry: fake('neverAnswer') });
    const owed = [workers.decide(request('easy')), workers.decide(request('easy'))];
    await workers.close();
    expect(await Promise.all(owed)).toEqual([
      { ok: false, reason: 'the worker pool is closed' },
      { ok: false, reason: 'the worker pool is closed' },
    ]);
    expect(workers.workers).toBe(0);
    expect(await workers.decide(request('easy'))).toEqual({ ok: false, reason: 'the worker pool is closed' });
  });
});
