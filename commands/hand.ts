/** /hand: show my cards and my choices, privately. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { type Outcome, refuse, showPanel } from '../src/discord/respond.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'hand', 'cmd.hand');

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const here = ctx.service.tableInChannel(interaction.channelId);
  if (!here.ok) return refuse(ctx, interaction, here.error);
  return showPanel(ctx, interaction, here.value.table.id);
}
