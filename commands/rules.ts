/** /rules: Tichu in a nutshell, as this bot plays it. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import type { Outcome } from '../src/discord/respond.js';

export const data = new SlashCommandBuilder().setName('rules').setDescription('Tichu’s rules in short');

export const RULES_TEXT = [
  '**Tichu** — two teams of two (seats 1 & 3 against 2 & 4). First team to the target (1000) wins.',
  '**Deal**: 8 cards, then you may call **Grand Tichu** (+/-200); then 6 more. Pass one card to each other player.',
  '**Play**: the Mah Jong holder leads. Beat the last play with the same kind and length, higher, or pass. When all others pass, the last player takes the trick and leads.',
  '**Combinations**: single, pair, triple, full house, straight (5+), pairs in a row. **Bombs** (four of a kind, straight flush of 5+) beat anything, even out of turn.',
  '**Specials**: Mah Jong (1, leads first, names a **wish**: that rank must be played when possible) · Dog (lead only: your partner leads) · Phoenix (wild in combinations; alone: half a rank above the last single; -25 points) · Dragon (highest single, +25, but you give that trick to an opponent).',
  '**Tichu** (+/-100): call it before your first card if you think you will go out first.',
  '**Scoring**: 5s are 5, 10s and Kings 10. The last player out gives their tricks to the first out and their hand to the opponents. Both partners out first: 200 points, nothing else counted.',
].join('\n');

export async function execute(interaction: ChatInputCommandInteraction, _ctx: BotContext): Promise<Outcome> {
  await interaction.reply({ content: RULES_TEXT, flags: EPHEMERAL });
  return { result: 'ok' };
}
