/**
 * /history: recent matches, one match hand by hand, one hand play by play (or the review of one's own
 * decisions in it), and the JSON export.
 */
import { AttachmentBuilder, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { renderHandLog, renderMatchDetail, renderRecentMatches } from '../src/discord/renderHistory.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { type Outcome, refuse, toDiscord } from '../src/discord/respond.js';
import { answerReview } from '../src/discord/reviewReply.js';
import { t } from '../src/i18n/index.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'history', 'cmd.history')
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, 'matches', 'cmd.history.matches').addUserOption((o) =>
      named(o, 'player', 'cmd.history.matches.player'),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'match', 'cmd.history.match').addIntegerOption((o) =>
      named(o, 'number', 'cmd.history.match.number').setRequired(true).setMinValue(1),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'hand', 'cmd.history.hand')
      .addIntegerOption((o) => named(o, 'match', 'cmd.opt.matchNumber').setRequired(true).setMinValue(1))
      .addIntegerOption((o) => named(o, 'hand', 'cmd.history.hand.hand').setRequired(true).setMinValue(1))
      .addBooleanOption((o) => named(o, 'review', 'cmd.history.hand.review')),
  )
  .addSubcommand((s) =>
    named(s, 'export', 'cmd.history.export').addIntegerOption((o) =>
      named(o, 'match', 'cmd.opt.matchNumber').setRequired(true).setMinValue(1),
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
  if (sub === 'hand' && interaction.options.getBoolean('review') === true)
    return answerReview(interaction, ctx, {
      guildId,
      matchId,
      hand: interaction.options.getInteger('hand', true),
      userId: interaction.user.id,
    });
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
