/**
 * The review service (src/app/reviews.ts) and its fair queue: who may have a hand's review, one
 * computation however many ask at once, the store answering the second time, reviews served in
 * turn by person, and a person asking too many at once refused in plain terms.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FairQueue } from '../../src/app/fairQueue.js';
import type { Reviewer } from '../../src/app/reviews.js';
import type { ReviewRequest } from '../../src/review/index.js';
import { runReview } from '../../src/review/index.js';
import {
  accepted,
  createFixture,
  driveHumans,
  type Fixture,
  GUILD,
  HOST,
  refusal,
  STRANGER,
  startFourHumans,
  USERS,
} from '../support/service.js';

/** A reviewer that computes on this thread (capped, so fast) and counts what it was asked. */
function countingReviewer(): Reviewer & { asked: ReviewRequest[]; release(): void } {
  const asked: ReviewRequest[] = [];
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    asked,
    release() {
      open();
      gate = Promise.resolve();
    },
    async run(request) {
      asked.push(request);
      await gate;
      return runReview({ ...request, budgetMs: Number.POSITIVE_INFINITY, samples: 8 });
    },
    close: async () => {},
  };
}

let fx: Fixture | undefined;
afterEach(() => fx?.cleanup());

/** A match whose first hand is over (four people, plain moves), and its id. */
function firstHandPlayed(reviewer: Reviewer): { matchId: number } {
  fx = createFixture({ reviewer });
  const started = startFourHumans(fx);
  driveHumans(fx, started.table.id, (state) => state.history.length >= 1);
  return { matchId: accepted(fx.service.tableView(started.table.id)).table.matchId as number };
}

describe('hand reviews', () => {
  it('are for the seat’s holder, of a finished hand; computed once, then read from the store', async () => {
    const reviewer = countingReviewer();
    const { matchId } = firstHandPlayed(reviewer);
    const service = (fx as Fixture).service.reviews;
    const ask = { guildId: GUILD, matchId, hand: 1, userId: (USERS[2] as { userId: string }).userId };
    expect(refusal(await service.review({ ...ask, userId: STRANGER.userId }))).toEqual({
      code: 'review',
      reason: 'not_yours',
    });
    expect(refusal(await service.review({ ...ask, hand: 2 }))).toEqual({
      code: 'review',
      reason: 'not_finished',
    });
    expect(refusal(await service.review({ ...ask, matchId: matchId + 1 }))).toEqual({
      code: 'unknown_match',
    });
    expect(refusal(await service.review({ ...ask, guildId: 'nope' }))).toMatchObject({
      code: 'malformed_id',
    });
    expect(accepted(service.stored(ask))).toBeNull();
    // Two asks at once: one computation, the same answer.
    const [a, b] = [service.review(ask), service.review(ask)];
    reviewer.release();
    const [first, second] = [accepted(await a), accepted(await b)];
    expect(reviewer.asked).toHaveLength(1);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ matchId, hand: 1, seat: 2, stored: false });
    // Only the seat's own decisions were asked for: every index is one of seat 2's actions in hand 1.
    const request = reviewer.asked[0] as ReviewRequest;
    expect(request.own?.length).toBeGreaterThan(3);
    for (const i of request.own ?? []) expect(request.actions[i]?.seat).toBe(2);
    // Again: from the store, nothing computed.
    const third = accepted(await service.review(ask));
    expect(third).toMatchObject({ stored: true, seat: 2 });
    expect(third.review).toEqual(first.review);
    expect(accepted(service.stored(ask))).toMatchObject({ stored: true });
    expect(reviewer.asked).toHaveLength(1);
  });

  it('reviews a seat for the person who played it, not for one who took it over after', async () => {
    const reviewer = countingReviewer();
    reviewer.release();
    fx = createFixture({ reviewer });
    const started = startFourHumans(fx);
    const id = started.table.id;
    driveHumans(fx, id, (state) => state.history.length >= 1);
    const matchId = accepted(fx.service.tableView(id)).table.matchId as number;
    // Carol steps away after hand 1 and a stranger takes her seat.
    const carol = USERS[2] as (typeof USERS)[number];
    accepted(fx.service.goAway(id, carol));
    accepted(await fx.service.replaceSeat(id, HOST, 2, { ...STRANGER, isBot: false }));
    const ask = (userId: string) => ({ guildId: GUILD, matchId, hand: 1, userId });
    expect(refusal(await fx.service.reviews.review(ask(STRANGER.userId)))).toEqual({
      code: 'review',
      reason: 'not_yours',
    });
    const mine = accepted(await fx.service.reviews.review(ask(carol.userId)));
    expect(mine).toMatchObject({ seat: 2, stored: false });
    expect(mine.review.decisions.length).toBeGreaterThan(3);
    // Stored as Carol's: the stranger still has none.
    expect(accepted(fx.service.reviews.stored(ask(carol.userId)))).toMatchObject({ stored: true });
    expect(refusal(fx.service.reviews.stored(ask(STRANGER.userId)))).toMatchObject({ reason: 'not_yours' });
  });

  it('refuses a person who already has three reviews waiting, without computing anything', async () => {
    const reviewer = countingReviewer();
    fx = createFixture({ reviewer });
    const started = startFourHumans(fx);
    driveHumans(fx, started.table.id, (state) => state.history.length >= 5);
    const matchId = accepted(fx.service.tableView(started.table.id)).table.matchId as number;
    const service = fx.service.reviews;
    const ann = (hand: number) => ({
      guildId: GUILD,
      matchId,
      hand,
      userId: (USERS[0] as { userId: string }).userId,
    });
    const ben = { ...ann(1), userId: (USERS[1] as { userId: string }).userId };
    // Ann's first runs (held); her next three wait; a fifth is refused at once, and nothing is asked for it.
    const asked = [1, 2, 3, 4].map((hand) => service.review(ann(hand)));
    expect(refusal(await service.review(ann(5)))).toEqual({ code: 'review', reason: 'busy' });
    // Ben is not held up behind all of Ann's: his comes second.
    const bens = service.review(ben);
    expect(reviewer.asked).toHaveLength(1);
    reviewer.release();
    for (const r of [...asked, bens]) expect((await r).ok).toBe(true);
    expect(reviewer.asked.map((r) => `${r.seat}:${r.hand}`)).toEqual(['0:1', '1:1', '0:2', '0:3', '0:4']);
  });
});

describe('the fair queue', () => {
  it('serves people in turn, one task each, whatever order they asked in', async () => {
    const queue = new FairQueue(1, 10);
    const order: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const task = (name: string, wait?: Promise<void>) => async () => {
      order.push(name);
      await wait;
    };
    const all = [
      queue.run('ann', task('ann1', held)),
      queue.run('ann', task('ann2')),
      queue.run('ann', task('ann3')),
      queue.run('ben', task('ben1')),
      queue.run('cat', task('cat1')),
      queue.run('ben', task('ben2')),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['ann1']);
    expect(queue.waitingOf('ann')).toBe(2);
    release();
    await Promise.all(all);
    // Whoever was just served goes behind everyone else who waits.
    expect(order).toEqual(['ann1', 'ben1', 'cat1', 'ann2', 'ben2', 'ann3']);
  });

  it('refuses room beyond a person’s limit and frees it as tasks start', async () => {
    const queue = new FairQueue(1, 2);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = queue.run('ann', () => held);
    const second = queue.run('ann', async () => {});
    const third = queue.run('ann', async () => {});
    expect(queue.hasRoom('ann')).toBe(false);
    expect(queue.hasRoom('ben')).toBe(true);
    release();
    await Promise.all([first, second, third]);
    expect(queue.hasRoom('ann')).toBe(true);
  });

  it('fails the waiting tasks at close, lets the running one finish, and takes no more', async () => {
    const queue = new FairQueue(1, 5);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = queue.run('ann', async () => {
      await held;
      return 'done';
    });
    const waiting = queue.run('ben', async () => 'never');
    queue.close(new Error('restarting'));
    await expect(waiting).rejects.toThrow('restarting');
    await expect(queue.run('cat', async () => 'late')).rejects.toThrow('closed');
    expect(queue.hasRoom('cat')).toBe(false);
    release();
    await expect(running).resolves.toBe('done');
  });

  it('passes a task’s failure to its caller and goes on with the next', async () => {
    const queue = new FairQueue(1, 5);
    const failed = queue.run('ann', async () => {
      throw new Error('boom');
    });
    // One that throws before it returns a promise fails the same way.
    const thrown = queue.run('cat', (() => {
      throw new Error('at once');
    }) as () => Promise<never>);
    await expect(thrown).rejects.toThrow('at once');
    const next = queue.run('ben', async () => 'done');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('done');
  });
});
