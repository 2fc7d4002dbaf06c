/** /stats: a player's statistics on this server. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { renderPlayerStats } from '../src/discord/renderStats.js';
import { type Outcome, refuse, toDiscord } from '../src/discord/respond.js';

export const data = new SlashCommandBuilder()
  .setName('stats')
  .setDescription('Tichu statistics on this server')
  .setDMPermission(false)
  .addUserOption((o) => o.setName('player').setDescription('Whose statistics (default: yours)'));

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
