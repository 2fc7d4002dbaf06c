/** /stats: a player's statistics on this server, rated and casual matches apart. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { renderPlayerStats } from '../src/discord/renderStats.js';
import { type Outcome, refuse, toDiscord } from '../src/discord/respond.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'stats', 'cmd.stats')
  .setDMPermission(false)
  .addUserOption((o) => named(o, 'player', 'cmd.stats.player'));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const user = interaction.options.getUser('player') ?? interaction.user;
  const stats = ctx.stats.playerStats(interaction.guildId ?? '', user.id);
  if (!stats.ok) return refuse(ctx, interaction, stats.error);
  const name = user.globalName ?? user.username;
  await interaction.reply({
    ...toDiscord(renderPlayerStats(stats.value, name, ctx.looks.forUser(interaction.locale).lang)),
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}
