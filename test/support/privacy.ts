/** Wire-level privacy checks: which REST payloads others can see, and whether they show a hand's card. */

import { cardLabel } from '../../src/discord/cardText.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { type Card, formatCard } from '../../src/engine/index.js';
import type { LocalDiscord, RestCall } from '../../src/localDiscord/index.js';

/** Whether what this call sends becomes visible to users other than the one who clicked. */
export function isPublicCall(discord: LocalDiscord, call: RestCall): boolean {
  if (call.method === 'GET' || call.method === 'DELETE' || call.status >= 400) return false;
  if (call.route.startsWith('/channels/')) return true;
  const data = (call.body?.data ?? call.body ?? {}) as { flags?: number };
  if (call.route === '/interactions/:interaction/:token/callback') {
    const type = call.body?.type as number;
    const id = call.path.split('/')[2] as string;
    const interaction = discord.hub.world.interactions.get(id);
    if (type === 7 || type === 6) {
      const source = interaction?.sourceMessageId
        ? discord.hub.world.messages.get(interaction.sourceMessageId)
        : undefined;
      return source?.visibleTo === null;
    }
    if (type === 4 || type === 5) return ((data.flags ?? 0) & 64) === 0;
    return false;
  }
  if (call.route.startsWith('/webhooks/')) {
    const token = call.path.split('/')[3] as string;
    const interaction = discord.hub.world.interactionsByToken.get(token);
    if (call.method === 'POST') return ((data.flags ?? 0) & 64) === 0;
    return interaction ? !interaction.ephemeral : true;
  }
  return false;
}

/** The cards of `secret` that appear in the payload, in either notation. */
export function cardsShown(payload: unknown, secret: readonly Card[]): Card[] {
  const json = JSON.stringify(payload ?? null);
  return secret.filter(
    (card) =>
      json.includes(JSON.stringify(cardLabel(card, EN_TEXT)).slice(1, -1)) ||
      json.includes(`"${formatCard(card)}"`),
  );
}
