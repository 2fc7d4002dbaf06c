/**
 * The story of a hand and a match in the channel: when a hand ends, one short summary (order out,
 * calls made or failed, card points, the hand's score and the running one); when the match ends,
 * one more message mentioning its players, with the winners and their rating changes.
 *
 * The table service tells of every committed outcome that ended a hand, whatever made it (a click,
 * a bot, a timeout, an away seat, a hard bot's answer), once, after its transaction: so each hand
 * gets exactly one summary, a restart posts none again, and an abandoned match (no hand ends in an
 * abandon) none at all. The posts go through the outbox like the bot's other channel writes, and
 * (like every REST call) only once the store's flush has made the commit durable. A crash between
 * the commit and the post loses that summary: it is never posted late (accepted: the table
 * message and /history still show the score).
 *
 * A post Discord failed for now (a 5xx past discord.js's own retries, a timeout, a broken
 * connection) is tried again after 1 s, 2 s, 4 s ... while Discord still knows its nonce
 * (`POST_RETRY_WINDOW_MS`); every try carries the same nonce with `enforce_nonce`, so a try Discord
 * took but whose answer was lost is answered with that message rather than posted twice. The next
 * post of the table waits for it: the story reads in order.
 */

import { type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { StatsService } from '../app/stats.js';
import type { ActOutcome } from '../app/tableService.js';
import type { GameEvent } from '../engine/index.js';
import type { Looks } from './looks.js';
import { newNonce, POST_RETRY_WINDOW_MS } from './nonce.js';
import { isTransient, NORMAL, type Outbox, retryDelayMs } from './outbox.js';
import { renderHandSummary, renderMatchResult, type StoryPayload, scoreAfter } from './renderStory.js';
import { myHandButton } from './renderTable.js';
import { reviewRow } from './reviewIds.js';

export class HandStory {
  private readonly posts: StoryPosts;

  constructor(
    client: Client,
    private readonly stats: StatsService,
    logger: Logger,
    outbox: Outbox,
    private readonly looks: Looks,
  ) {
    this.posts = new StoryPosts(client.rest, outbox, logger);
  }

  /** The table service's hand-end listener: renders now (from what was just committed), posts soon. */
  handEnded(outcome: ActOutcome): void {
    const { table, state } = outcome;
    // Posted for everyone in the channel: in the server's language.
    const { lang } = this.looks.forGuild(table.guildId);
    const posts: StoryPayload[] = [];
    // The summary that leaves a next deal to play: the players' panels are moved below it once posted.
    let goesOn: StoryPayload | null = null;
    for (const event of outcome.events) {
      if (event.type !== 'handEnded') continue;
      const score = scoreAfter(state.history, event.result.number);
      const plays = this.handEvents(table.guildId, table.matchId, event.result.number);
      const summary = renderHandSummary(table, event.result, score, lang, plays);
      // Each player may ask for a review of their own decisions in it (answered to them alone). While
      // the match goes on, My hand too: the summary pushes the players' panels up out of sight just
      // as the next deal asks for their Grand Tichu decision, and this opens one below it.
      if (table.matchId !== null) {
        // A challenge board's review opens when its week closes: its button says so.
        const later = !this.stats.reviewsAtOnce(table.id);
        const review = reviewRow(table.matchId, event.result.number, lang, later).components as unknown[];
        const next = state.status === 'playing' && event.result.number === state.hand.number - 1;
        const hand = next ? [myHandButton(table.id, state.version, lang)] : [];
        if (next) goesOn = summary;
        summary.components = [{ type: 1, components: [...review, ...hand] }];
      }
      posts.push(summary);
    }
    if (outcome.events.some((e) => e.type === 'matchEnded') && table.matchId !== null) {
      // Posted in the table's own channel: its players see their own match, even a duplicate round's.
      // A duplicate round's results (and ratings) are recorded when the round ends: no rating lines now.
      const detail = this.stats.quietRatings(table.id)
        ? null
        : this.stats.matchDetail(table.guildId, table.matchId, true);
      posts.push(renderMatchResult(table, state, detail?.ok ? detail.value : null, lang));
    }
    for (const body of posts)
      this.posts.post(
        table.id,
        table.channelId,
        body,
        body === goesOn ? () => this.onSummaryPosted?.(table.id) : undefined,
      );
  }

  /** Hears that a hand's summary with a next deal to play was posted in its table's channel. */
  onSummaryPosted: ((tableId: string) => void) | null = null;

  /**
   * Every event of the hand, from the match's log (just committed): the summary tells the hand's
   * plays, which the table message may have skipped (its edits are coalesced). None if it cannot be read.
   */
  private handEvents(guildId: string, matchId: number | null, hand: number): GameEvent[] {
    if (matchId === null) return [];
    const log = this.stats.handLog(guildId, matchId, hand, true);
    return log.ok ? log.value.entries.flatMap((entry) => entry.events) : [];
  }

  /** Waits for the posts under way (a clean shutdown: a failed one is not tried again). */
  drain(): Promise<void> {
    return this.posts.drain();
  }
}

export interface StoryPostsOptions {
  readonly now?: () => number;
  /** A number in [0, 1) for the retries' jitter. */
  readonly random?: () => number;
  readonly wait?: (ms: number) => Promise<void>;
}

/** Posts of the story: in order per table, each tried again (same nonce) while Discord fails for now. */
export class StoryPosts {
  private readonly inFlight = new Set<Promise<void>>();
  /** Each table's last post under way: the next one goes after it, so a hand's story reads in order. */
  private readonly last = new Map<string, Promise<void>>();
  private stopping = false;
  /** Wakes the retries waiting for their next try (a shutdown does not wait up to 30 s for them). */
  private readonly sleepers = new Set<() => void>();
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(
    private readonly rest: Pick<Client['rest'], 'post'>,
    private readonly outbox: Outbox,
    private readonly logger: Logger,
    options: StoryPostsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  /** Posts `body` after the table's posts before it; `posted` hears that it stands in the channel. */
  post(tableId: string, channelId: string, body: StoryPayload, posted?: () => void): void {
    const previous = this.last.get(tableId) ?? Promise.resolve();
    const work: Promise<void> = previous
      .then(() => this.deliver(tableId, channelId, body))
      .then((stands) => {
        if (stands) posted?.();
      })
      .finally(() => {
        this.inFlight.delete(work);
        if (this.last.get(tableId) === work) this.last.delete(tableId);
      });
    this.last.set(tableId, work);
    this.inFlight.add(work);
  }

  /** Waits for the posts under way; from now on a failed one is not tried again. */
  async drain(): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.sleepers]) wake();
    for (let round = 0; this.inFlight.size > 0 && round < 1_000; round++) {
      await this.outbox.drain();
      await Promise.all([...this.inFlight]);
    }
  }

  /** Resolves once no post is under way (each stood, or its tries ended), without stopping anything. */
  async settled(): Promise<void> {
    for (let round = 0; this.inFlight.size > 0 && round < 1_000; round++)
      await Promise.all([...this.inFlight]);
  }

  /** Waits `ms`, or less if a shutdown wakes it. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        this.sleepers.delete(wake);
        resolve();
      };
      this.sleepers.add(wake);
      void this.wait(ms).then(wake);
    });
  }

  /** Resolves true once the post stands, false when its tries ended without it. */
  private async deliver(tableId: string, channelId: string, body: StoryPayload): Promise<boolean> {
    const nonce = newNonce();
    const since = this.now();
    for (let failures = 1; ; failures++) {
      // The outbox settles a failed write as it does a sent one: the failure is caught here.
      let failure: { error: unknown } | null = null;
      await this.outbox.add(NORMAL, () =>
        this.rest
          .post(Routes.channelMessages(channelId), { body: { ...body, nonce, enforce_nonce: true } })
          .catch((error: unknown) => {
            failure = { error };
          }),
      );
      if (failure === null) return true;
      const { error } = failure as { error: unknown };
      const again = isTransient(error) && !this.stopping && this.now() - since < POST_RETRY_WINDOW_MS;
      const line = { tableId, err: error instanceof Error ? error.message : String(error), failures };
      if (!again) {
        this.logger.warn(line, 'hand story message failed');
        return false;
      }
      if (failures === 1) this.logger.warn({ ...line, retrying: true }, 'hand story message failed');
      await this.sleep(retryDelayMs(failures, this.random()));
      // Shut down meanwhile: no more tries (what the last one said is logged above).
      if (this.stopping) return false;
    }
  }
}
