/**
 * Panels that follow the game. A seated player's newest panel is their live one: whenever their
 * table changes, the bot edits it in place through the token of the interaction that showed it
 * (Discord lets an app edit an interaction's response for 15 minutes; each click on the panel
 * brings a fresh token). So a player opens their panel once and plays from it: when their turn
 * comes it already offers their plays. Opening a new panel retires the old one ("no longer live").
 * Without a valid token the player opens **My hand** as before.
 *
 * Edits are coalesced per player (at most one in flight, the newest state wins: an edit renders
 * when it is sent) and skipped when the panel already shows the table's version. They go through
 * their own paced queue on the interaction webhooks, which Discord does not count against the
 * bot's global limit (the channel writes' outbox is not slowed by them).
 */
import { type REST, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { PlayerSnapshot, TableRecord, TableService } from '../app/tableService.js';
import type { Card } from '../engine/index.js';
import { type Outbox, URGENT } from './outbox.js';
import type { PanelOptions } from './panelParts.js';
import { renderPanel } from './renderPanel.js';

/** A token is used for at most this long (Discord: 15 minutes), with a margin for a slow edit. */
export const TOKEN_USE_MS = 14 * 60_000;
const UNKNOWN_WEBHOOK = 10015;
const UNKNOWN_MESSAGE = 10008;
const INVALID_TOKEN = 50027;
/** Past this many remembered panels, the expired ones are forgotten. */
const SWEEP_AT = 1_000;

interface Live {
  readonly token: string;
  readonly since: number;
  /** A click's update of the panel clicked, or a new message. */
  readonly how: Shown;
  /** The message, once known (a click names it; a new one's answer does). */
  messageId: string | null;
  /** What the panel shows (`shows()`): an edit that would show the same is skipped. */
  showing: string;
  /** What the player had picked on it, kept across edits while the cards are still theirs. */
  readonly picked: readonly Card[];
  readonly exchange: PanelOptions['exchange'];
  /** The kind chosen in a plays menu split by kind (kept while the menu still offers it). */
  readonly kind: string | undefined;
  /** Settles once Discord has the answer that showed this panel: no edit may overtake it. */
  readonly answered: Promise<unknown>;
}

/** How the panel reached the player: a new ephemeral message, or an update of the panel clicked. */
export type Shown = 'new' | 'same';

/** The answer that shows a panel: its token, how it shows, and the promise of Discord's answer. */
export interface ShownPanel {
  readonly token: string;
  readonly how: Shown;
  /** The message clicked, for an update in place. */
  readonly messageId?: string | null;
  /** The answer on its way (its result may name the new message). */
  readonly answered: Promise<unknown>;
}

export class LivePanels {
  private readonly live = new Map<string, Live>();
  /** Panels a newer one replaced, to be told so by the next task of their player's key. */
  private readonly retiring = new Map<string, Live[]>();
  private sweepAt = SWEEP_AT;

  constructor(
    private readonly rest: REST,
    private readonly applicationId: string,
    private readonly service: TableService,
    private readonly outbox: Outbox,
    private readonly logger: Logger,
    private readonly now: () => number,
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
      messageId: panel.messageId ?? null,
      showing: shows(snapshot.table, snapshot.view.version),
      picked: options.picked ?? [],
      exchange: options.exchange,
      kind: options.kind,
      answered: panel.answered.catch(() => undefined),
    };
    this.live.set(key, live);
    if (before && before.token !== live.token && this.usable(before) && otherMessage(before, live))
      this.retiring.set(key, [...(this.retiring.get(key) ?? []), before]);
    // Once Discord has this answer: retire the panel it replaced, and catch up with any change that
    // came while it was on its way (or that an edit in flight then may have overwritten).
    void live.answered.then((result) => {
      live.messageId ??= messageIdOf(result);
      if (this.retiring.has(key) || (this.live.get(key) === live && this.behind(tableId, live)))
        this.queue(tableId, userId);
    });
    if (this.live.size > this.sweepAt) {
      for (const [k, l] of this.live) if (!this.usable(l)) this.live.delete(k);
      this.sweepAt = Math.max(SWEEP_AT, this.live.size * 2);
    }
  }

  /** The table changed: every seated player's live panel will show it. */
  changed(tableId: string): void {
    const found = this.service.tableView(tableId);
    if (!found.ok) return;
    const { table, view } = found.value;
    for (const occupant of table.seats) {
      if (occupant?.kind !== 'user') continue;
      const key = keyOf(tableId, occupant.userId);
      const live = this.live.get(key);
      if (!live) continue;
      if (!this.usable(live)) {
        this.live.delete(key);
        continue;
      }
      if (live.showing === shows(table, view?.version ?? -1)) continue;
      this.queue(tableId, occupant.userId);
    }
  }

  async drain(): Promise<void> {
    await this.outbox.drain();
  }

  private usable(live: Live): boolean {
    return this.now() - live.since < TOKEN_USE_MS;
  }

  /** Whether the table has moved on from what `live` shows. */
  private behind(tableId: string, live: Live): boolean {
    const found = this.service.tableView(tableId);
    return found.ok && live.showing !== shows(found.value.table, found.value.view?.version ?? -1);
  }

  /**
   * One task a player at a time (the outbox never runs two of a key at once, and a newer task
   * replaces a waiting one): it retires what was replaced, then brings the live panel up to date.
   */
  private queue(tableId: string, userId: string): void {
    const key = keyOf(tableId, userId);
    void this.outbox.put(`panel:${key}`, URGENT, async () => {
      const replaced = this.retiring.get(key) ?? [];
      this.retiring.delete(key);
      for (const old of replaced) await this.retire(old);
      await this.edit(tableId, userId);
    });
  }

  private async edit(tableId: string, userId: string): Promise<void> {
    const key = keyOf(tableId, userId);
    const live = this.live.get(key);
    if (!live || !this.usable(live)) return void this.live.delete(key);
    await live.answered;
    // A newer panel took over meanwhile: its own answer brings it up to date.
    if (this.live.get(key) !== live) return;
    const found = this.service.playerView(tableId, userId);
    // No longer seated (replaced, left): the panel stops following.
    if (!found.ok) return void this.live.delete(key);
    const snapshot = found.value;
    const showing = shows(snapshot.table, snapshot.view.version);
    if (showing === live.showing) return;
    const hand = new Set(snapshot.view.hand);
    const picked = live.picked.filter((card) => hand.has(card));
    const exchange = live.exchange?.map((card) => (card && hand.has(card) ? card : null)) as
      | PanelOptions['exchange']
      | undefined;
    const options: PanelOptions = {
      ...(picked.length > 0 ? { picked } : {}),
      ...(exchange && snapshot.view.phase === 'exchange' ? { exchange } : {}),
      ...(live.kind !== undefined ? { kind: live.kind } : {}),
    };
    live.showing = showing;
    // A closed table's panel says so once, then follows nothing more.
    if (snapshot.table.status === 'abandoned') this.live.delete(key);
    try {
      const { content, embeds, components, allowed_mentions } = renderPanel(snapshot, options);
      await this.rest.patch(Routes.webhookMessage(this.applicationId, live.token, '@original'), {
        body: { content, embeds, components, allowed_mentions },
        auth: false,
      });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      // Gone, or its token expired: the player opens a new panel when they come back.
      if (code === UNKNOWN_WEBHOOK || code === UNKNOWN_MESSAGE || code === INVALID_TOKEN) {
        if (this.live.get(key) === live) this.live.delete(key);
      } else {
        // Not shown: the next change tries again.
        live.showing = '';
        this.logger.warn({ tableId, err: String(error) }, 'live panel edit failed');
      }
    }
    // A click answered on this same message while the edit was on its way may have been
    // overwritten by it: that newer panel is shown afresh once its answer is in.
    const current = this.live.get(key);
    if (current && current !== live && current.how === 'same') {
      current.showing = '';
      void current.answered.then(() => this.queue(tableId, userId));
    }
  }

  /** The panel a newer one replaced says so, and offers nothing to click. */
  private async retire(old: Live): Promise<void> {
    await old.answered;
    if (!this.usable(old)) return;
    try {
      await this.rest.patch(Routes.webhookMessage(this.applicationId, old.token, '@original'), {
        body: {
          content: '*This panel is no longer live: your newest panel follows the game.*',
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
  return before.messageId !== null && next.messageId !== null && before.messageId !== next.messageId;
}

/** The message an answer's result names (a reply asked with its response), if any. */
function messageIdOf(result: unknown): string | null {
  const id = (result as { resource?: { message?: { id?: unknown } | null } | null } | null | undefined)
    ?.resource?.message?.id;
  return typeof id === 'string' ? id : null;
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
