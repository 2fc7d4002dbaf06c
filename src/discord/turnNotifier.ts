/**
 * "Your turn": a short new message mentioning the player whose turn it now is (a mention added by an
 * edit would not notify), with their deadline, and one reminder shortly before a deadline. At most
 * one ping per player and table a minute; players can turn them off. A table keeps one such message
 * at a time: the next one replaces it, and it goes once none of the seats it named still owes a move
 * (its countdown would soon read "time runs out 12 seconds ago"), or the hand ends.
 */

import { type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { ActOutcome, Reminder, TableService } from '../app/tableService.js';
import { owesAction, type Seat } from '../engine/index.js';
import { plural, t } from '../i18n/index.js';
import { relativeTime } from './clockText.js';
import type { Looks } from './looks.js';
import { newNonce } from './nonce.js';
import { LOW, type Outbox, URGENT } from './outbox.js';

const SWEEP_AT = 1_000;

interface Sent {
  readonly channelId: string;
  readonly messageId: string;
}

export class TurnNotifier {
  /** Last ping or activity per table and player, oldest first. */
  private readonly lastPing = new Map<string, number>();
  private sweepAt = SWEEP_AT;
  private readonly inFlight = new Set<Promise<void>>();
  /** Each table's current turn message (as it is being sent) and the seats it named: the one the next replaces. */
  private readonly current = new Map<
    string,
    { readonly sent: Promise<Sent | null>; readonly seats: readonly Seat[] }
  >();

  constructor(
    private readonly client: Client,
    private readonly service: TableService,
    private readonly logger: Logger,
    private readonly outbox: Outbox,
    private readonly looks: Looks,
    private readonly minIntervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** After an action by `actorId`: ping the seat that must now play, if it is someone else. */
  afterAction(outcome: ActOutcome, actorId: string): void {
    const { table, state } = outcome;
    // The hand is over (or the table is): its last turn message goes.
    if (outcome.events.some((e) => e.type === 'handEnded') || table.status !== 'playing')
      this.clear(table.id);
    else {
      // Every seat it named has moved (or the clock moved for them): its countdown is over.
      const standing = this.current.get(table.id);
      if (standing && !standing.seats.some((s) => owesAction(state, s))) this.clear(table.id);
    }
    if (table.status !== 'playing' || state.hand.phase !== 'play') return;
    const seat = state.hand.pending?.seat ?? state.hand.turn;
    if (seat === null) return;
    const occupant = table.seats[seat];
    if (occupant?.kind !== 'user' || occupant.userId === actorId || occupant.away) return;
    const key = `${table.id}:${occupant.userId}`;
    const now = this.now();
    if (now - (this.lastPing.get(key) ?? Number.NEGATIVE_INFINITY) < this.minIntervalMs) return;
    if (!this.service.wantsTurnPings(occupant.userId)) return;
    this.remember(key, now);
    // Said in the channel for everyone: in the server's language.
    const { lang } = this.looks.forGuild(table.guildId);
    const mention = `<@${occupant.userId}>`;
    this.send(table.id, table.channelId, [seat], {
      content: table.deadline
        ? t(lang, 'table.ping.turnBy', { mention, when: relativeTime(table.deadline.at) })
        : t(lang, 'table.ping.turn', { mention }),
      allowed_mentions: { users: [occupant.userId] },
    });
  }

  /** A deadline is near: one message mentioning the seats it runs for (those who want pings). */
  remind(reminder: Reminder): void {
    const { table } = reminder;
    const users = reminder.seats.flatMap((seat) => {
      const o = table.seats[seat];
      return o?.kind === 'user' && this.service.wantsTurnPings(o.userId) ? [o.userId] : [];
    });
    if (users.length === 0) return;
    const mentions = users.map((id) => `<@${id}>`).join(' ');
    const { lang } = this.looks.forGuild(table.guildId);
    const named = reminder.seats.filter((s) => {
      const o = table.seats[s];
      return o?.kind === 'user' && users.includes(o.userId);
    });
    this.send(table.id, table.channelId, named, {
      content: plural(lang, 'table.ping.remind', users.length, { mentions, when: relativeTime(reminder.at) }),
      allowed_mentions: { users },
    });
  }

  /** Waits for the turn messages under way (for a clean shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) {
      await this.outbox.drain();
      await Promise.all([...this.inFlight]);
    }
  }

  /** The player just acted: no need to remind them for a while. */
  noteActivity(tableId: string, userId: string): void {
    this.remember(`${tableId}:${userId}`, this.now());
  }

  /** How many players and tables it remembers (for tests: it forgets what no longer matters). */
  get remembered(): number {
    return this.lastPing.size;
  }

  /** How many tables have a turn message standing (for tests: one each at most, none after the hand). */
  get standing(): number {
    return this.current.size;
  }

  /**
   * Posts a turn message at a table; the one before it is deleted once this one is out. Through the
   * outbox: a turn message still waiting there when the next comes is never sent (it is outdated).
   */
  private send(
    tableId: string,
    channelId: string,
    seats: readonly Seat[],
    body: Record<string, unknown>,
  ): void {
    const previous = this.current.get(tableId)?.sent ?? null;
    // The same nonce on every try (discord.js tries a 5xx again): a try Discord took whose answer was
    // lost is answered with that message, not posted twice.
    const once = { ...body, nonce: newNonce(), enforce_nonce: true };
    const post = () =>
      this.client.rest.post(Routes.channelMessages(channelId), { body: once }).then(
        (message): Sent | null => {
          const id = (message as { id?: unknown } | null)?.id;
          return typeof id === 'string' ? { channelId, messageId: id } : null;
        },
        (error: unknown) => {
          this.logger.warn({ tableId, err: String(error) }, 'turn message failed');
          return null;
        },
      );
    const sent = this.outbox.put(`turn:${tableId}`, URGENT, post).then((s) => s ?? null);
    this.current.set(tableId, { sent, seats });
    this.track(sent.then(async () => this.remove(await previous)));
  }

  /** Deletes the table's standing turn message, if any. */
  private clear(tableId: string): void {
    const standing = this.current.get(tableId);
    if (!standing) return;
    this.current.delete(tableId);
    this.track(standing.sent.then((sent) => this.remove(sent)));
  }

  private async remove(sent: Sent | null): Promise<void> {
    if (!sent) return;
    await this.outbox.add(LOW, async () => {
      try {
        await this.client.rest.delete(Routes.channelMessage(sent.channelId, sent.messageId));
      } catch (error) {
        // Already gone (someone deleted it) or Discord refused: it only costs a line in the channel.
        this.logger.warn({ err: String(error) }, 'turn message could not be deleted');
      }
    });
  }

  private track(work: Promise<void>): void {
    const done = work.finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Notes a time; now and then forgets every time older than the interval (they no longer hold anyone back). */
  private remember(key: string, now: number): void {
    this.lastPing.delete(key);
    this.lastPing.set(key, now);
    if (this.lastPing.size <= this.sweepAt) return;
    for (const [k, at] of this.lastPing) {
      if (now - at < this.minIntervalMs) break; // in order of time: the rest are newer
      this.lastPing.delete(k);
    }
    this.sweepAt = Math.max(SWEEP_AT, this.lastPing.size * 2);
  }
}
