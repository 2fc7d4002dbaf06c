/**
 * The fuzz's checks beyond "answered and not failed" (bench/fuzz.ts):
 * - `CardWatch`: no card of anyone's hand in a payload others can see, nor in a log line. A card is
 *   looked for in every form the bot writes one: its text ("🟢7"), its code as a JSON string or a
 *   word ("7jd"), and, with card pictures, its emoji's name ("Jade_7_1a2b3c4d") and id. A payload
 *   that shows a table at version V (its custom ids say so) is checked against the hands at V,
 *   replayed from the match's log, so a card played since is not taken for a leak; a payload that
 *   shows no version, against the cards in hands both now and at the channel's previous payload.
 *   A private panel's controls (`pick`, `lp`, `play`, `exs`, `ex`) in a public payload count too.
 * - `changeProblem`: whether what an interaction changed is allowed to its user: someone not
 *   seated changes no match and no table but for taking a seat themselves (joining, opening a
 *   table); someone seated changes the match only through their own seat (every logged action with
 *   a user is theirs, at their seat; one without a user is a bot's or an away seat's).
 */
import { cardText } from '../src/discord/cardText.js';
import { apply, type Card, DECK, type MatchState, newMatch, SEATS, type Seat } from '../src/engine/index.js';
import type { LocalDiscord, RestCall } from '../src/localDiscord/index.js';
import type { TableRecord } from '../src/store/records.js';
import type { Store } from '../src/store/store.js';
import { isPublicCall } from '../test/support/privacy.js';
import { versionsShown } from '../tools/chaos/ledger.js';

const PANEL_VERBS = new Set(['pick', 'lp', 'play', 'exs', 'ex']);

/** Every card a seat holds or has still to be dealt: what nobody else may see. */
function secrets(state: MatchState): Set<Card> {
  const cards = new Set<Card>();
  for (const seat of SEATS)
    for (const card of [...state.hand.hands[seat], ...state.hand.undealt[seat]]) cards.add(card);
  return cards;
}

interface Replayed {
  state: MatchState;
  /** Secret cards by version (index 0: the deal). */
  readonly secretsAt: Array<Set<Card>>;
}

export class CardWatch {
  /** Payloads others could see, and log lines, that were looked at. */
  publicPayloads = 0;
  logLines = 0;
  readonly leaks: string[] = [];
  private readonly needles: ReadonlyMap<Card, { readonly text: string[]; readonly word: RegExp }>;
  private readonly matches = new Map<number, Replayed>();
  private readonly previous = new Map<string, Set<Card>>();
  private readonly listener = (call: RestCall) => this.onCall(call);

  constructor(
    private readonly discord: LocalDiscord,
    private readonly store: Store,
    /** The card emoji the bot shows, by card (empty: text cards). */
    faces: ReadonlyMap<string, { readonly id: string; readonly name: string }>,
  ) {
    this.needles = new Map(
      DECK.map((card) => {
        const face = faces.get(card);
        const text = [cardText(card, 'en'), cardText(card, 'de'), `"${card}"`];
        if (face) text.push(face.name, face.id);
        return [card, { text, word: new RegExp(`(?<![A-Za-z0-9_])${card}(?![A-Za-z0-9_])`) }];
      }),
    );
    discord.hub.on('call', this.listener);
  }

  close(): void {
    this.discord.hub.off('call', this.listener);
  }

  /** A log line of the bot, at the moment it is written: no card in anyone's hand now. */
  checkLogLine(text: string, channelIds: readonly string[]): void {
    this.logLines++;
    const secret = new Set<Card>();
    for (const channel of channelIds) for (const card of this.secretsNow(channel)) secret.add(card);
    const shown = [...secret].filter((card) => {
      const needle = this.needles.get(card);
      return needle !== undefined && (needle.word.test(text) || needle.text.some((n) => text.includes(n)));
    });
    if (shown.length > 0) this.leak(`log line shows ${shown.join(' ')}: ${text.slice(0, 200)}`);
  }

  private onCall(call: RestCall): void {
    if (!isPublicCall(this.discord, call)) return;
    const channel = this.channelOf(call);
    if (channel === null) return;
    this.publicPayloads++;
    const now = this.secretsNow(channel);
    const before = this.previous.get(channel) ?? now;
    this.previous.set(channel, now);
    const json = JSON.stringify(call.body ?? null);
    const panelIds = [...json.matchAll(/"([a-z]+):[a-z0-9]{8}:\d+/g)].filter((m) =>
      PANEL_VERBS.has(m[1] as string),
    );
    if (panelIds.length > 0)
      this.leak(`${call.method} ${call.route} carries a panel's control ${panelIds[0]?.[1]}`);
    const shownAt = versionsShown(call.body);
    let secret: Set<Card>;
    if (shownAt.length > 0) {
      secret = new Set();
      for (const [tableId, version] of shownAt)
        for (const card of this.secretsAt(tableId, version) ?? []) secret.add(card);
    } else secret = new Set([...now].filter((card) => before.has(card)));
    const shown = [...secret].filter((card) => this.needles.get(card)?.text.some((n) => json.includes(n)));
    if (shown.length > 0) this.leak(`${call.method} ${call.route} shows ${shown.join(' ')} from a hand`);
  }

  private leak(text: string): void {
    if (this.leaks.length < 1000) this.leaks.push(text);
  }

  /** The channel a call writes to (its own route, or its interaction's channel). */
  private channelOf(call: RestCall): string | null {
    const world = this.discord.hub.world;
    if (call.route.startsWith('/channels/')) return call.path.split('/')[2] ?? null;
    if (call.route.startsWith('/interactions/'))
      return world.interactions.get(call.path.split('/')[2] as string)?.channelId ?? null;
    if (call.route.startsWith('/webhooks/'))
      return world.interactionsByToken.get(call.path.split('/')[3] as string)?.channelId ?? null;
    return null;
  }

  /** The secret cards of the channel's active match now (none without one). */
  private secretsNow(channelId: string): Set<Card> {
    const table = this.store.tables.activeInChannelId(channelId);
    if (!table || table.matchId === null) return new Set();
    const match = this.store.matches.load(table.matchId);
    return match ? secrets(match.state) : new Set();
  }

  /** The secret cards of a table's match at a version, replayed from its log (null: unknown). */
  private secretsAt(tableId: string, version: number): Set<Card> | null {
    const table = this.store.tables.get(tableId);
    if (!table || table.matchId === null) return null;
    let replayed = this.matches.get(table.matchId);
    if (!replayed) {
      const match = this.store.matches.load(table.matchId);
      if (!match) return null;
      const state = newMatch(match.settings, match.seed);
      replayed = { state, secretsAt: [secrets(state)] };
      this.matches.set(table.matchId, replayed);
    }
    if (replayed.secretsAt.length <= version) {
      const actions = this.store.matches.actions(table.matchId);
      for (let v = replayed.secretsAt.length; v <= version && v <= actions.length; v++) {
        const entry = actions[v - 1] as { seat: number; action: unknown };
        const step = apply(replayed.state, entry.seat as Seat, entry.action as never);
        if (!step.ok) return null;
        replayed.state = step.value.state;
        replayed.secretsAt.push(secrets(replayed.state));
      }
    }
    return replayed.secretsAt[version] ?? null;
  }
}

/** The table as an interaction may change it (not its message id, its clock or when it changed). */
function comparable(table: TableRecord | null, without: string): string {
  if (!table) return 'no table';
  const { messageId: _m, updatedAt: _u, ...rest } = table;
  const seats = table.seats.map((o) => (o?.kind === 'user' && o.userId === without ? null : o));
  return JSON.stringify({ ...rest, seats });
}

export interface Before {
  readonly table: TableRecord | null;
  readonly version: number | null;
}

/**
 * What is wrong with the change one interaction of `userId` made to the channel's table, or null.
 * `events` are the match's logged actions after the version before (read only if it moved).
 */
export function changeProblem(
  userId: string,
  before: Before,
  after: Before,
  events: () => ReadonlyArray<{
    seat: number;
    userId: string | null;
    version: number;
    forced: string | null;
  }>,
): string | null {
  const seatOf = (table: TableRecord | null) =>
    table?.seats.findIndex((o) => o?.kind === 'user' && o.userId === userId) ?? -1;
  const wasSeated = seatOf(before.table) >= 0;
  const sameMatch = before.table !== null && after.table?.id === before.table.id;
  const moved = sameMatch && before.version !== null && after.version !== before.version;
  if (!wasSeated) {
    if (moved) return `not seated, moved the match from version ${before.version} to ${after.version}`;
    if (comparable(before.table, userId) === comparable(after.table, userId)) return null;
    // Their own seat taken (a join), or a table of their own opened where none was.
    if (seatOf(after.table) >= 0 && (before.table === null || sameMatch)) return null;
    return 'not seated, changed the table';
  }
  if (!moved) return null;
  const seat = seatOf(before.table);
  const holder = (s: number) => {
    const occupant = before.table?.seats[s] ?? null;
    return occupant?.kind === 'user' ? occupant : null;
  };
  for (const event of events()) {
    // The bot's move for an away seat (or on a timeout) is logged with the seat's holder.
    if (event.forced !== null && event.userId === holder(event.seat)?.userId) continue;
    if (event.userId !== null && (event.userId !== userId || event.seat !== seat))
      return `version ${event.version}: seat ${event.seat + 1} moved for ${event.userId} on a click of seat ${seat + 1}`;
    if (event.userId === null && holder(event.seat) !== null)
      return `version ${event.version}: seat ${event.seat + 1}, a person's, moved as a bot's`;
  }
  return null;
}
