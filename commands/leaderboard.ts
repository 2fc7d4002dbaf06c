/** /leaderboard: this server's best players, by rating or other measures; hide yourself if you like. */
import { type ButtonInteraction, type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { BOARD_SORTS, type BoardSort } from '../src/app/stats.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { renderLeaderboard } from '../src/discord/renderStats.js';
import { actorOf, type Outcome, refuse, toDiscord } from '../src/discord/respond.js';
import { t } from '../src/i18n/index.js';
import { choice, named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'leaderboard', 'cmd.leaderboard')
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, 'top', 'cmd.leaderboard.top').addStringOption((o) =>
      named(o, 'by', 'cmd.leaderboard.top.by').addChoices(
        choice('rating', 'cmd.leaderboard.top.by.rating'),
        choice('wins', 'cmd.leaderboard.top.by.wins'),
        choice('winrate', 'cmd.leaderboard.top.by.winrate'),
        choice('tichu', 'cmd.leaderboard.top.by.tichu'),
      ),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'visibility', 'cmd.leaderboard.visibility').addStringOption((o) =>
      named(o, 'mode', 'cmd.leaderboard.visibility.mode')
        .setRequired(true)
        .addChoices(
          choice('hidden', 'cmd.leaderboard.visibility.mode.hidden'),
          choice('shown', 'cmd.leaderboard.visibility.mode.shown'),
        ),
    ),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  if (interaction.options.getSubcommand(true) === 'visibility') {
    const hidden = interaction.options.getString('mode', true) === 'hidden';
    const actor = actorOf(interaction);
    const result = ctx.stats.setHidden(actor.userId, actor.name, hidden, Date.now());
    if (!result.ok) return refuse(ctx, interaction, result.error);
    await interaction.reply({
      content: t(
        ctx.looks.forUser(interaction.locale).lang,
        hidden ? 'rec.board.nowHidden' : 'rec.board.nowShown',
      ),
      flags: EPHEMERAL,
    });
    return { result: 'ok' };
  }
  const sort = (interaction.options.getString('by') ?? 'rating') as BoardSort;
  const board = ctx.stats.leaderboard(interaction.guildId ?? '', sort, 0, interaction.user.id);
  if (!board.ok) return refuse(ctx, interaction, board.error);
  await interaction.reply({
    ...toDiscord(
      renderLeaderboard(
        board.value,
        interaction.guild?.name ?? null,
        ctx.looks.forUser(interaction.locale).lang,
      ),
    ),
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}

/** The paging and sorting buttons: `lb:<sort>:<page>:<tag>`, parsed strictly. */
export async function page(interaction: ButtonInteraction, ctx: BotContext): Promise<Outcome> {
  const [, sort, pageText] = interaction.customId.split(':');
  const pageNumber = Number(pageText);
  if (
    !BOARD_SORTS.includes(sort as BoardSort) ||
    !Number.isInteger(pageNumber) ||
    pageNumber < 0 ||
    pageNumber > 100_000
  ) {
    return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  }
  const board = ctx.stats.leaderboard(
    interaction.guildId ?? '',
    sort as BoardSort,
    pageNumber,
    interaction.user.id,
  );
  if (!board.ok) return refuse(ctx, interaction, board.error);
  const lang = ctx.looks.forUser(interaction.locale).lang;
  await interaction.update(toDiscord(renderLeaderboard(board.value, interaction.guild?.name ?? null, lang)));
  return { result: 'ok' };
}
