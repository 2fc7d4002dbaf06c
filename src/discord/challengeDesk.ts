/**
 * The weekly challenge in Discord: makes a member's private thread and opens their table there,
 * tells them when their eighth board is played (with their line and a Share button), posts share
 * lines, and closes the weeks whose end has come (on every /challenge use, at start-up and once a
 * minute): their tables still playing end, and their threads are told.
 */
import { ChannelType, type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { ChallengeEntry, ClosedWeek, PlayAnswer } from '../app/challengeService.js';
import type { ActOutcome, TableService } from '../app/tableService.js';
import { t } from '../i18n/index.js';
import type { Looks } from './looks.js';
import { NORMAL, type Outbox } from './outbox.js';
import { lineOf, shareRow, timeMark } from './renderChallenge.js';
import type { TableMessages } from './tableMessages.js';
import type { TurnNotifier } from './turnNotifier.js';

/** How long a member's thread stays open without messages (a week: the challenge's own pace). */
const THREAD_ARCHIVE_MINUTES = 10_080;
/** How often weeks whose end has come are looked for (besides every /challenge use). */
const CLOSE_CHECK_MS = 60_000;

/** A member shares at most one line this often. */
const SHARE_EVERY_MS = 60_000;

export class ChallengeDesk {
  /** One opening at a time per member and week: a second /challenge play waits for the first. */
  private readonly opening = new Map<string, Promise<string>>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly client: Client,
    private readonly service: TableService,
    private readonly logger: Logger,
    private readonly outbox: Outbox,
    private readonly looks: Looks,
    private readonly tableMessages: TableMessages,
    private readonly notifier: TurnNotifier,
  ) {}

  /** Start-up: weeks that ended while the bot was down close now, and then once a minute. */
  start(): void {
    this.closeDue();
    this.timer = setInterval(() => this.closeDue(), CLOSE_CHECK_MS);
    this.timer.unref();
  }

  /**
   * Closes the weeks whose end has come (one server's, or every one): their tables that still play
   * end, their messages show it, and each member's thread is told. Idempotent.
   */
  closeDue(guildId?: string): ClosedWeek[] {
    let closed: ClosedWeek[] = [];
    try {
      closed = this.service.challenges.closeDue(guildId);
    } catch (error) {
      this.logger.error({ err: describe(error) }, 'challenge week not closed; tried again shortly');
      return [];
    }
    for (const week of closed)
      for (const { entry, table } of week.ended) {
        this.tableMessages.schedule(table.id);
        if (entry.threadId)
          this.track(
            this.post(entry.threadId, {
              content: t(this.looks.forGuild(entry.guildId).lang, 'challenge.thread.closed'),
              allowed_mentions: { parse: [] },
            }),
          );
      }
    return closed;
  }

  /**
   * Makes the member's private thread (unless made before), adds them, opens their table there and
   * greets them; resolves with the thread's id. Throws when Discord refuses the thread (a permission
   * the bot lacks): the entry stays pending, and the next /challenge play tries again.
   */
  open(answer: Extract<PlayAnswer, { kind: 'open' }>): Promise<string> {
    const { entry } = answer;
    const key = `${entry.guildId}:${entry.weekStart}:${entry.userId}`;
    const running = this.opening.get(key);
    if (running) return running;
    const work = this.make(answer).finally(() => this.opening.delete(key));
    this.opening.set(key, work);
    this.track(work);
    return work;
  }

  private async make(answer: Extract<PlayAnswer, { kind: 'open' }>): Promise<string> {
    const { info } = answer;
    let entry: ChallengeEntry = answer.entry;
    const lang = this.looks.forGuild(entry.guildId).lang;
    let threadId = entry.threadId;
    if (threadId === null) {
      const thread = (await this.client.rest.post(Routes.threads(entry.channelId), {
        body: {
          name: t(lang, 'challenge.thread.name', { week: info.number, name: entry.name }).slice(0, 100),
          type: ChannelType.PrivateThread,
          auto_archive_duration: THREAD_ARCHIVE_MINUTES,
          invitable: false,
        },
      })) as { id: string };
      threadId = thread.id;
      if (!this.service.challenges.setThread(entry.guildId, entry.weekStart, entry.userId, threadId)) {
        await this.dropThread(threadId);
        throw new Error('the entry is no longer pending');
      }
      entry = { ...entry, threadId };
    }
    const thread = threadId;
    await this.client.rest
      .put(Routes.threadMembers(thread, entry.userId))
      .catch((error: unknown) =>
        this.logger.warn({ err: describe(error) }, 'challenge member not added to their thread'),
      );
    const opened = this.service.challenges.openTable(entry.guildId, entry.weekStart, entry.userId);
    if (!opened.ok) {
      this.logger.warn({ code: opened.error.code }, 'challenge table not opened');
      return thread;
    }
    const outcome: ActOutcome | null = opened.value;
    if (!outcome) return thread;
    await this.post(thread, {
      content: t(lang, 'challenge.thread.welcome', {
        mention: `<@${entry.userId}>`,
        week: info.number,
        end: timeMark(info.week.endsAt),
      }),
      allowed_mentions: { users: [entry.userId] },
    });
    this.tableMessages.schedule(outcome.table.id);
    this.notifier.afterAction(outcome, '');
    return thread;
  }

  /** A hand ended somewhere: at a challenge table its board is recorded; the eighth tells the member. */
  handEnded(outcome: ActOutcome): void {
    let ended: ReturnType<TableService['challenges']['handEnded']>;
    try {
      ended = this.service.challenges.handEnded(outcome.table.id);
    } catch (error) {
      // Recorded again at the member's next /challenge use (the boards are read from the match).
      this.logger.error({ table: outcome.table.id, err: describe(error) }, 'challenge board not recorded');
      return;
    }
    if (!ended?.finished || !ended.entry.threadId) return;
    const { entry } = ended;
    const shared = this.service.challenges.share(entry.guildId, entry.userId, entry.weekStart);
    if (!shared.ok) return;
    const lang = this.looks.forGuild(entry.guildId).lang;
    this.track(
      this.post(entry.threadId as string, {
        content: t(lang, 'challenge.thread.finished', {
          line: lineOf(shared.value.standing),
          end: timeMark(shared.value.info.week.endsAt),
        }),
        components: [shareRow(entry.weekStart, lang)],
        allowed_mentions: { parse: [] },
      }),
    );
  }

  /**
   * Posts a member's share line in `channelId` (no mentions); false when they shared in the last
   * `SHARE_EVERY_MS` (a line a minute at most: the button must not be a way to flood a channel).
   */
  async share(channelId: string, userId: string, content: string): Promise<boolean> {
    const now = Date.now();
    const last = this.sharedAt.get(userId);
    if (last !== undefined && now - last < SHARE_EVERY_MS) return false;
    this.sharedAt.set(userId, now);
    for (const [user, at] of this.sharedAt) if (now - at >= SHARE_EVERY_MS) this.sharedAt.delete(user);
    await this.post(channelId, { content, allowed_mentions: { parse: [] } });
    return true;
  }

  /**
   * Adds the member to their thread again (idempotent): one who left it, or whose first adding
   * failed, gets back in whenever `/challenge play` points them there.
   */
  async rejoin(threadId: string, userId: string): Promise<void> {
    await this.client.rest
      .put(Routes.threadMembers(threadId, userId))
      .catch((error: unknown) =>
        this.logger.warn({ err: describe(error) }, 'challenge member not added to their thread'),
      );
  }

  /** When each member last shared a line (their user id), for the cooldown. */
  private readonly sharedAt = new Map<string, number>();

  async drain(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (let round = 0; this.inFlight.size > 0 && round < 1_000; round++)
      await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(work: Promise<T>): void {
    const tracked = work.then(
      () => {},
      () => {},
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async dropThread(threadId: string): Promise<void> {
    await this.client.rest
      .delete(Routes.channel(threadId))
      .catch((error: unknown) =>
        this.logger.warn({ thread: threadId, err: describe(error) }, 'unused challenge thread not deleted'),
      );
  }

  private async post(channelId: string, body: Record<string, unknown>): Promise<void> {
    await this.outbox.add(NORMAL, () =>
      this.client.rest
        .post(Routes.channelMessages(channelId), { body })
        .catch((error: unknown) =>
          this.logger.warn({ channel: channelId, err: describe(error) }, 'challenge post failed'),
        ),
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
