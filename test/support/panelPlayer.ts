/**
 * A scripted player who uses only what they can see: the public table message and their own
 * private panels. Each step opens a fresh panel ("My hand") and does what the panel offers.
 */
import { LANGS, t } from '../../src/i18n/index.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { interactive, isV2 } from './tableParts.js';

/** The plays menu's title on your turn, in every language ("Play…", "Spielen…"), not a bomb menu's. */
const PLAY_WORDS = LANGS.map((lang) => t(lang, 'panel.menuPlay'));

export interface Component {
  readonly type: number;
  readonly custom_id?: string;
  readonly label?: string;
  readonly placeholder?: string;
  readonly disabled?: boolean;
  readonly max_values?: number;
  readonly options?: Array<{ label: string; value: string; default?: boolean }>;
}

/** The buttons and selects of a message: in rows, or in a V2 container and beside its sections' texts. */
export function componentsOf(message: MessageView): Component[] {
  return interactive(message.components) as unknown as Component[];
}

export function find(message: MessageView, prefix: string): Component | undefined {
  return componentsOf(message).find((c) => c.custom_id?.startsWith(`${prefix}:`));
}

/** A tiny deterministic generator so runs repeat. */
export class Dice {
  constructor(private state: number) {}
  next(n: number): number {
    this.state = (Math.imul(this.state ^ (this.state >>> 15), 2246822507) + 0x6d2b79f5) >>> 0;
    return this.state % n;
  }
}

/** The public table message of the channel: the newest that is one (see isTableMessage). */
export function tableMessage(user: ScriptedUser, channelId: string): MessageView | undefined {
  return user.messages(channelId).filter(isTableMessage).at(-1);
}

/**
 * Whether a message is a public table message: a Components V2 container (the table's), or an
 * embed, the table message's shape before V2 (no other public message of the bot has either).
 */
export function isTableMessage(m: MessageView): boolean {
  return !m.ephemeral && (isV2(m) || m.embeds.length > 0);
}

/** Clicks "My hand" on the table message (waiting for the message to offer it) and returns the panel. */
export async function openPanel(user: ScriptedUser, channelId: string): Promise<MessageView> {
  const table = await user.waitForMessage(channelId, (m) => !m.ephemeral && find(m, 'hand') !== undefined);
  const hand = find(table, 'hand') as Component;
  return user.click(table.id, hand.custom_id as string).reply();
}

/** Does whatever this user's panel offers; returns false when it offers nothing to do. */
export async function takeTurn(
  user: ScriptedUser,
  panel: MessageView,
  dice: Dice,
  options: { passChance?: number } = {},
): Promise<boolean> {
  const grand = componentsOf(panel).find((c) => c.custom_id?.startsWith('gt:') && c.custom_id.endsWith(':0'));
  if (grand?.custom_id) {
    await user.click(panel.id, grand.custom_id).reply();
    return true;
  }
  if (find(panel, 'exs')) return exchange(user, panel, dice);
  const wish = find(panel, 'wish');
  if (wish?.custom_id) {
    const pick = wish.options
      ? [(wish.options[dice.next(wish.options.length)] as { value: string }).value]
      : null;
    if (pick) await user.select(panel.id, wish.custom_id, pick).reply();
    else await user.click(panel.id, wish.custom_id).reply();
    return true;
  }
  const gift = find(panel, 'gift');
  if (gift?.custom_id) {
    await user.click(panel.id, gift.custom_id).reply();
    return true;
  }
  const plays = find(panel, 'lp');
  const pass = find(panel, 'pass');
  const myTurn = PLAY_WORDS.some((word) => plays?.placeholder?.startsWith(word)) || pass !== undefined;
  if (!myTurn) return false;
  if (pass?.custom_id && (!plays || dice.next(100) < (options.passChance ?? 30))) {
    await user.click(panel.id, pass.custom_id).reply();
    return true;
  }
  if (plays?.custom_id && plays.options) {
    const choice = plays.options[dice.next(plays.options.length)] as { value: string };
    await user.select(panel.id, plays.custom_id, [choice.value]).reply();
    return true;
  }
  return false;
}

async function exchange(user: ScriptedUser, first: MessageView, dice: Dice): Promise<boolean> {
  let panel = first;
  for (let slot = 0; slot < 3; slot++) {
    const select = componentsOf(panel).filter((c) => c.custom_id?.startsWith('exs:'))[slot];
    if (!select?.custom_id || !select.options) return false;
    const taken = componentsOf(panel)
      .filter((c) => c.custom_id?.startsWith('exs:'))
      .flatMap((c) => (c.options ?? []).filter((o) => o.default).map((o) => o.value));
    const free = select.options.filter((o) => !taken.includes(o.value));
    const choice = free[dice.next(free.length)] as { value: string };
    panel = await user.select(panel.id, select.custom_id, [choice.value]).reply();
  }
  const confirm = find(panel, 'ex');
  if (!confirm?.custom_id || confirm.disabled) return false;
  await user.click(panel.id, confirm.custom_id).reply();
  return true;
}
