/**
 * /season: a server admin (Manage Server) starts and ends the leaderboard's seasons; anyone lists
 * them. The permission is Discord's word, read from the interaction's member here; the use cases
 * (src/app/seasons.ts) refuse a running season, a missing one, and a bad or used name.
 */
import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import type { Refusal } from '../src/app/refusals.js';
import {
  ALL_TIME,
  isSeasonRefusal,
  SEASON_LIST_LIMIT,
  SEASON_NAME_MAX,
  type SeasonRecord,
  type SeasonRefusal,
} from '../src/app/seasons.js';
import type { BotContext } from '../src/discord/context.js';
import type { OptionWords } from '../src/discord/door/commandOptions.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { dateMark, plainName } from '../src/discord/renderStats.js';
import { type Outcome, type Repliable, refuse } from '../src/discord/respond.js';
import { type Lang, t } from '../src/i18n/index.js';
import { named } from './localized.js';

// No default member permission: /season list is for everyone; start and end check Manage Server.
export const data = named(new SlashCommandBuilder(), 'season', 'cmd.season')
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, 'start', 'cmd.season.start').addStringOption((o) =>
      named(o, 'name', 'cmd.season.start.name').setRequired(true).setMaxLength(SEASON_NAME_MAX),
    ),
  )
  .addSubcommand((s) => named(s, 'end', 'cmd.season.end'))
  .addSubcommand((s) => named(s, 'list', 'cmd.season.list'));

/** A name past Discord's limit gets the season's own sentence, not the door's general one. */
export const optionWords: OptionWords = {
  name: (lang) => t(lang, 'season.refusal.season_name_too_long', { max: SEASON_NAME_MAX }),
};

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const sub = interaction.options.getSubcommand(true);
  const guildId = interaction.guildId ?? '';
  if (sub === 'list') return list(interaction, ctx, guildId);
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    return refuseSeason(ctx, interaction, { code: 'season_not_admin' });
  const done =
    sub === 'start'
      ? ctx.stats.seasons.start(guildId, interaction.options.getString('name', true), ctx.now())
      : ctx.stats.seasons.end(guildId, ctx.now());
  if (!done.ok) return refuseSeason(ctx, interaction, done.error);
  // Said in the channel, in the server's language: a season concerns everyone who plays here.
  const { lang } = ctx.looks.forGuild(guildId);
  const season = done.value;
  const name = plainName(season.name);
  const content =
    season.endedAt === null
      ? t(lang, 'season.started', { name })
      : t(lang, 'season.ended', { name, from: dateMark(season.startedAt), to: dateMark(season.endedAt) });
  await interaction.reply({ content, allowedMentions: { parse: [] } });
  return { result: sub === 'start' ? 'season_started' : 'season_ended' };
}

async function list(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  guildId: string,
): Promise<Outcome> {
  const seasons = ctx.stats.seasons.list(guildId, SEASON_LIST_LIMIT + 1);
  if (!seasons.ok) return refuseSeason(ctx, interaction, seasons.error);
  const { lang } = ctx.looks.forUser(interaction.locale);
  const server = interaction.guild?.name ?? t(lang, 'rec.thisServer');
  await interaction.reply({
    embeds: [renderSeasonList(seasons.value, server, lang)],
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}

/** The server's seasons, newest first, with their dates (more than SEASON_LIST_LIMIT: the newest). */
export function renderSeasonList(
  seasons: readonly SeasonRecord[],
  server: string,
  lang: Lang,
): Record<string, unknown> {
  const lines = seasons.slice(0, SEASON_LIST_LIMIT).map((s) =>
    s.endedAt === null
      ? t(lang, 'season.list.running', { name: plainName(s.name), from: dateMark(s.startedAt) })
      : t(lang, 'season.list.past', {
          name: plainName(s.name),
          from: dateMark(s.startedAt),
          to: dateMark(s.endedAt),
        }),
  );
  if (lines.length === 0) lines.push(t(lang, 'season.list.none'));
  if (seasons.length > SEASON_LIST_LIMIT)
    lines.push(t(lang, 'season.list.more', { count: SEASON_LIST_LIMIT }));
  return { title: t(lang, 'season.list.title', { server }).slice(0, 256), description: lines.join('\n') };
}

/** The `season:` option's choices: all time, then the seasons whose name holds `typed`, newest first. */
export function seasonChoices(
  ctx: BotContext,
  guildId: string,
  typed: string,
  lang: Lang,
): Array<{ name: string; value: string }> {
  const wanted = typed.trim().toLowerCase();
  const allTime = t(lang, 'season.allTime');
  const choices: Array<{ name: string; value: string }> = [];
  if (wanted === '' || allTime.toLowerCase().includes(wanted) || ALL_TIME.includes(wanted))
    choices.push({ name: allTime, value: ALL_TIME });
  for (const s of ctx.stats.seasons.suggestions(guildId, typed, 25 - choices.length)) {
    const name =
      s.endedAt === null
        ? t(lang, 'season.choice.running', { name: s.name, from: day(s.startedAt) })
        : t(lang, 'season.choice.past', { name: s.name, from: day(s.startedAt), to: day(s.endedAt) });
    choices.push({ name: name.slice(0, 100), value: s.name });
  }
  return choices;
}

/** A date as choices show it (they cannot hold Discord timestamps): 2025-03-01, in UTC. */
function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Each season refusal in the reader's language. */
const SEASON_WORDS: {
  readonly [C in SeasonRefusal['code']]: (r: Extract<SeasonRefusal, { code: C }>, lang: Lang) => string;
} = {
  season_not_admin: (_r, lang) => t(lang, 'season.refusal.season_not_admin'),
  season_running: (r, lang) => t(lang, 'season.refusal.season_running', { name: plainName(r.name) }),
  season_none_running: (_r, lang) => t(lang, 'season.refusal.season_none_running'),
  season_name_empty: (_r, lang) => t(lang, 'season.refusal.season_name_empty'),
  season_name_too_long: (r, lang) => t(lang, 'season.refusal.season_name_too_long', { max: r.max }),
  season_name_taken: (r, lang) => t(lang, 'season.refusal.season_name_taken', { name: plainName(r.name) }),
  season_name_reserved: (r, lang) =>
    t(lang, 'season.refusal.season_name_reserved', { name: plainName(r.name) }),
  season_unknown: (r, lang) => t(lang, 'season.refusal.season_unknown', { name: plainName(r.name) }),
};

export function seasonRefusalText(refusal: SeasonRefusal, lang: Lang): string {
  const words = SEASON_WORDS[refusal.code] as (r: SeasonRefusal, lang: Lang) => string;
  return words(refusal, lang);
}

/** A season refusal as one sentence only the asker sees; any other goes the usual way. */
export async function refuseSeason(
  ctx: BotContext,
  interaction: Repliable,
  refusal: SeasonRefusal | Refusal,
): Promise<Outcome> {
  if (!isSeasonRefusal(refusal)) return refuse(ctx, interaction, refusal);
  const { lang } = ctx.looks.forUser(interaction.locale);
  await interaction.reply({
    content: seasonRefusalText(refusal, lang),
    flags: EPHEMERAL,
    allowedMentions: { parse: [] },
  });
  return { result: refusal.code };
}
