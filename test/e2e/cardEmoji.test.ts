/**
 * Cards as pictures, end to end: the card emoji are deployed before the bot starts (as
 * `npm run deploy-commands` does); then a player's panel and the table message show each card as
 * the application's emoji (`<:Star_K_1a2b3c4d:id>`), which the local Discord accepts only because
 * every one of them is an emoji of the application. Selects keep text labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emojiName } from '../../src/discord/cardEmoji.js';
import { loadCardImage } from '../../src/discord/cardImages.js';
import type { Card } from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { E2ETable, failedCalls, scriptedEnv, selectWith } from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
const scripted = scriptedEnv('emoji');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env, cardEmoji: true });
  table = await E2ETable.open(fx, scripted.useSeed, 'card-emoji-seed');
});
afterAll(async () => {
  await fx?.close();
});

const EMOJI = /<:(\w+_[0-9a-f]{8}):(\d+)>/g;

/** The card emoji a text shows, each checked to be an emoji of the application. */
function emojiIn(text: string): string[] {
  const owned = new Map(fx.discord.applicationEmojis().map((e) => [e.id, e.name]));
  return [...text.matchAll(EMOJI)].map(([, name, id]) => {
    expect(owned.get(id as string)).toBe(name);
    return name as string;
  });
}

/** The emoji a card shows as: its name carries the hash of its picture. */
const nameOf = (card: Card) => emojiName(card, loadCardImage(card).sha256);

describe('card emoji', () => {
  it('the panel shows the hand as the application’s card emoji', async () => {
    const panel = await table.panel(0);
    // The cards stand on a heading line under "Your hand (8)": drawn larger.
    const lines = panel.content.split('\n');
    expect(lines).toContain('**Your hand** (8)');
    const handLine = lines[lines.indexOf('**Your hand** (8)') + 1] ?? '';
    expect(handLine.startsWith('## ')).toBe(true);
    const shown = emojiIn(handLine);
    expect(shown).toHaveLength(8);
    const dealt = table.shadow.state.hand.hands[0];
    expect(new Set(shown)).toEqual(new Set(dealt.map(nameOf)));
    // No card is left as text.
    expect(handLine).not.toMatch(/[🟢⚫🔵🔴]/u);
  });

  it('the table message shows a play with the card’s emoji; selects keep text labels', async () => {
    await table.dealToPlay({ keep: ['mahjong'] });
    const lead = table.shadow.holder('mahjong');
    const low = table.shadow.singles(lead)[0] as Card;
    const panel = await table.panel(lead);
    const [countLine, handLine, receivedLine] = panel.content.split('\n');
    expect(countLine).toBe('**Your hand** (14)');
    expect(emojiIn(handLine ?? '')).toHaveLength(14);
    expect(receivedLine).toMatch(/^Received: /);
    expect(emojiIn(receivedLine ?? '')).toHaveLength(3);
    const picker = selectWith(panel, /^Pick cards/);
    for (const option of picker?.options ?? []) expect(option.label).not.toMatch(/<:/);
    await table.play(lead, [low]);
    const text = await table.waitText((t) => t.includes(nameOf(low)));
    expect(emojiIn(text)).toContain(nameOf(low));
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.errors).toEqual([]);
  });
});
