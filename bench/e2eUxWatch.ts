/**
 * Players who play from their live panel (bench/e2eUx.ts): each opens their panel once per hand
 * (or when it was retired), then only acts on what it shows, never refreshing. Counted in the load
 * worker: interactions per own decision and new ephemeral messages per player and hand.
 */
import type { MessageView, RestCall, ScriptedUser } from '../src/localDiscord/index.js';
import { type Dice, find, openPanel, tableMessage, takeTurn } from '../test/support/panelPlayer.js';
import { tableParts } from '../test/support/tableParts.js';
import { versionIn } from './e2eLagWatch.js';

export interface UxResult {
  /** Accepted game actions (the tables' versions moved by them; an exchange counts once). */
  readonly actions: number;
  /** Exchanges confirmed: each is three choices (one card to each other player). */
  readonly exchanges: number;
  /** New ephemeral messages the bot created (panels opened, replies). */
  readonly ephemeral: number;
  /** Hands begun, summed over the tables (each seen by its four players). */
  readonly hands: number;
  /** Panels opened ("My hand"). */
  readonly opened: number;
}

/** The version a message's buttons carry (NaN without), and the hand its title names. */
function versionOf(message: MessageView | undefined): number {
  return (message && versionIn(message.components)) ?? Number.NaN;
}

function handOf(message: MessageView | undefined): number {
  const title = (message && tableParts(message)?.title) ?? '';
  return Number(/hand (\d+)/.exec(title)?.[1] ?? 0);
}

export function uxPlayers(channelIds: readonly string[], viewer: ScriptedUser) {
  const panels = new Map<string, { id: string; hand: number }>();
  const startVersion = new Map<string, number>();
  const startHand = new Map<string, number>();
  for (const channelId of channelIds) {
    const table = tableMessage(viewer, channelId);
    startVersion.set(channelId, versionOf(table));
    startHand.set(channelId, handOf(table));
  }
  let exchanges = 0;
  let opened = 0;
  const step = async (user: ScriptedUser, channelId: string, dice: Dice): Promise<void> => {
    const hand = handOf(tableMessage(user, channelId));
    const known = panels.get(`${channelId}:${user.id}`);
    let panel =
      known && known.hand === hand ? user.messages(channelId).find((m) => m.id === known.id) : undefined;
    if (!panel || panel.components.length === 0) {
      panel = await openPanel(user, channelId);
      opened++;
      panels.set(`${channelId}:${user.id}`, { id: panel.id, hand });
    }
    const exchanging = find(panel, 'exs') !== undefined;
    if ((await takeTurn(user, panel, dice)) && exchanging) exchanges++;
  };
  const result = (calls: readonly RestCall[]): UxResult => {
    let actions = 0;
    let hands = 0;
    for (const channelId of channelIds) {
      const table = tableMessage(viewer, channelId);
      actions += versionOf(table) - (startVersion.get(channelId) ?? 0);
      hands += handOf(table) - (startHand.get(channelId) ?? 1) + 1;
    }
    const ephemeral = calls.filter(
      (c) =>
        (c.route === '/interactions/:interaction/:token/callback' &&
          [4, 5].includes((c.body as { type?: number } | null)?.type ?? 0) &&
          (((c.body as { data?: { flags?: number } }).data?.flags ?? 0) & 64) !== 0) ||
        (c.route === '/webhooks/:app/:token' &&
          (((c.body as { flags?: number } | null)?.flags ?? 0) & 64) !== 0),
    ).length;
    return { actions, exchanges, ephemeral, hands, opened };
  };
  return { step, result };
}
