/**
 * Panels that follow the game. A seated player's newest panel is their live one: whenever their
 * table changes, the bot edits it in place through the token of the interaction that showed it
 * (Discord lets an app edit an interaction's response for 15 minutes; each click on the panel
 * brings a fresh token). So a player opens their panel once and plays from it: when their turn
 * comes it already offers their plays. Opening a new panel retires the old one ("no longer live").
 * Without a valid token the player opens **My hand** as before. When a hand's summary is posted
 * below the panels, each live panel is sent again under it as a follow-up (`below`).
 *
 * Edits are coalesced per player (at most one in flight, the newest state wins: an edit renders
 * when it is sent) and skipped when the panel already shows the table's version. They go through
 * their own paced queue on the interaction webhooks, which Discord does not count against the
 * bot's global limit (the channel writes' outbox is not slowed by them).
 */

import { type REST, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { PlayerSnapshot, TableRecord, TableService } from '../app/tableService.js';
import type { Card, PublicView, Seat } from '../engine/index.js';
import { t } from '../i18n/index.js';
import type { Looks } from './looks.js';
import { LOW, NORMAL, type Outbox, URGENT } from './outbox.js';
import type { PanelOptions } from './panelParts.js';
import { EPHEMERAL, panelOf } from './renderPanel.js';

/** A token is used for at most this long (Discord: 15 minutes), with a margin for a slow edit. */
export const TOKEN_USE_MS = 14 * 60_000;
const UNKNOWN_WEBHOOK = 10015;
const UNKNOWN_MESSAGE = 10008;
const INVALID_TOKEN = 50027;
/**
 * How soon a panel follows a change that asks nothing of its player (someone else played or
 * passed): soon enough to read the trick and bomb, late enough that a run of plays is one edit.
 */
export const FOLLOW_MS = 250;
/** A failed edit (not a gone message) is tried again this many times, each wait twice the last. */
const MAX_RETRIES = 3;
/** Past this many remembered panels, the expired ones are forgotten. */
const SWEEP_AT = 1_000;

interface Live {
  readonly token: string;
  readonly since: number;
  /** A click's update of the panel clicked, or a new message. */
  readonly how: Shown;
  /** Which message of the token's interaction it is: its answer ('@original'), or a follow-up's id. */
  readonly message: string;
  /** Asked to move below what was posted after it (a hand's summary): its next edit is a new message. */
  moveDown: boolean;
  /** The interaction whose answer made the panel's message (a click on it names it), if known. */
  readonly origin: string | null;
  /** The player's Discord locale when they showed it: its edits speak their language. */
  readonly locale: string | null;
  /** What the panel shows (`shows()`): an edit that would show the same is skipped. */
  showing: string;
  /** What the player had picked on it, kept across edits while the cards are still theirs. */
  readonly picked: readonly Card[];
  readonly exchange: PanelOptions['exchange'];
  /** A card just moved from one exchange slot to another: said again while the panel still shows it so. */
  readonly exchangeMoved: PanelOptions['exchangeMoved'];
  /** The kind chosen in a plays menu split by kind (kept while the menu still offers it). */
  readonly kind: string | undefined;
  /** Settles once Discord has the answer that showed this panel (true) or refused it (false). */
  readonly answered: Promise<boolean>;
  /** Edits in a row that failed (not for a gone message): each is tried again, a few times. */
  failures: number;
}

/** How the panel reached the player: a new ephemeral message, or an update of the panel clicked. */
export type Shown = 'new' | 'same';

/** The answer that shows a panel: its token, how it shows, and the promise of Discord's answer. */
export interface ShownPanel {
  readonly token: string;
  readonly how: Shown;
  /** The interaction whose answer made the message: this one's for a new message, else the clicked one's. */
  readonly origin: string | null;
  /** The locale of the interaction that showed it (`interaction.locale`): the panel's language. */
  readonly locale: string | null;
  /** The answer on its way. */
  readonly answered: Promise<unknown>;
}

export class LivePanels {
  private readonly live = new Map<string, Live>();
  /** Each player's edit in flight (a retirement of the panel it edits waits for it). */
  private readonly editing = new Map<string, Promise<void>>();
  /** Edits due within `followMs` (players who only watched the table move), by player. */
  private readonly soon = new Map<string, { timer: NodeJS.Timeout; run: () => void }>();
  private sweepAt = SWEEP_AT;

  constructor(
    private readonly rest: REST,
    private readonly applicationId: string,
    private readonly service: TableService,
    private readonly outbox: Outbox,
    private readonly logger: Logger,
    private readonly looks: Looks,
    private readonly now: () => number,
    private readonly followMs = FOLLOW_MS,
  ) {}

  /**
   * A panel rendered from `snapshot` is being sent to its player: it is their live panel from now
   * on. One on another message retires the one before it (a new panel, or a panel made of another
   * private message, such as the table copy's **My hand**).
   */
  shown(snapshot: PlayerSnapshot, panel: ShownPanel, options: PanelOptions = {}): void {
    const tableId = snapshot.table.id;
    const userId = panelUser(snapshot);
    const key = keyOf(tableId, userId);
    const before = this.live.get(key);
    const live: Live = {
      token: panel.token,
      since: this.now(),
      how: panel.how,
      message: '@original',
      moveDown: false,
      origin: panel.origin,
      locale: panel.locale,
      showing: shows(snapshot.table, snapshot.view.version),
      picked: options.picked ?? [],
      exchange: options.exchange,
      exchangeMoved: options.exchangeMoved,
      kind: options.kind,
      answered: panel.answered.then(
        () => true,
        () => false,
      ),
      failures: 0,
    };
    this.live.set(key, live);
    if (before && before.token !== live.token && this.usable(before) && otherMessage(before, live))
      this.retire(tableId, userId, before);
    // An answer Discord refused (too late, say) showed nothing: the panel before it stays live.
    void live.answered.then((ok) => {
      if (ok || this.live.get(key) !== live) return;
      if (before && this.usable(before)) this.live.set(key, before);
      else this.live.delete(key);
    });
    if (this.live.size > this.sweepAt) {
      for (const [k, l] of this.live) if (!this.usable(l)) this.live.delete(k);
      this.sweepAt = Math.max(SWEEP_AT, this.live.size * 2);
    }
  }

  /**
   * The table changed: every seated player's live panel will show it. At once for a player who now
   * owes a decision (or whose table paused, resumed or closed); for the others within
   * `followMs` (FOLLOW_MS), so a quick run of plays they only watch costs one edit, not one a play.
   */
  changed(tableId: string): void {
    const found = this.service.tableView(tableId);
    if (!found.ok) return;
    const { table, view } = found.value;
    table.seats.forEach((occupant, seat) => {
      if (occupant?.kind !== 'user') return;
      const key = keyOf(tableId, occupant.userId);
      const live = this.live.get(key);
      if (!live) return;
      if (!this.usable(live)) {
        this.live.delete(key);
        return;
      }
      if (live.showing === shows(table, view?.version ?? -1)) return;
      const urgent =
        !live.showing.endsWith(`:${table.status}`) || (view !== null && owes(view, seat as Seat));
      if (urgent) this.queue(tableId, occupant.userId);
      else this.queueSoon(tableId, occupant.userId);
    });
  }

  /**
   * Something was posted in the channel below the players' panels (a hand's summary, just as the
   * next deal asks for their Grand Tichu): each live panel is sent again as a new message at the
   * foot of the channel (a follow-up on its token, private as before), and the one above retires.
   */
  below(tableId: string): void {
    const found = this.service.tableView(tableId);
    if (!found.ok) return;
    for (const occupant of found.value.table.seats) {
      if (occupant?.kind !== 'user') continue;
      const live = this.live.get(keyOf(tableId, occupant.userId));
      if (!live || !this.usable(live)) continue;
      live.moveDown = true;
      this.queue(tableId, occupant.userId);
    }
  }

  async drain(): Promise<void> {
    for (const [key, { timer, run }] of this.soon) {
      clearTimeout(timer);
      this.soon.delete(key);
      run();
    }
    // Retiring replaced panels is tidying (a click on one that was not retired is answered as any
    // click on an older panel: acted on if still valid, else refused as out of date): on shutdown it
    // is dropped. A player who reopens often leaves a backlog of them behind the edits that matter
    // (3,500 after 12 s of the 50-table bench), which held the stop past its 5 s guard.
    await this.outbox.drain({ dropBelow: NORMAL });
  }

  /** Queues the player's edit within `followMs`, unless one is due already. */
  private queueSoon(tableId: string, userId: string, delayMs = this.followMs): void {
    const key = keyOf(tableId, userId);
    if (this.soon.has(key)) return;
    const run = () => {
      this.soon.delete(key);
      this.queue(tableId, userId);
    };
    const timer = setTimeout(run, delayMs);
    timer.unref();
    this.soon.set(key, { timer, run });
  }

  private usable(live: Live): boolean {
    return this.now() - live.since < TOKEN_USE_MS;
  }

  /**
   * The player's edit, one at a time (the outbox never runs two of a key at once, and a newer one
   * replaces one still waiting: it renders when sent, so it shows everything newer).
   */
  private queue(tableId: string, userId: string): void {
    const key = keyOf(tableId, userId);
    const soon = this.soon.get(key);
    if (soon) {
      clearTimeout(soon.timer);
      this.soon.delete(key);
    }
    void this.outbox.put(`panel:${key}`, URGENT, () => {
      const editing = this.edit(tableId, userId);
      this.editing.set(key, editing);
      return editing.finally(() => {
        if (this.editing.get(key) === editing) this.editing.delete(key);
      });
    });
  }

  private async edit(tableId: string, userId: string): Promise<void> {
    const key = keyOf(tableId, userId);
    const live = this.live.get(key);
    if (!live || !this.usable(live)) return void this.live.delete(key);
    await live.answered;
    // A newer panel took over meanwhile: its own answer brings it up to date.
    if (this.live.get(key) !== live) return;
    if (!this.usable(live)) return void this.live.delete(key);
    const found = this.service.playerView(tableId, userId);
    // No longer seated (replaced, left): the panel stops following.
    if (!found.ok) return void this.live.delete(key);
    const snapshot = found.value;
    const showing = shows(snapshot.table, snapshot.view.version);
    const moving = live.moveDown;
    if (showing === live.showing && !moving) return;
    const hand = new Set(snapshot.view.hand);
    const picked = live.picked.filter((card) => hand.has(card));
    const exchange = live.exchange?.map((card) => (card && hand.has(card) ? card : null)) as
      | PanelOptions['exchange']
      | undefined;
    const exchanging = exchange && snapshot.view.phase === 'exchange' && !snapshot.view.exchangePicks;
    // The moved card's notice stays until the player picks again (the picks are still as it says).
    const { exchangeMoved: shift } = live;
    const stillSo = shift && exchange?.[shift.from] === null && exchange[shift.to] ? shift : null;
    const options: PanelOptions = {
      ...(picked.length > 0 ? { picked } : {}),
      ...(exchanging ? { exchange } : {}),
      ...(exchanging && stillSo ? { exchangeMoved: stillSo } : {}),
      ...(live.kind !== undefined ? { kind: live.kind } : {}),
    };
    live.showing = showing;
    live.moveDown = false;
    // A closed table's panel says so once, then follows nothing more.
    if (snapshot.table.status === 'abandoned') this.live.delete(key);
    try {
      // The Ui is made now, not kept: the card faces may have been loaded since the panel was shown.
      const ui = this.looks.forUser(live.locale);
      const { content, embeds, components, allowed_mentions } = panelOf(snapshot, ui, options);
      const body = { content, embeds, components, allowed_mentions };
      if (moving) await this.sendBelow(tableId, userId, live, body);
      else
        await this.rest.patch(Routes.webhookMessage(this.applicationId, live.token, live.message), {
          body,
          auth: false,
        });
      live.failures = 0;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      // Gone, or its token expired: the player opens a new panel when they come back.
      if (code === UNKNOWN_WEBHOOK || code === UNKNOWN_MESSAGE || code === INVALID_TOKEN) {
        if (this.live.get(key) === live) this.live.delete(key);
      } else {
        // Not shown (Discord busy, a network error): tried again shortly, or at the next change.
        live.showing = '';
        if (moving) live.moveDown = true;
        live.failures++;
        this.logger.warn({ tableId, err: String(error) }, 'live panel edit failed');
        if (live.failures <= MAX_RETRIES) this.queueSoon(tableId, userId, this.followMs * 2 ** live.failures);
      }
    }
    // A click answered on this same message while the edit was on its way may have been
    // overwritten by it: that newer panel is shown afresh once its answer is in.
    const current = this.live.get(key);
    if (current && current !== live && current.how === 'same') this.showAfresh(tableId, userId, current);
  }

  /**
   * `live`'s panel as a new private message below everything (a follow-up on its token, which
   * Discord allows while the token lasts); it is the live one from now on, and `live`'s message
   * says it is no longer live. If the player opened or clicked a panel meanwhile, that one stays
   * live and the new message retires at once.
   */
  private async sendBelow(
    tableId: string,
    userId: string,
    live: Live,
    body: Record<string, unknown>,
  ): Promise<void> {
    const key = keyOf(tableId, userId);
    const sent = (await this.rest.post(Routes.webhook(this.applicationId, live.token), {
      body: { ...body, flags: EPHEMERAL },
      query: new URLSearchParams({ wait: 'true' }),
      auth: false,
    })) as { id: string };
    // Its own message now: clicks on it name no interaction of their own (origin null: the same message).
    const moved: Live = {
      ...live,
      message: sent.id,
      how: 'new',
      origin: null,
      answered: Promise.resolve(true),
    };
    if (this.live.get(key) !== live) return this.sayRetired(moved);
    this.live.set(key, moved);
    await this.sayRetired(live);
  }

  /** `live` may show less than it should (an older edit landed over it): edited anew once answered. */
  private showAfresh(tableId: string, userId: string, live: Live): void {
    live.showing = '';
    void live.answered.then(() => this.queue(tableId, userId));
  }

  /**
   * The panel a newer one replaced says so, and offers nothing to click: once Discord has its
   * answer, and after an edit of it still on its way (which would otherwise bring its buttons back).
   * Tidying, so behind the edits when the queue is long.
   */
  private retire(tableId: string, userId: string, old: Live): void {
    const key = keyOf(tableId, userId);
    void this.outbox.put(`retire:${old.token}`, LOW, async () => {
      await old.answered;
      await this.editing.get(key);
      // Live again meanwhile (a click on it, or the newer answer refused): nothing to retire.
      if (!this.usable(old) || this.onSameMessage(key, old)) return;
      await this.sayRetired(old);
      // A click on it while this was on its way may have been overwritten: show it afresh.
      const current = this.live.get(key);
      if (current && this.onSameMessage(key, old)) this.showAfresh(tableId, userId, current);
    });
  }

  /** Whether the player's live panel is `old`'s message (`old` itself, or a click on it). */
  private onSameMessage(key: string, old: Live): boolean {
    const current = this.live.get(key);
    return current !== undefined && (current === old || !otherMessage(old, current));
  }

  private async sayRetired(old: Live): Promise<void> {
    try {
      await this.rest.patch(Routes.webhookMessage(this.applicationId, old.token, old.message), {
        body: {
          content: t(this.looks.forUser(old.locale).lang, 'panel.retired'),
          embeds: [],
          components: [],
          allowed_mentions: { parse: [] },
        },
        auth: false,
      });
    } catch {
      // Dismissed or expired already: nothing to retire.
    }
  }
}

/** Whether `next` is on another message than `before` (a new panel always is). */
function otherMessage(before: Live, next: Live): boolean {
  if (next.how === 'new') return true;
  return before.origin !== null && next.origin !== null && before.origin !== next.origin;
}

/**
 * What a panel shows, as a key: the match, its version and the table's status (a pause, a resume or
 * a closed table changes what a panel offers without moving the match's version).
 */
function shows(table: TableRecord, version: number): string {
  return `${table.matchId}:${version}:${table.status}`;
}

function keyOf(tableId: string, userId: string): string {
  return `${tableId}:${userId}`;
}

function panelUser(snapshot: PlayerSnapshot): string {
  const occupant = snapshot.table.seats[snapshot.seat];
  return occupant?.kind === 'user' ? occupant.userId : '';
}

/** Whether `seat` owes a decision at `view`: its turn, its wish or gift, its Grand Tichu or exchange. */
function owes(view: PublicView, seat: Seat): boolean {
  if (view.pending) return view.pending.seat === seat;
  if (view.phase === 'grandTichu') return !view.grandDecided[seat];
  if (view.phase === 'exchange') return !view.exchangeChosen[seat];
  return view.turn === seat;
}
