/**
 * /table: the command's options, and which module answers each subcommand: the lobby (create, join,
 * leave, seat, team, bot, kick, timer), the match (start, status, pause, resume, away, end), the
 * seats mid-match (sit, replace) and the server's list of tables (list).
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { BOT_PACES, TURN_TIMERS } from '../src/app/tableService.js';
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../src/bots/policy.js';
import type { BotContext } from '../src/discord/context.js';
import type { OptionWords } from '../src/discord/door/commandOptions.js';
import { refusalText, seatNumbers } from '../src/discord/refusalText.js';
import { type Outcome, refuse } from '../src/discord/respond.js';
import { MAX_TARGET_SCORE, MIN_TARGET_SCORE } from '../src/engine/index.js';
import { t } from '../src/i18n/index.js';
import { choice, named } from './localized.js';
import { hereAt } from './table/here.js';
import { list } from './table/list.js';
import { create, LOBBY_SUBCOMMANDS, type LobbySubcommand, lobbyCommand } from './table/lobby.js';
import { MATCH_SUBCOMMANDS, type MatchSubcommand, matchCommand } from './table/match.js';
import { replace, sit } from './table/seats.js';

/** The timer choices, in each language. */
const TIMER_CHOICES = TURN_TIMERS.map((timer) => choice(timer, `cmd.timer.${timer}`));
/** The bots' pace choices, in each language. */
const PACE_CHOICES = BOT_PACES.map((pace) => choice(pace, `cmd.pace.${pace}`));

export const data = named(new SlashCommandBuilder(), 'table', 'cmd.table')
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, 'create', 'cmd.table.create')
      .addIntegerOption((o) =>
        named(o, 'target', 'cmd.table.create.target')
          .setMinValue(MIN_TARGET_SCORE)
          .setMaxValue(MAX_TARGET_SCORE),
      )
      .addStringOption((o) =>
        named(o, 'seating', 'cmd.table.create.seating').addChoices(
          choice('chosen', 'cmd.table.create.seating.chosen'),
          choice('random', 'cmd.table.create.seating.random'),
        ),
      )
      .addBooleanOption((o) => named(o, 'late-calls', 'cmd.table.create.late-calls'))
      .addBooleanOption((o) => named(o, 'optional-wish', 'cmd.table.create.optional-wish'))
      .addBooleanOption((o) => named(o, 'bomb-ignores-wish', 'cmd.table.create.bomb-ignores-wish'))
      .addStringOption((o) => named(o, 'timer', 'cmd.table.create.timer').addChoices(...TIMER_CHOICES))
      .addStringOption((o) => named(o, 'pace', 'cmd.table.create.pace').addChoices(...PACE_CHOICES)),
  )
  .addSubcommand((s) =>
    named(s, 'timer', 'cmd.table.timer').addStringOption((o) =>
      named(o, 'length', 'cmd.table.timer.length')
        .setRequired(true)
        .addChoices(...TIMER_CHOICES),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'pace', 'cmd.table.pace').addStringOption((o) =>
      named(o, 'speed', 'cmd.table.pace.speed')
        .setRequired(true)
        .addChoices(...PACE_CHOICES),
    ),
  )
  .addSubcommand((s) => named(s, 'away', 'cmd.table.away'))
  .addSubcommand((s) =>
    named(s, 'join', 'cmd.table.join').addIntegerOption((o) =>
      named(o, 'seat', 'cmd.table.join.seat').setMinValue(1).setMaxValue(4),
    ),
  )
  .addSubcommand((s) => named(s, 'leave', 'cmd.table.leave'))
  .addSubcommand((s) =>
    named(s, 'seat', 'cmd.table.seat').addIntegerOption((o) =>
      named(o, 'seat', 'cmd.opt.seat').setMinValue(1).setMaxValue(4).setRequired(true),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'team', 'cmd.table.team').addStringOption((o) =>
      named(o, 'team', 'cmd.table.team.team')
        .setRequired(true)
        .addChoices(choice('A', 'cmd.table.team.team.A'), choice('B', 'cmd.table.team.team.B')),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'bot', 'cmd.table.bot')
      .addStringOption((o) =>
        named(o, 'do', 'cmd.table.bot.do')
          .setRequired(true)
          .addChoices(choice('add', 'cmd.table.bot.do.add'), choice('remove', 'cmd.table.bot.do.remove')),
      )
      .addIntegerOption((o) => named(o, 'seat', 'cmd.table.bot.seat').setMinValue(1).setMaxValue(4))
      .addStringOption((o) =>
        named(o, 'level', (lang) =>
          t(lang, 'cmd.table.bot.level', { level: t(lang, `table.level.${DEFAULT_BOT_LEVEL}`) }),
        ).addChoices(
          ...BOT_LEVELS.map((level) =>
            choice(level, (lang) =>
              t(lang, `cmd.table.bot.level.${level}`, { level: t(lang, `table.level.${level}`) }),
            ),
          ),
        ),
      ),
  )
  .addSubcommand((s) =>
    named(s, 'kick', 'cmd.table.kick').addUserOption((o) =>
      named(o, 'player', 'cmd.table.kick.player').setRequired(true),
    ),
  )
  .addSubcommand((s) => named(s, 'start', 'cmd.table.start'))
  .addSubcommand((s) => named(s, 'status', 'cmd.table.status'))
  .addSubcommand((s) => named(s, 'pause', 'cmd.table.pause'))
  .addSubcommand((s) => named(s, 'resume', 'cmd.table.resume'))
  .addSubcommand((s) =>
    named(s, 'sit', 'cmd.table.sit').addIntegerOption((o) =>
      named(o, 'seat', 'cmd.opt.seat').setMinValue(1).setMaxValue(4).setRequired(true),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'replace', 'cmd.table.replace')
      .addIntegerOption((o) =>
        named(o, 'seat', 'cmd.opt.seat').setMinValue(1).setMaxValue(4).setRequired(true),
      )
      .addUserOption((o) => named(o, 'player', 'cmd.table.replace.player').setRequired(true)),
  )
  .addSubcommand((s) =>
    named(s, 'list', 'cmd.table.list').addBooleanOption((o) => named(o, 'mine', 'cmd.table.list.mine')),
  )
  .addSubcommand((s) => named(s, 'end', 'cmd.table.end'));

/** Said for a level the command does not offer (the same words as the service's refusal). */
export const optionWords: OptionWords = {
  level: (lang) =>
    refusalText({ code: 'bad_bot_level', level: null }, seatNumbers(lang), { lang, faces: null }),
};

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const sub = interaction.options.getSubcommand(true);
  // These two need no table in this channel.
  if (sub === 'create') return create(interaction, ctx);
  if (sub === 'list') return list(interaction, ctx);
  const table = ctx.service.tableInChannel(interaction.channelId);
  if (!table.ok) return refuse(ctx, interaction, table.error);
  const here = hereAt(interaction, ctx, table.value.table.id);
  if ((LOBBY_SUBCOMMANDS as readonly string[]).includes(sub))
    return lobbyCommand(sub as LobbySubcommand, here);
  if ((MATCH_SUBCOMMANDS as readonly string[]).includes(sub))
    return matchCommand(sub as MatchSubcommand, here);
  if (sub === 'sit') return sit(here);
  if (sub === 'replace') return replace(here);
  return refuse(ctx, interaction, { code: 'malformed_id', what: 'command' });
}
