/**
 * Focused end-to-end scenarios: a deal chosen by a bounded seed search with the engine, and a table
 * played by four scripted users through what they see (the public table message, their own panels
 * and slash commands). A shadow engine mirrors every accepted action so a test can plan its next
 * move (who holds what after the exchange); every assertion is on what Discord shows.
 */
import { expect } from 'vitest';
import type { Environment } from '../../src/app/ids.js';
import { cardLabel } from '../../src/discord/cardText.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import {
  type Action,
  apply,
  type Card,
  cardRank,
  isNormal,
  type MatchState,
  makeSettings,
  newMatch,
  type Seat,
  type Settings,
  sortCards,
} from '../../src/engine/index.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import type { BotFixture } from './botFixture.js';
import { type Component, componentsOf } from './panelPlayer.js';
import { isV2, partsText, v2Parts } from './tableParts.js';

/** Ids, seeds and time the tests choose. `useSeed` sets the seed of the next match started. */
export function scriptedEnv(prefix: string): { env: Environment; useSeed(seed: string): void } {
  let seed = `${prefix}-seed`;
  let n = 0;
  return {
    env: {
      now: () => Date.now(),
      newTableId: () => `${prefix}${String(n++).padStart(8 - prefix.length, '0')}`,
      newSeed: () => seed,
      randomInt: () => 0,
    },
    useSeed(next: string) {
      seed = next;
    },
  };
}

/** The 14 cards `seat` holds once the Grand Tichu decisions are made (before the exchange). */
export function fullDeal(state: MatchState, seat: Seat): Card[] {
  return sortCards([...state.hand.hands[seat], ...state.hand.undealt[seat]]);
}

/** The seat that will hold `card` after the deal (before the exchange). */
export function holderOf(state: MatchState, card: Card): Seat {
  return ([0, 1, 2, 3] as const).find((s) => fullDeal(state, s).includes(card)) as Seat;
}

/** The first seed `${prefix}-<n>` (n below `limit`) whose deal passes `test`. */
export function findSeed(prefix: string, test: (state: MatchState) => boolean, limit = 20_000): string {
  for (let i = 0; i < limit; i++) {
    const seed = `${prefix}-${i}`;
    if (test(newMatch(makeSettings(), seed))) return seed;
  }
  throw new Error(`no seed among ${limit} for ${prefix}`);
}

/** The ranks of which `cards` holds all four suits. */
export function fourOfAKindRanks(cards: readonly Card[]): number[] {
  const counts = new Map<number, number>();
  for (const c of cards) if (isNormal(c)) counts.set(cardRank(c), (counts.get(cardRank(c)) ?? 0) + 1);
  return [...counts].filter(([, n]) => n === 4).map(([r]) => r);
}

/**
 * The whole text of a message's embeds (an old table message has one): titles, descriptions and
 * fields; for a Components V2 message (the table message), the same from its text displays.
 */
export function embedText(message: MessageView | undefined): string {
  if (message && isV2(message)) return partsText(v2Parts(message.components));
  const embeds = (message?.embeds ?? []) as Array<{
    title?: string;
    description?: string;
    fields?: Array<{ name: string; value: string }>;
  }>;
  return embeds
    .map((embed) => {
      const fields = (embed.fields ?? []).map((f) => `${f.name}: ${f.value}`);
      return [embed.title ?? '', embed.description ?? '', ...fields].join('\n');
    })
    .join('\n');
}

/** The seat line of the table message for `name` (e.g. "🟦 1. Ann (host) — 14 cards · **Tichu!**"). */
export function seatLine(text: string, name: string): string {
  return text.split('\n').find((l) => new RegExp(`\\d\\. ${name}\\b`).test(l)) ?? '';
}

export function buttons(panel: MessageView): Component[] {
  return componentsOf(panel).filter((c) => c.type === 2);
}

export function buttonLabelled(panel: MessageView, label: string | RegExp): Component | undefined {
  return buttons(panel).find((c) =>
    typeof label === 'string' ? c.label === label : label.test(c.label ?? ''),
  );
}

export function selectWith(panel: MessageView, placeholder: RegExp): Component | undefined {
  return componentsOf(panel).find((c) => c.type === 3 && placeholder.test(c.placeholder ?? ''));
}

/** The option of a select whose label a player reads as this card. */
export function optionFor(select: Component, card: Card): string {
  const option = (select.options ?? []).find((o) => o.label === cardLabel(card, EN_TEXT));
  if (!option) throw new Error(`no option ${cardLabel(card, EN_TEXT)} in ${select.placeholder}`);
  return option.value;
}

/** "Your hand** (12)" → 12. */
export function handCount(panel: MessageView): number {
  const m = /\*\*Your hand\*\* \((\d+)\)/.exec(panel.content);
  return m ? Number(m[1]) : -1;
}

/** Every REST call the bot made that Discord refused. */
export function failedCalls(fx: BotFixture): string[] {
  return fx.discord.calls
    .filter((c) => c.status >= 400)
    .map((c) => `${c.method} ${c.route} → ${c.status} ${JSON.stringify(c.response)}`);
}

export const NAMES = ['Ann', 'Ben', 'Cat', 'Dan'] as const;

/** A table of four scripted users (seat = index) in the fixture's channel, with a shadow engine. */
export class E2ETable {
  readonly shadow: Shadow;

  private constructor(
    readonly fx: BotFixture,
    readonly seats: readonly ScriptedUser[],
    readonly messageId: string,
    seed: string,
    settings: Settings,
  ) {
    this.shadow = new Shadow(seed, settings);
  }

  /** Seat 0 creates the table, seats 1-3 join in order, seat 0 starts (with `seed` as the next seed). */
  static async open(
    fx: BotFixture,
    useSeed: (seed: string) => void,
    seed: string,
    options: { target?: number; beforeStart?: (lobby: MessageView) => Promise<void> } = {},
  ): Promise<E2ETable> {
    const seats = fx.users.slice(0, 4);
    const [host, ...others] = seats as [ScriptedUser, ...ScriptedUser[]];
    useSeed(seed);
    const created = await host
      .slash(fx.channelId, 'table', {
        subcommand: 'create',
        ...(options.target ? { options: { target: options.target } } : {}),
      })
      .reply();
    for (const u of others) {
      const joined = await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
      expect(joined.content).toContain('You are seated');
    }
    if (options.beforeStart) {
      const lobby = await host.waitForMessage(
        fx.channelId,
        (m) => m.id === created.id && embedText(m).includes(`4. ${NAMES[3]}`),
      );
      await options.beforeStart(lobby);
    }
    const started = await host.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    expect(started.content).toContain('match begins');
    const settings = makeSettings(options.target ? { targetScore: options.target } : {});
    const table = new E2ETable(fx, seats, created.id, seed, settings);
    await table.waitText((t) => t.includes('Grand Tichu?'));
    return table;
  }

  user(seat: Seat): ScriptedUser {
    return this.seats[seat] as ScriptedUser;
  }

  /** The public table message as everyone sees it now. */
  message(): MessageView {
    const m = this.fx.discord.channelMessages(this.fx.channelId).find((x) => x.id === this.messageId);
    if (!m) throw new Error('the table message is gone');
    return m;
  }

  text(): string {
    return embedText(this.message());
  }

  /** Waits (bounded) until the table message's text passes `test`; returns that text. */
  async waitText(test: RegExp | ((text: string) => boolean), timeoutMs = 3_000): Promise<string> {
    const pass = typeof test === 'function' ? test : (t: string) => test.test(t);
    try {
      const m = await this.user(0).waitForMessage(
        this.fx.channelId,
        (x) => x.id === this.messageId && pass(embedText(x)),
        timeoutMs,
      );
      return embedText(m);
    } catch {
      throw new Error(`the table message never matched ${String(test)}; it shows:\n${this.text()}`);
    }
  }

  /** Clicks "My hand" on the table message: the user's private panel. */
  async panel(seat: Seat): Promise<MessageView> {
    const hand = buttonLabelled(this.message(), 'My hand');
    if (!hand?.custom_id) throw new Error(`no "My hand" button on the table message:\n${this.text()}`);
    const panel = await this.user(seat).click(this.messageId, hand.custom_id).reply();
    expect(panel.ephemeral).toBe(true);
    return panel;
  }

  /** Clicks a button of a panel by its label; returns the panel as it then shows. */
  async clickButton(seat: Seat, panel: MessageView, label: string | RegExp): Promise<MessageView> {
    const b = buttonLabelled(panel, label);
    if (!b?.custom_id)
      throw new Error(
        `no button ${String(label)} on the panel:\n${panel.content}\n${buttons(panel)
          .map((x) => x.label)
          .join(', ')}`,
      );
    return this.user(seat).click(panel.id, b.custom_id).reply();
  }

  async decideGrand(seat: Seat, call: boolean): Promise<MessageView> {
    const panel = await this.panel(seat);
    const after = await this.clickButton(seat, panel, call ? 'Grand Tichu!' : 'No, deal my cards');
    this.shadow.act(seat, { type: 'grandTichu', call });
    return after;
  }

  /** Picks the three exchange cards in the panel's selects (next, partner, previous), then Confirm. */
  async exchange(seat: Seat, picks: readonly [Card, Card, Card], from?: MessageView): Promise<MessageView> {
    let panel = from ?? (await this.panel(seat));
    for (let slot = 0; slot < 3; slot++) {
      const select = exchangeSelects(panel)[slot];
      if (!select?.custom_id) throw new Error(`no exchange select ${slot}:\n${panel.content}`);
      panel = await this.user(seat)
        .select(panel.id, select.custom_id, [optionFor(select, picks[slot] as Card)])
        .reply();
    }
    const after = await this.clickButton(seat, panel, 'Confirm exchange');
    this.shadow.act(seat, { type: 'exchange', next: picks[0], partner: picks[1], previous: picks[2] });
    return after;
  }

  /** Everyone declines Grand Tichu (except `grand`), then exchanges low cards, never one of `keep`. */
  async dealToPlay(options: { grand?: readonly Seat[]; keep?: readonly Card[] } = {}): Promise<void> {
    for (const seat of [0, 1, 2, 3] as const)
      await this.decideGrand(seat, options.grand?.includes(seat) ?? false);
    for (const seat of [0, 1, 2, 3] as const)
      await this.exchange(seat, lowPicks(this.shadow.hand(seat), options.keep ?? []));
    await this.waitText(/leads\./);
  }

  /**
   * Picks exactly `cards` in the panel's card select and presses its Play button ("Play: pair 7"
   * when they make one legal play, else "Play N cards").
   */
  async pickAndPlay(seat: Seat, cards: readonly Card[], from?: MessageView): Promise<MessageView> {
    let panel = from ?? (await this.panel(seat));
    const pick = selectWith(panel, /^Pick cards/);
    if (!pick?.custom_id) throw new Error(`no card select on the panel:\n${panel.content}`);
    panel = await this.user(seat)
      .select(
        panel.id,
        pick.custom_id,
        cards.map((c) => optionFor(pick, c)),
      )
      .reply();
    return this.clickButton(seat, panel, new RegExp(`^Play(: | ${cards.length} cards?$)`));
  }

  /** Plays `cards` (one reading only) and mirrors it. */
  async play(seat: Seat, cards: readonly Card[]): Promise<MessageView> {
    const panel = await this.pickAndPlay(seat, cards);
    this.shadow.act(seat, { type: 'play', cards });
    return panel;
  }

  async pass(seat: Seat): Promise<MessageView> {
    const panel = await this.panel(seat);
    const after = await this.clickButton(seat, panel, 'Pass');
    this.shadow.act(seat, { type: 'pass' });
    return after;
  }
}

export function exchangeSelects(panel: MessageView): Component[] {
  return componentsOf(panel).filter((c) => c.type === 3 && /^Card for/.test(c.placeholder ?? ''));
}

/** Three normal cards of the lowest ranks that are not kept. */
export function lowPicks(hand: readonly Card[], keep: readonly Card[]): [Card, Card, Card] {
  const free = hand.filter((c) => isNormal(c) && !keep.includes(c));
  const sorted = [...free].sort((a, b) => cardRank(a) - cardRank(b));
  if (sorted.length < 3) throw new Error('not enough cards to pass');
  return [sorted[0], sorted[1], sorted[2]] as [Card, Card, Card];
}

/** The engine, fed the same actions the users made through Discord: for planning only. */
export class Shadow {
  state: MatchState;

  constructor(seed: string, settings: Settings = makeSettings()) {
    this.state = newMatch(settings, seed);
  }

  act(seat: Seat, action: Action): void {
    const step = apply(this.state, seat, action);
    if (!step.ok) throw new Error(`the shadow refused ${JSON.stringify(action)}: ${step.error.code}`);
    this.state = step.value.state;
  }

  hand(seat: Seat): readonly Card[] {
    return this.state.hand.hands[seat];
  }

  /** The seat's normal cards, lowest rank first (the singles a test plays without a wish). */
  singles(seat: Seat): Card[] {
    return this.hand(seat)
      .filter(isNormal)
      .sort((a, b) => cardRank(a) - cardRank(b));
  }

  get turn(): Seat | null {
    return this.state.hand.turn;
  }

  holder(card: Card): Seat {
    return ([0, 1, 2, 3] as const).find((s) => this.hand(s).includes(card)) as Seat;
  }
}
