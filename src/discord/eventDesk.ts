/**
 * The tournament director's desk in Discord: makes each round's threads and opens their tables,
 * posts a board's summary to the event's channel once every table has played it, and keeps the
 * event message current. Every step is read from committed state (service.events.settle), so after
 * a restart `resume` carries on where the last process stopped: a thread made but not yet used is
 * the only thing that can be left behind.
 */
import { ChannelType, type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { EventProgress, EventRecord, EventTable } from '../app/eventService.js';
import type { ActOutcome, TableService } from '../app/tableService.js';
import { type Lang, t } from '../i18n/index.js';
import { fitContent } from './door/callbackBody.js';
import type { Looks } from './looks.js';
import { NORMAL, type Outbox } from './outbox.js';
import { renderBoard, renderEventMessage, standingLines } from './renderEvent.js';
import type { TableMessages } from './tableMessages.js';
import type { TurnNotifier } from './turnNotifier.js';

/** Rows of the final standings posted when an event ends (all of them are in /event results). */
const FINAL_ROWS = 20;
/** The most people the final message mentions (each about 22 characters of a message's 2,000). */
const MENTIONED = 40;

/** How long a thread stays open without messages (a day: a Tichu night's round fits well inside). */
const THREAD_ARCHIVE_MINUTES = 1440;

export class EventDesk {
  /** One chain of work per event: two tables ending at once must not open the next round twice. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Each event's settle queued and not yet started. */
  private readonly waiting = new Map<string, Promise<void>>();

  constructor(
    private readonly client: Client,
    private readonly service: TableService,
    private readonly logger: Logger,
    private readonly outbox: Outbox,
    private readonly looks: Looks,
    private readonly tableMessages: TableMessages,
    private readonly notifier: TurnNotifier,
  ) {}

  /** A hand ended somewhere: if at an event's table, the event moves on. */
  handEnded(outcome: ActOutcome): void {
    const slot = this.service.events.ofTable(outcome.table.id);
    if (slot) this.settle(slot.eventId);
  }

  /** Start-up: every running event is brought up to date (boards to post, tables to open). */
  resume(): void {
    for (const event of this.service.events.running()) this.settle(event.id);
  }

  /**
   * Reads where the event stands and does what follows (in the event's chain). A settle already
   * waiting its turn serves for this one too: it reads everything afresh when it runs (a closed
   * round's tables each asking would otherwise repeat the work, and any failure's message).
   */
  settle(eventId: string): Promise<void> {
    const waiting = this.waiting.get(eventId);
    if (waiting) return waiting;
    const run = this.queue(eventId, async () => {
      this.waiting.delete(eventId);
      const progress = this.service.events.settle(eventId);
      if (!progress.ok) return;
      await this.follow(progress.value);
    });
    this.waiting.set(eventId, run);
    return run;
  }

  /**
   * After a change a handler committed (a start, a closed round): the event is read afresh in its
   * chain, so what it follows is never older than what a hand's end queued before it.
   */
  progressed(progress: EventProgress): Promise<void> {
    return this.settle(progress.event.id);
  }

  /**
   * Someone took a seat at a table (the host's /table replace, an approved request): at an event's
   * table, which plays in a thread (private for duplicate), they are added to the thread so they can
   * see it. Told to the log if Discord refuses.
   */
  seatTaken(tableId: string, userId: string): void {
    const slot = this.service.events.ofTable(tableId);
    const threadId = slot?.threadId;
    if (!threadId) return;
    void this.client.rest
      .put(Routes.threadMembers(threadId, userId))
      .catch((error: unknown) =>
        this.logger.warn(
          { table: tableId, err: describe(error) },
          'substitute not added to the event thread',
        ),
      );
  }

  /** A table paused or went on: if an event's, its message says so. */
  pauseChanged(tableId: string): void {
    const slot = this.service.events.ofTable(tableId);
    if (slot) this.show(slot.eventId);
  }

  /** A table ended (the host's /table end, a closed round): if an event's, its event moves on. */
  tableClosed(tableId: string): void {
    const slot = this.service.events.ofTable(tableId);
    if (slot) void this.settle(slot.eventId);
  }

  /** Edits the event message to show the event as it is now. */
  show(eventId: string): void {
    const results = this.service.events.results(eventId);
    if (!results.ok) return;
    const { event } = results.value;
    if (!event.messageId) return;
    const body = renderEventMessage(results.value, this.looks.forGuild(event.guildId).lang);
    const messageId = event.messageId;
    void this.outbox.put(`event:${event.id}`, NORMAL, () =>
      this.client.rest
        .patch(Routes.channelMessage(event.channelId, messageId), { body })
        .catch((error: unknown) =>
          this.logger.warn({ event: event.id, err: describe(error) }, 'event message edit failed'),
        ),
    );
  }

  async drain(): Promise<void> {
    for (let round = 0; this.inFlight.size > 0 && round < 1_000; round++)
      await Promise.all([...this.inFlight]);
  }

  private queue(eventId: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(eventId) ?? Promise.resolve();
    const next: Promise<void> = previous
      .then(work)
      .catch((error: unknown) =>
        this.logger.error({ event: eventId, err: describe(error) }, 'event step failed'),
      )
      .finally(() => {
        this.inFlight.delete(next);
        if (this.chains.get(eventId) === next) this.chains.delete(eventId);
      });
    this.chains.set(eventId, next);
    this.inFlight.add(next);
    return next;
  }

  private async follow(progress: EventProgress): Promise<void> {
    const { event } = progress;
    const lang = this.looks.forGuild(event.guildId).lang;
    if (progress.boardsReady.length > 0) {
      const results = this.service.events.results(event.id);
      if (results.ok)
        for (const { round, board } of progress.boardsReady) {
          const report = results.value.boards.find((b) => b.round === round && b.board === board);
          if (!report) continue;
          // Marked first: a summary may be lost to a crash right after, never posted twice.
          if (!this.service.events.markPosted(event.id, round, board)) continue;
          await this.post(event.channelId, {
            content: renderBoard(report, results.value, lang),
            allowed_mentions: { parse: [] },
          });
        }
    }
    if (progress.roundEnded !== null && event.status === 'finished') await this.announceEnd(event, lang);
    for (const table of progress.toOpen) {
      try {
        await this.open(event, table);
      } catch (error) {
        // Most likely a permission the bot lacks here: said in the channel, tried again at the
        // next hand's end or start-up.
        this.logger.warn(
          { event: event.id, table: table.number, err: describe(error) },
          'event thread not made',
        );
        await this.post(event.channelId, {
          content: t(lang, 'event.error.thread', { number: table.number + 1 }),
          allowed_mentions: { parse: [] },
        });
        break;
      }
    }
    // Boards posted and tables opened show on the message too; a plain hand end changes nothing there.
    if (progress.changed || progress.boardsReady.length > 0 || progress.toOpen.length > 0)
      this.show(event.id);
  }

  /**
   * Makes the table's thread (private for a duplicate round), adds its people, opens the table. A
   * thread made before (a retry) is used again; one made for a table whose round moved on meanwhile
   * (the host closed it) is deleted, so nobody is left in a thread with no table.
   */
  private async open(event: EventRecord, slot: EventTable): Promise<void> {
    const lang = this.looks.forGuild(event.guildId).lang;
    const duplicate = event.format === 'duplicate';
    let threadId = slot.threadId;
    if (threadId === null) {
      const thread = (await this.client.rest.post(Routes.threads(event.channelId), {
        body: {
          name: t(lang, 'event.thread.name', { round: slot.round, number: slot.number + 1 }),
          type: duplicate ? ChannelType.PrivateThread : ChannelType.PublicThread,
          auto_archive_duration: THREAD_ARCHIVE_MINUTES,
          ...(duplicate ? { invitable: false } : {}),
        },
      })) as { id: string };
      threadId = thread.id;
      if (!this.service.events.setThread(event.id, slot.round, slot.number, threadId)) {
        await this.dropThread(threadId);
        return;
      }
    }
    const thread = threadId;
    const people = slot.seats.filter((s): s is string => s !== null);
    // The host watches every table, unless they play: then they would see boards before playing them.
    const members = this.playing(event, event.hostId) ? people : [...people, event.hostId];
    // One who cannot be added (left the server) does not hold up the table: away play covers them.
    const added = await Promise.allSettled(
      [...new Set(members)].map((userId) => this.client.rest.put(Routes.threadMembers(thread, userId))),
    );
    const refused = added.filter((a) => a.status === 'rejected').length;
    if (refused > 0)
      this.logger.warn({ event: event.id, table: slot.number, refused }, 'thread members not added');
    const opened = this.service.events.openTable(event.id, slot.round, slot.number, thread);
    if (!opened.ok) {
      // The round moved on, or the event ended, while the thread was made: it is for nothing.
      const { error } = opened;
      if (error.code === 'event' && (error.reason === 'table_gone' || error.reason === 'not_running'))
        await this.dropThread(thread);
      else
        this.logger.warn(
          { event: event.id, table: slot.number, code: opened.error.code },
          'event table not opened',
        );
      return;
    }
    // Its match just started (null: it had before): the players are told where to play.
    if (opened.value !== null)
      await this.post(thread, {
        content: t(lang, 'event.thread.welcome', {
          mentions: people.map((id) => `<@${id}>`).join(' '),
          round: slot.round,
        }),
        allowed_mentions: { users: people },
      });
    const outcome = opened.value;
    if (!outcome) return;
    this.tableMessages.schedule(outcome.table.id);
    this.notifier.afterAction(outcome, '');
  }

  /** The event is over: a new message in its channel with the final standings, its people told. */
  private async announceEnd(event: EventRecord, lang: Lang): Promise<void> {
    const results = this.service.events.results(event.id);
    if (!results.ok) return;
    // Everyone is told, as long as their mentions leave room for the standings.
    const checkedIn = results.value.players.filter((p) => p.checkedIn).map((p) => p.userId);
    const people = checkedIn.length <= MENTIONED ? checkedIn : [];
    const content = [
      t(lang, 'event.final', { mentions: people.map((id) => `<@${id}>`).join(' ') }),
      ...standingLines(results.value, lang, FINAL_ROWS),
    ].join('\n');
    await this.post(event.channelId, { content: fitContent(content), allowed_mentions: { users: people } });
  }

  /** Deletes a thread made for nothing (its table's round moved on before it opened). */
  private async dropThread(threadId: string): Promise<void> {
    await this.client.rest
      .delete(Routes.channel(threadId))
      .catch((error: unknown) =>
        this.logger.warn({ thread: threadId, err: describe(error) }, 'unused event thread not deleted'),
      );
  }

  /** Whether `userId` plays in the event's current round. */
  private playing(event: EventRecord, userId: string): boolean {
    const results = this.service.events.roster(event.id);
    return results.ok && results.value.players.some((p) => p.userId === userId && p.checkedIn);
  }

  private async post(channelId: string, body: Record<string, unknown>): Promise<void> {
    await this.outbox.add(NORMAL, () =>
      this.client.rest
        .post(Routes.channelMessages(channelId), { body })
        .catch((error: unknown) =>
          this.logger.warn({ channel: channelId, err: describe(error) }, 'event post failed'),
        ),
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
