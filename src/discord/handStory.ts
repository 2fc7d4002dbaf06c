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
 */

import { type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { StatsService } from '../app/stats.js';
import type { ActOutcome } from '../app/tableService.js';
import type { Looks } from './looks.js';
import { NORMAL, type Outbox } from './outbox.js';
import { renderHandSummary, renderMatchResult, type StoryPayload, scoreAfter } from './renderStory.js';

export class HandStory {
  private readonly inFlight = new Set<Promise<void>>();
  /** Each table's last post under way: the next one goes after it, so a hand's story reads in order. */
  private readonly last = new Map<string, Promise<void>>();

  constructor(
    private readonly client: Client,
    private readonly stats: StatsService,
    private readonly logger: Logger,
    private readonly outbox: Outbox,
    private readonly looks: Looks,
  ) {}

  /** The table service's hand-end listener: renders now (from what was just committed), posts soon. */
  handEnded(outcome: ActOutcome): void {
    const { table, state } = outcome;
    // Posted for everyone in the channel: in the server's language.
    const { lang } = this.looks.forGuild(table.guildId);
    const posts: StoryPayload[] = [];
    for (const event of outcome.events) {
      if (event.type !== 'handEnded') continue;
      const score = scoreAfter(state.history, event.result.number);
      posts.push(renderHandSummary(table, event.result, score, state.settings.targetScore, lang));
    }
    if (outcome.events.some((e) => e.type === 'matchEnded') && table.matchId !== null) {
      const detail = this.stats.matchDetail(table.guildId, table.matchId);
      posts.push(renderMatchResult(table, state, detail.ok ? detail.value : null, lang));
    }
    for (const body of posts) this.post(table.id, table.channelId, body);
  }

  /** Waits for the posts under way (a clean shutdown). */
  async drain(): Promise<void> {
    for (let round = 0; this.inFlight.size > 0 && round < 1_000; round++) {
      await this.outbox.drain();
      await Promise.all([...this.inFlight]);
    }
  }

  private post(tableId: string, channelId: string, body: StoryPayload): void {
    const previous = this.last.get(tableId) ?? Promise.resolve();
    const send = () =>
      this.client.rest.post(Routes.channelMessages(channelId), { body }).then(
        () => {},
        (error: unknown) => this.logger.warn({ tableId, err: String(error) }, 'hand story message failed'),
      );
    const work: Promise<void> = previous
      .then(() => this.outbox.add(NORMAL, send))
      .then(() => {})
      .finally(() => {
        this.inFlight.delete(work);
        if (this.last.get(tableId) === work) this.last.delete(tableId);
      });
    this.last.set(tableId, work);
    this.inFlight.add(work);
  }
}
