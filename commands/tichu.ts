/** /tichu: call Tichu (before your first card of the hand). */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { actorOf, afterAction, type Outcome, refuse, showPanel } from '../src/discord/respond.js';
import { t } from '../src/i18n/index.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'tichu', 'cmd.tichu');

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const here = ctx.service.tableInChannel(interaction.channelId);
  if (!here.ok) return refuse(ctx, interaction, here.error);
  const actor = actorOf(interaction);
  const result = ctx.service.act(here.value.table.id, actor, { type: 'tichu' });
  if (!result.ok) return refuse(ctx, interaction, result.error, here.value.table.id);
  // The player's answer goes first; the table message and the next player's ping follow it.
  try {
    const notice = t(ctx.looks.forUser(interaction.locale).lang, 'panel.youCalledTichu');
    return await showPanel(ctx, interaction, here.value.table.id, { notice });
  } finally {
    afterAction(ctx, result.value, actor.userId);
  }
}
