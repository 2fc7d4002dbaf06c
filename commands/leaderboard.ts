/**
 * /leaderboard: this server's best players, by rating or other measures, or by event points (the
 * placings of finished events), all time or in a season (by default the running one); hide yourself
 * if you like.
 */
import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  SlashCommandBuilder,
} from 'discord.js';
import { SEASON_NAME_MAX, type SeasonRecord } from '../src/app/seasons.js';
import { BOARD_SORTS, type BoardSort } from '../src/app/stats.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { renderLeaderboard } from '../src/discord/renderStats.js';
import { actorOf, type Outcome, refuse, toDiscord } from '../src/discord/respond.js';
import { t } from '../src/i18n/index.js';
import { choice, named } from './localized.js';
import { refuseSeason, seasonChoices } from './season.js';

export const data = named(new SlashCommandBuilder(), 'leaderboard', 'cmd.leaderboard')
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, 'top', 'cmd.leaderboard.top')
      .addStringOption((o) =>
        named(o, 'by', 'cmd.leaderboard.top.by').addChoices(
          choice('rating', 'cmd.leaderboard.top.by.rating'),
          choice('wins', 'cmd.leaderboard.top.by.wins'),
          choice('winrate', 'cmd.leaderboard.top.by.winrate'),
          choice('tichu', 'cmd.leaderboard.top.by.tichu'),
          // The event standings: points from each finished event's placings (statsRepo.ts EVENT_TALLY).
          choice('events', 'cmd.leaderboard.top.by.events'),
        ),
      )
      .addStringOption((o) =>
        named(o, 'season', 'cmd.leaderboard.top.season')
          // A season's name, or the all-time choice (autocomplete offers both).
          .setMaxLength(SEASON_NAME_MAX + 10)
          .setAutocomplete(true),
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
  const guildId = interaction.guildId ?? '';
  const season = ctx.stats.seasons.boardSeason(guildId, interaction.options.getString('season'));
  if (!season.ok) return refuseSeason(ctx, interaction, season.error);
  const board = ctx.stats.leaderboard(guildId, sort, 0, interaction.user.id, season.value);
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

/** `season:`: the server's seasons whose name holds what was typed, and all time. */
export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Outcome> {
  const lang = ctx.looks.forUser(interaction.locale).lang;
  const typed = String(interaction.options.getFocused());
  await interaction.respond(seasonChoices(ctx, interaction.guildId ?? '', typed, lang));
  return { result: 'ok' };
}

/**
 * The paging and sorting buttons: `lb:<sort>:<page>:<tag>:<season>`, parsed strictly (a button
 * from before seasons has no season part: it showed all time).
 */
export async function page(interaction: ButtonInteraction, ctx: BotContext): Promise<Outcome> {
  const [, sort, pageText, , seasonText = 'a', ...rest] = interaction.customId.split(':');
  const pageNumber = Number(pageText);
  const seasonId = seasonText === 'a' ? null : /^[1-9]\d{0,8}$/.test(seasonText) ? Number(seasonText) : 0;
  if (
    !BOARD_SORTS.includes(sort as BoardSort) ||
    !Number.isInteger(pageNumber) ||
    pageNumber < 0 ||
    pageNumber > 100_000 ||
    seasonId === 0 ||
    rest.length > 0
  ) {
    return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  }
  const guildId = interaction.guildId ?? '';
  let season: SeasonRecord | null = null;
  if (seasonId !== null) {
    const found = ctx.stats.seasons.season(guildId, seasonId);
    if (!found.ok) return refuseSeason(ctx, interaction, found.error);
    season = found.value;
  }
  const board = ctx.stats.leaderboard(guildId, sort as BoardSort, pageNumber, interaction.user.id, season);
  if (!board.ok) return refuse(ctx, interaction, board.error);
  const lang = ctx.looks.forUser(interaction.locale).lang;
  await interaction.update(toDiscord(renderLeaderboard(board.value, interaction.guild?.name ?? null, lang)));
  return { result: 'ok' };
}
