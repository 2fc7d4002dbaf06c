/**
 * What Discord saw the bot answer, kept by the chaos run from the local Discord's record of REST
 * calls, to be checked against the database file once the bot is dead.
 *
 * Definitions (docs/operations.md, "Chaos runs"):
 * - A payload *shows* a table at version V when one of its custom ids is `<verb>:<table>:V...`
 *   (every panel and table message carries the match version it was rendered from).
 * - An interaction's *answer* is the payload of its callback (type 4 or 7) when Discord accepted it
 *   (2xx), or, after a deferral (type 5 or 6), the first response edit or follow-up Discord
 *   accepted on its token. A deferral alone acknowledges nothing: it shows no state.
 * - An *acknowledged change* is a move (a click or pick on a panel: `gt`, `ex`, `wish`, `gift`,
 *   `lp`, `play`, `pass`, `tichu`, `back`) whose answer shows its table at a version above the one
 *   its custom id was clicked at.
 * - It is *lost* when, after the bot has stopped, the table's match log ends before the version
 *   its answer showed. Every version any accepted payload showed (table messages and live panel
 *   edits too) is checked the same way (`shownAhead`).
 */
import type { LocalDiscord, RestCall } from '../../src/localDiscord/index.js';

/** Custom id verbs that are moves in the match (the others show, pick or manage the lobby). */
const MOVES = new Set(['gt', 'ex', 'wish', 'gift', 'lp', 'play', 'pass', 'tichu', 'back']);
const SHOWN = /"([a-z]+):([a-z0-9]{8}):(\d{1,9})(?::[^"]*)?"/g;

/** A click or pick sent by a scripted player, and what came of it. */
export interface Sent {
  readonly interactionId: string;
  readonly userId: string;
  readonly verb: string;
  readonly tableId: string;
  /** The version in its custom id: the state the player saw. */
  readonly seen: number;
  /** The highest version of this table its answer showed, once answered. */
  answered: number | null;
}

export interface Acknowledged {
  readonly sent: Sent;
  readonly version: number;
}

export class Ledger {
  private readonly sent = new Map<string, Sent>();
  private readonly deferred = new Set<string>();
  /** Per table, the highest version any accepted payload showed. */
  readonly shown = new Map<string, number>();
  /** Moves whose answer showed a newer version than they were clicked at, in order. */
  readonly changes: Acknowledged[] = [];
  /** Interactions of any kind Discord saw answered. */
  answered = 0;
  private readonly listener = (call: RestCall) => this.onCall(call);

  constructor(private readonly discord: LocalDiscord) {
    discord.hub.on('call', this.listener);
  }

  close(): void {
    this.discord.hub.off('call', this.listener);
  }

  /** A click or pick a player just sent (its custom id is what it claims to have seen). */
  note(interactionId: string, userId: string, customId: string): void {
    const [verb = '', tableId = '', version = ''] = customId.split(':');
    if (!/^[a-z0-9]{8}$/.test(tableId) || !/^\d+$/.test(version)) return;
    this.sent.set(interactionId, {
      interactionId,
      userId,
      verb,
      tableId,
      seen: Number(version),
      answered: null,
    });
  }

  /**
   * How many clicks and picks were sent and not answered (at a kill: the interactions it cut
   * short); they are forgotten, since a dead bot answers none of them.
   */
  takeUnanswered(): number {
    const n = this.sent.size;
    this.sent.clear();
    this.deferred.clear();
    return n;
  }

  private onCall(call: RestCall): void {
    if (call.status >= 300 || call.method === 'GET' || call.method === 'DELETE') return;
    for (const [tableId, version] of versionsShown(call.body)) {
      if ((this.shown.get(tableId) ?? -1) < version) this.shown.set(tableId, version);
    }
    if (call.route === '/interactions/:interaction/:token/callback') {
      const id = call.path.split('/')[2] as string;
      const type = call.body?.type as number;
      if (type === 5 || type === 6) this.deferred.add(id);
      else this.answer(id, call.body?.data);
      return;
    }
    if (call.route.startsWith('/webhooks/') && (call.method === 'PATCH' || call.method === 'POST')) {
      const token = call.path.split('/')[3] as string;
      const interaction = this.discord.hub.world.interactionsByToken.get(token);
      if (interaction && this.deferred.delete(interaction.id)) this.answer(interaction.id, call.body);
    }
  }

  private answer(interactionId: string, payload: unknown): void {
    this.answered++;
    const sent = this.sent.get(interactionId);
    if (!sent) return;
    this.sent.delete(interactionId);
    let top: number | null = null;
    for (const [tableId, version] of versionsShown(payload))
      if (tableId === sent.tableId && (top === null || version > top)) top = version;
    sent.answered = top;
    if (top !== null && MOVES.has(sent.verb) && top > sent.seen) this.changes.push({ sent, version: top });
  }
}

/** Every (table, version) a payload's custom ids show. */
export function versionsShown(payload: unknown): Array<[string, number]> {
  const json = JSON.stringify(payload ?? null);
  return [...json.matchAll(SHOWN)].map((m) => [m[2] as string, Number(m[3])]);
}
