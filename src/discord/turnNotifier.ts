/**
 * "Your turn": a short new message mentioning the player whose turn it now is (a mention added by an
 * edit would not notify). At most one per player and table a minute; players can turn it off.
 */
import { type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { ActOutcome, TableService } from '../app/tableService.js';

const SWEEP_AT = 1_000;

export class TurnNotifier {
  /** Last ping or activity per table and player, oldest first. */
  private readonly lastPing = new Map<string, number>();
  private sweepAt = SWEEP_AT;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly client: Client,
    private readonly service: TableService,
    private readonly logger: Logger,
    private readonly minIntervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** After an action by `actorId`: ping the seat that must now play, if it is someone else. */
  afterAction(outcome: ActOutcome, actorId: string): void {
    const { table, state } = outcome;
    if (table.status !== 'playing' || state.hand.phase !== 'play') return;
    const seat = state.hand.pending?.seat ?? state.hand.turn;
    if (seat === null) return;
    const occupant = table.seats[seat];
    if (occupant?.kind !== 'user' || occupant.userId === actorId) return;
    const key = `${table.id}:${occupant.userId}`;
    const now = this.now();
    if (now - (this.lastPing.get(key) ?? Number.NEGATIVE_INFINITY) < this.minIntervalMs) return;
    if (!this.service.wantsTurnPings(occupant.userId)) return;
    this.remember(key, now);
    const sent = this.client.rest
      .post(Routes.channelMessages(table.channelId), {
        body: {
          content: `<@${occupant.userId}> it is your turn at the Tichu table. (Turn these off with /notify off.)`,
          allowed_mentions: { users: [occupant.userId] },
        },
      })
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn({ tableId: table.id, err: String(error) }, 'turn message failed'),
      )
      .finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
  }

  /** Waits for the turn messages under way (for a clean shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** The player just acted: no need to remind them for a while. */
  noteActivity(tableId: string, userId: string): void {
    this.remember(`${tableId}:${userId}`, this.now());
  }

  /** How many players and tables it remembers (for tests: it forgets what no longer matters). */
  get remembered(): number {
    return this.lastPing.size;
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
