/** /history: recent matches, one match hand by hand, one hand play by play, and the JSON export. */
import { AttachmentBuilder, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { renderHandLog, renderMatchDetail, renderRecentMatches } from '../src/discord/renderHistory.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { type Outcome, refuse, toDiscord } from '../src/discord/respond.js';
import { t } from '../src/i18n/index.js';

export const data = new SlashCommandBuilder()
  .setName('history')
  .setDescription('Past Tichu matches on this server')
  .setDMPermission(false)
  .addSubcommand((s) =>
    s
      .setName('matches')
      .setDescription('The last matches of a player, or of this channel')
      .addUserOption((o) => o.setName('player').setDescription('Whose matches (default: this channel’s)')),
  )
  .addSubcommand((s) =>
    s
      .setName('match')
      .setDescription('One match, hand by hand')
      .addIntegerOption((o) =>
        o
          .setName('number')
          .setDescription('The match number (#) from /history matches')
          .setRequired(true)
          .setMinValue(1),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('hand')
      .setDescription('Every play of one finished hand, exchanges included')
      .addIntegerOption((o) =>
        o.setName('match').setDescription('The match number').setRequired(true).setMinValue(1),
      )
      .addIntegerOption((o) =>
        o.setName('hand').setDescription('The hand number').setRequired(true).setMinValue(1),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('export')
      .setDescription('A finished match as a JSON file (settings, seed, every action): enough to replay it')
      .addIntegerOption((o) =>
        o.setName('match').setDescription('The match number').setRequired(true).setMinValue(1),
      ),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const guildId = interaction.guildId ?? '';
  const sub = interaction.options.getSubcommand(true);
  const ui = ctx.looks.forUser(interaction.locale);
  if (sub === 'matches') {
    const user = interaction.options.getUser('player');
    const result = ctx.stats.recentMatches(
      guildId,
      user ? { userId: user.id } : { channelId: interaction.channelId },
    );
    if (!result.ok) return refuse(ctx, interaction, result.error);
    const whose = user ? (user.globalName ?? user.username) : null;
    await interaction.reply({
      ...toDiscord(renderRecentMatches(result.value, whose, ui.lang)),
      flags: EPHEMERAL,
    });
    return { result: 'ok' };
  }
  if (sub === 'match') {
    const detail = ctx.stats.matchDetail(guildId, interaction.options.getInteger('number', true));
    if (!detail.ok) return refuse(ctx, interaction, detail.error);
    await interaction.reply({ ...toDiscord(renderMatchDetail(detail.value, ui.lang)), flags: EPHEMERAL });
    return { result: 'ok' };
  }
  const matchId = interaction.options.getInteger('match', true);
  if (sub === 'hand') {
    const log = ctx.stats.handLog(guildId, matchId, interaction.options.getInteger('hand', true));
    if (!log.ok) return refuse(ctx, interaction, log.error);
    const detail = ctx.stats.matchDetail(guildId, matchId);
    if (!detail.ok) return refuse(ctx, interaction, detail.error);
    const { payload, full } = renderHandLog(log.value, detail.value, ui);
    const file = new AttachmentBuilder(Buffer.from(full, 'utf8'), {
      name: `tichu-match-${matchId}-hand-${log.value.number}.txt`,
    });
    await interaction.reply({ ...toDiscord(payload), files: [file], flags: EPHEMERAL });
    return { result: 'ok' };
  }
  const exported = ctx.stats.exportMatch(guildId, matchId);
  if (!exported.ok) return refuse(ctx, interaction, exported.error);
  const file = new AttachmentBuilder(Buffer.from(JSON.stringify(exported.value, null, 1), 'utf8'), {
    name: `tichu-match-${matchId}.json`,
  });
  await interaction.reply({
    content: t(ui.lang, 'rec.match.export', { id: matchId }),
    files: [file],
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}
