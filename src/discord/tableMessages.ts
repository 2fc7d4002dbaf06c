/**
 * The public table message, edited in place by its stored id. Edits are coalesced: a burst of
 * actions at one table costs one edit, at most one edit per table is in flight, and edits go out
 * through the outbox (latest wins, tables whose awaited player changed first, paced under
 * Discord's global limit), so a busy bot shows each table's newest state rather than a backlog.
 *
 * An edit Discord failed for now is tried again by the outbox. A post (no message yet, or the
 * message was deleted) carries a nonce with `enforce_nonce`, the same for every try until one is
 * answered: a try Discord took but whose answer was lost (a 5xx after the work, a timeout), sent
 * again by discord.js or by the outbox, gets the message already posted back instead of making a
 * second one. Discord keeps nonces for a few minutes, so a post is tried again automatically only
 * within `POST_RETRY_WINDOW_MS` of its first try; after that, at the table's next change.
 */

import { type Client, DiscordAPIError, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { TableService, TableSnapshot } from '../app/tableService.js';
import type { Looks } from './looks.js';
import { newNonce, POST_RETRY_WINDOW_MS } from './nonce.js';
import { type FailureReport, NORMAL, type Outbox, type Priority, URGENT } from './outbox.js';
import { renderTable } from './renderTable.js';

const UNKNOWN_MESSAGE = 10008;
/** What an edit to Components V2 empties of a message posted in the embed style. */
const CLEAR_OLD = { content: null, embeds: [] } as const;

export class TableMessages {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Whose decision each table's message last showed (the edit of a table where it changed goes first). */
  private readonly shown = new Map<string, string>();
  /** Each table's post not yet answered: its nonce (the same on every try) and its first try. */
  private readonly posting = new Map<string, { readonly nonce: string; readonly since: number }>();
  private draining = false;

  constructor(
    private readonly client: Client,
    private readonly service: TableService,
    private readonly logger: Logger,
    private readonly outbox: Outbox,
    private readonly looks: Looks,
    private readonly delayMs = 200,
  ) {}

  /**
   * Posts a new table message in the table's channel and remembers its id. Every try of one post
   * carries the same nonce, so Discord answers a try after one it took with that message.
   */
  private async post(tableId: string): Promise<void> {
    const snapshot = this.service.tableView(tableId);
    if (!snapshot.ok) return;
    const { table } = snapshot.value;
    let attempt = this.posting.get(tableId);
    if (!attempt || Date.now() - attempt.since >= POST_RETRY_WINDOW_MS) {
      // Discord no longer knows an older nonce: a new post.
      attempt = { nonce: newNonce(), since: Date.now() };
      this.posting.set(tableId, attempt);
    }
    const message = (await this.client.rest.post(Routes.channelMessages(table.channelId), {
      body: {
        ...renderTable(snapshot.value, this.looks.forGuild(table.guildId)),
        nonce: attempt.nonce,
        enforce_nonce: true,
      },
    })) as { id: string };
    this.posting.delete(tableId);
    this.service.setMessageId(tableId, message.id);
    this.remember(tableId, snapshot.value);
  }

  /** Whether a write of the table that failed for now may be tried again automatically. */
  private mayTryAgain(tableId: string): boolean {
    const attempt = this.posting.get(tableId);
    return !attempt || Date.now() - attempt.since < POST_RETRY_WINDOW_MS;
  }

  /** Logs a failed write: the first of a streak and its end, not every retry between. */
  private failed(tableId: string, error: unknown, report: FailureReport): void {
    if (!report.retrying) this.posting.delete(tableId);
    const line = { tableId, err: describe(error), failures: report.failures };
    if (report.gaveUp)
      this.logger.error(line, 'table message write failed for 10 minutes; tried again at the next change');
    else if (report.failures === 1 || !report.retrying)
      this.logger.warn({ ...line, retrying: report.retrying }, 'table message write failed');
    else this.logger.debug(line, 'table message write failed again');
  }

  /** Posts the table again as a new message (which is edited from then on), after any edit under way. */
  repost(tableId: string): void {
    void this.track(tableId, () => this.post(tableId));
  }

  /**
   * Runs `work` that creates or replaces the table message (a reply that is the table message):
   * edits asked for meanwhile wait for it, so they never post a second message for want of an id.
   */
  track(tableId: string, work: () => Promise<void>): Promise<void> {
    const previous = this.inFlight.get(tableId);
    const run = (previous ? previous.then(work) : work())
      .catch((error: unknown) =>
        this.logger.warn({ tableId, err: describe(error) }, 'table message write failed'),
      )
      .finally(() => {
        if (this.inFlight.get(tableId) === run) this.inFlight.delete(tableId);
      });
    this.inFlight.set(tableId, run);
    return run;
  }

  /** Hears of every table change (live panels follow it at once, without the coalescing delay). */
  onChange: (tableId: string) => void = () => {};
  /** Hears when a table shown as playing is shown paused, or back (an event's message says so). */
  onPauseShown: (tableId: string) => void = () => {};

  /** Asks for an edit soon; many asks in a burst become one edit. */
  schedule(tableId: string): void {
    this.onChange(tableId);
    if (this.timers.has(tableId)) return;
    // While shutting down nothing waits: the edit goes now, and drain() waits for it.
    if (this.draining) return void this.flush(tableId);
    this.timers.set(
      tableId,
      setTimeout(() => {
        this.timers.delete(tableId);
        this.flush(tableId);
      }, this.delayMs),
    );
  }

  /**
   * Shows the stored state again (start-up: a table message may show a state from before a crash).
   * Not urgent, and nothing is read until the edit goes out: 10,000 tables queue cheaply, and an
   * action at one of them meanwhile makes its edit urgent.
   */
  refresh(tableId: string): void {
    this.enqueue(tableId, NORMAL);
  }

  /** Into the outbox, urgent when the table now awaits someone else than its message shows. */
  private flush(tableId: string): void {
    const snapshot = this.service.tableView(tableId);
    if (!snapshot.ok) return;
    this.enqueue(tableId, this.shown.get(tableId) !== awaited(snapshot.value) ? URGENT : NORMAL);
  }

  /** One waiting edit per table, which renders the table when it is sent. */
  private enqueue(tableId: string, priority: Priority): void {
    void this.outbox.put(`table:${tableId}`, priority, () => this.editTracked(tableId), {
      retry: () => this.mayTryAgain(tableId),
      onFailure: (error, report) => this.failed(tableId, error, report),
    });
  }

  /**
   * The edit, in turn with the table's other writes; its failure reaches the outbox (tried again
   * later), which reports it to `failed` for the log.
   */
  private async editTracked(tableId: string): Promise<void> {
    let failure: { error: unknown } | null = null;
    await this.track(tableId, () =>
      this.edit(tableId).catch((error: unknown) => {
        failure = { error };
      }),
    );
    if (failure) throw (failure as { error: unknown }).error;
  }

  private async edit(tableId: string): Promise<void> {
    const snapshot = this.service.tableView(tableId);
    if (!snapshot.ok) return;
    const { table } = snapshot.value;
    if (!table.messageId) return this.post(tableId);
    try {
      await this.client.rest.patch(Routes.channelMessage(table.channelId, table.messageId), {
        // The message may be one posted before Components V2 (an embed): Discord sets the flag only
        // on an edit that also empties its content and embeds (null and [], as its docs say).
        body: { ...renderTable(snapshot.value, this.looks.forGuild(table.guildId)), ...CLEAR_OLD },
      });
      // Shown only once Discord took it: a failed edit leaves the next one urgent.
      this.remember(tableId, snapshot.value);
    } catch (error) {
      // Someone deleted the table message: post a new one.
      if (error instanceof DiscordAPIError && error.code === UNKNOWN_MESSAGE) return this.post(tableId);
      throw error;
    }
  }

  /** Sends every pending edit now and waits for all of them (for a clean shutdown). */
  async drain(): Promise<void> {
    this.draining = true;
    for (const [tableId, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(tableId);
      this.flush(tableId);
    }
    await this.outbox.drain();
    while (this.inFlight.size > 0) await Promise.all(this.inFlight.values());
  }

  private remember(tableId: string, snapshot: TableSnapshot): void {
    const before = this.shown.get(tableId);
    if (snapshot.table.status === 'playing' || snapshot.table.status === 'paused')
      this.shown.set(tableId, awaited(snapshot));
    else this.shown.delete(tableId);
    if (before !== undefined && (before === 'paused') !== (snapshot.table.status === 'paused'))
      this.onPauseShown(tableId);
  }
}

/** Whose decision the table awaits, as a key: a change makes its edit urgent. */
function awaited({ table, view }: TableSnapshot): string {
  if (!view || table.status !== 'playing') return table.status;
  if (view.phase !== 'play') return `${view.handNumber}:${view.phase}`;
  return `${view.handNumber}:${view.pending?.kind ?? 'turn'}:${view.pending?.seat ?? view.turn}`;
}

/** A message nonce (Discord takes at most 25 characters). */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
