/**
 * Hand reviews as the Discord layer asks for them (docs/review.md): a finished hand's decisions of
 * one seat, reviewed for the person who held it and nobody else, computed once off the main thread
 * (the review pool) and answered from the store after. Many asked at once queue fairly by person.
 */
import { ok, type Seat, type Settings } from '../engine/index.js';
import type { HandReview, ReviewAnswer, ReviewRequest } from '../review/index.js';
import { type Core, checkSnowflake, type Outcome, refuse } from './core.js';
import { FairQueue } from './fairQueue.js';
import { holderAt } from './results.js';

/** Where reviews are computed: a pool of worker threads in the bot, this thread in tests. */
export interface Reviewer {
  run(request: ReviewRequest): Promise<ReviewAnswer>;
  close(): Promise<void>;
}

export interface ReviewAsk {
  readonly guildId: string;
  readonly matchId: number;
  readonly hand: number;
  readonly userId: string;
  /** Asked in the table's own place (its hand summary): a duplicate round's board is not hidden there. */
  readonly own?: boolean;
}

export interface ReviewReady {
  readonly matchId: number;
  readonly hand: number;
  readonly seat: Seat;
  readonly review: HandReview;
  /** True when it was read from the store (computed before), false when computed for this request. */
  readonly stored: boolean;
}

/** What a review needs, read and checked on the main thread before anything is queued. */
interface Prepared {
  readonly ask: ReviewAsk;
  readonly seat: Seat;
  readonly request: () => ReviewRequest;
}

export interface ReviewOptions {
  /** Wall-clock budget of one hand's review, in milliseconds. */
  readonly budgetMs: number;
  /** Reviews computed at once (the pool's workers). */
  readonly concurrency: number;
  /** Whether a match is a challenge board whose week is still open (its reviews wait for the close). */
  readonly challengeOpen?: (matchId: number) => boolean;
}

/** Reviews one person may have waiting at once. */
const WAITING_PER_PERSON = 3;
/**
 * Reviews waiting in all: at about 8 s each on one thread, the last of 60 is answered within ten
 * minutes, well inside the 15 minutes Discord keeps an answer open.
 */
const WAITING_IN_ALL = 60;

export class ReviewService {
  private readonly queue: FairQueue;
  /** Reviews being computed, by match, hand and seat: a second ask waits for the same one. */
  private readonly computing = new Map<string, Promise<Outcome<ReviewReady>>>();
  private closing = false;

  constructor(
    private readonly core: Core,
    private readonly reviewer: Reviewer,
    private readonly options: ReviewOptions,
  ) {
    this.queue = new FairQueue(Math.max(1, options.concurrency), WAITING_PER_PERSON, WAITING_IN_ALL);
  }

  /**
   * The stored review, if there is one, or null when it must be computed (`review` does that); a
   * refusal when the asker may not have it. Synchronous: the Discord layer answers at once with it.
   */
  stored(ask: ReviewAsk): Outcome<ReviewReady | null> {
    const prepared = this.prepare(ask);
    if (!prepared.ok) return prepared;
    return ok(this.fromStore(ask, prepared.value.seat));
  }

  /** The review of the asker's seat in that hand: from the store, or computed now (seconds). */
  async review(ask: ReviewAsk): Promise<Outcome<ReviewReady>> {
    const prepared = this.prepare(ask);
    if (!prepared.ok) return prepared;
    const { seat } = prepared.value;
    const found = this.fromStore(ask, seat);
    if (found) return ok(found);
    const key = `${ask.matchId}:${ask.hand}:${seat}:${ask.userId}`;
    const running = this.computing.get(key);
    if (running) return running;
    if (!this.queue.hasRoom(ask.userId))
      return refuse({
        code: 'review',
        reason: this.queue.waitingOf(ask.userId) >= WAITING_PER_PERSON ? 'busy' : 'full',
      });
    const work = this.queue
      .run(ask.userId, () => this.compute(prepared.value))
      // Dropped at shutdown while it waited: the bot is restarting.
      .catch((): Outcome<ReviewReady> => refuse({ code: 'restarting' }))
      .finally(() => this.computing.delete(key));
    this.computing.set(key, work);
    return work;
  }

  /** Shutdown: waiting reviews are answered that the bot restarts; running ones fail the same way. */
  close(): Promise<void> {
    this.closing = true;
    this.queue.close(new Error('restarting'));
    return this.reviewer.close();
  }

  private fromStore(ask: ReviewAsk, seat: Seat): ReviewReady | null {
    const row = this.core.store.reviews.get(ask.matchId, ask.hand, seat, ask.userId);
    if (!row) return null;
    return { matchId: ask.matchId, hand: ask.hand, seat, review: JSON.parse(row.review), stored: true };
  }

  private async compute(prepared: Prepared): Promise<Outcome<ReviewReady>> {
    const { ask, seat } = prepared;
    const answer = await this.reviewer.run(prepared.request());
    if (!answer.ok)
      return refuse(this.closing ? { code: 'restarting' } : { code: 'review', reason: 'failed' });
    // Stored by whoever computed it first; a race (two processes) keeps the first, equally good.
    try {
      this.core.store.transaction(() =>
        this.core.store.reviews.put({
          matchId: ask.matchId,
          hand: ask.hand,
          seat,
          userId: ask.userId,
          review: JSON.stringify(answer.review),
          budgetMs: this.options.budgetMs,
          createdAt: this.core.env.now(),
        }),
      );
    } catch {
      // Not kept (a full disk): the answer still stands; the next ask computes it again.
    }
    return ok({ matchId: ask.matchId, hand: ask.hand, seat, review: answer.review, stored: false });
  }

  /**
   * Checks the ask: a match of this server the asker may see, a finished hand, a seat the asker held
   * in it; and reads what the review needs (lazily: only when it is computed).
   */
  private prepare(ask: ReviewAsk): Outcome<Prepared> {
    const bad = checkSnowflake(ask.guildId, 'server id') ?? checkSnowflake(ask.userId, 'user id');
    if (bad) return refuse(bad);
    if (!Number.isInteger(ask.matchId) || ask.matchId < 1) return refuse({ code: 'unknown_match' });
    const { store } = this.core;
    const match = store.stats.match(ask.matchId);
    if (!match || match.guildId !== ask.guildId) return refuse({ code: 'unknown_match' });
    if (!ask.own && store.events.hiddenMatch(ask.matchId))
      return refuse({ code: 'event', reason: 'board_hidden' });
    if (this.options.challengeOpen?.(ask.matchId))
      return refuse({ code: 'review', reason: 'challenge_open' });
    const finished = store.stats.handResults(ask.matchId).some((h) => h.number === ask.hand && h.result);
    if (!finished) return refuse({ code: 'review', reason: 'not_finished' });
    const entries = store.matches.handActions(ask.matchId, ask.hand);
    const last = entries.at(-1);
    if (!last) return refuse({ code: 'review', reason: 'not_finished' });
    const seat = seatHeld(this.core, ask, last.version, entries);
    if (seat === null) return refuse({ code: 'review', reason: 'not_yours' });
    return ok({
      ask,
      seat,
      request: () => {
        const stored = store.matches.load(ask.matchId);
        const all = store.matches.actions(ask.matchId).filter((e) => e.version <= last.version);
        const own = all.flatMap((e, index) =>
          e.handNumber === ask.hand && e.seat === seat && e.userId === ask.userId && !e.forced ? [index] : [],
        );
        return {
          settings: stored?.settings as Settings,
          seed: stored?.seed ?? '',
          actions: all.map((e) => ({ seat: e.seat, action: e.action })),
          hand: ask.hand,
          seat,
          own,
          budgetMs: this.options.budgetMs,
        };
      },
    });
  }
}

/**
 * The seat whose decisions in the hand were the asker's own: the seat they held when the hand ended
 * (a substitute reviews the seat they took over), or else one they acted for in it (before they
 * were replaced); null when no decision of the hand was theirs.
 */
function seatHeld(
  core: Core,
  ask: ReviewAsk,
  lastVersion: number,
  entries: ReadonlyArray<{ seat: number; userId: string | null; forced: unknown }>,
): Seat | null {
  const own = (seat: number) => entries.some((e) => e.seat === seat && e.userId === ask.userId && !e.forced);
  const holders = core.store.seats.holders(ask.matchId);
  for (const seat of [0, 1, 2, 3] as Seat[])
    if (holderAt(holders, seat, lastVersion)?.userId === ask.userId && own(seat)) return seat;
  const acted = entries.find((e) => e.userId === ask.userId && !e.forced);
  return acted ? (acted.seat as Seat) : null;
}
