/**
 * /table: the command's options, and which module answers each subcommand: the lobby (create, join,
 * leave, seat, team, bot, kick, timer), the match (start, status, pause, resume, away, end), the
 * seats mid-match (sit, replace) and the server's list of tables (list).
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import { BOT_LEVELS, type BotLevel, DEFAULT_BOT_LEVEL } from '../src/bots/policy.js';
import { timerChoices } from '../src/discord/clockText.js';
import type { BotContext } from '../src/discord/context.js';
import { refusalText } from '../src/discord/refusalText.js';
import { type Outcome, refuse } from '../src/discord/respond.js';
import { MAX_TARGET_SCORE, MIN_TARGET_SCORE } from '../src/engine/index.js';
import { hereAt } from './table/here.js';
import { list } from './table/list.js';
import { create, LOBBY_SUBCOMMANDS, type LobbySubcommand, lobbyCommand } from './table/lobby.js';
import { MATCH_SUBCOMMANDS, type MatchSubcommand, matchCommand } from './table/match.js';
import { replace, sit } from './table/seats.js';

/** What each level is, in the words the command's choices show. */
const LEVEL_WORDS: Readonly<Record<BotLevel, string>> = {
  easy: 'for new players',
  normal: 'a solid club player',
  hard: 'searches ahead, slower',
};

export const data = new SlashCommandBuilder()
  .setName('table')
  .setDescription('Open and run a Tichu table in this channel')
  .setDMPermission(false)
  .addSubcommand((s) =>
    s
      .setName('create')
      .setDescription('Open a table in this channel; you are its host')
      .addIntegerOption((o) =>
        o
          .setName('target')
          .setDescription('Points to win the match (default 1000)')
          .setMinValue(MIN_TARGET_SCORE)
          .setMaxValue(MAX_TARGET_SCORE),
      )
      .addStringOption((o) =>
        o
          .setName('seating')
          .setDescription('Choose seats yourselves, or shuffle them at the start')
          .addChoices({ name: 'chosen by players', value: 'chosen' }, { name: 'random', value: 'random' }),
      )
      .addBooleanOption((o) =>
        o.setName('late-calls').setDescription('Allow Tichu after someone is out (default yes)'),
      )
      .addBooleanOption((o) =>
        o.setName('optional-wish').setDescription('The Mah Jong may name no wish (default yes)'),
      )
      .addBooleanOption((o) =>
        o
          .setName('bomb-ignores-wish')
          .setDescription('A bomb without the wished rank is allowed (default yes)'),
      )
      .addStringOption((o) =>
        o
          .setName('timer')
          .setDescription('Time for each decision before the bot makes it (default 2m)')
          .addChoices(...timerChoices()),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('timer')
      .setDescription('Host: change the turn timer before the match starts')
      .addStringOption((o) =>
        o
          .setName('length')
          .setDescription('Time for each decision before the bot makes it')
          .setRequired(true)
          .addChoices(...timerChoices()),
      ),
  )
  .addSubcommand((s) =>
    s.setName('away').setDescription('Step away: the bot plays your seat until you click I’m back'),
  )
  .addSubcommand((s) =>
    s
      .setName('join')
      .setDescription('Sit down at this channel’s table')
      .addIntegerOption((o) =>
        o
          .setName('seat')
          .setDescription('Seat 1-4 (1 and 3 are team A, 2 and 4 team B)')
          .setMinValue(1)
          .setMaxValue(4),
      ),
  )
  .addSubcommand((s) => s.setName('leave').setDescription('Leave the table before the match starts'))
  .addSubcommand((s) =>
    s
      .setName('seat')
      .setDescription('Move to another free seat')
      .addIntegerOption((o) =>
        o.setName('seat').setDescription('Seat 1-4').setMinValue(1).setMaxValue(4).setRequired(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('team')
      .setDescription('Move to a free seat of a team')
      .addStringOption((o) =>
        o
          .setName('team')
          .setDescription('Team A (seats 1, 3) or B (seats 2, 4)')
          .setRequired(true)
          .addChoices({ name: 'A', value: 'A' }, { name: 'B', value: 'B' }),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('bot')
      .setDescription('Host: put a bot in an empty seat, or take one out')
      .addStringOption((o) =>
        o
          .setName('do')
          .setDescription('Add or remove')
          .setRequired(true)
          .addChoices({ name: 'add', value: 'add' }, { name: 'remove', value: 'remove' }),
      )
      .addIntegerOption((o) =>
        o
          .setName('seat')
          .setDescription('Seat 1-4 (for add: default the first empty one)')
          .setMinValue(1)
          .setMaxValue(4),
      )
      .addStringOption((o) =>
        o
          .setName('level')
          .setDescription(`For add: how well the bot plays (default ${DEFAULT_BOT_LEVEL})`)
          .addChoices(
            ...BOT_LEVELS.map((level) => ({ name: `${level}: ${LEVEL_WORDS[level]}`, value: level })),
          ),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('kick')
      .setDescription('Host: remove a player from the table before the start')
      .addUserOption((o) => o.setName('player').setDescription('Who to remove').setRequired(true)),
  )
  .addSubcommand((s) => s.setName('start').setDescription('Host: start the match (all four seats filled)'))
  .addSubcommand((s) => s.setName('status').setDescription('Show the table here again'))
  .addSubcommand((s) =>
    s.setName('pause').setDescription('Pause the match (host at once; others when all agree)'),
  )
  .addSubcommand((s) =>
    s.setName('resume').setDescription('Resume a paused match (host at once; others when all agree)'),
  )
  .addSubcommand((s) =>
    s
      .setName('sit')
      .setDescription('Ask to take over a seat that is away or a bot’s, mid-match (the host approves)')
      .addIntegerOption((o) =>
        o.setName('seat').setDescription('Seat 1-4').setMinValue(1).setMaxValue(4).setRequired(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('replace')
      .setDescription('Host: hand a seat that is away or a bot’s to someone, mid-match')
      .addIntegerOption((o) =>
        o.setName('seat').setDescription('Seat 1-4').setMinValue(1).setMaxValue(4).setRequired(true),
      )
      .addUserOption((o) => o.setName('player').setDescription('Who takes the seat').setRequired(true)),
  )
  .addSubcommand((s) =>
    s
      .setName('list')
      .setDescription('The tables of this server: lobbies, matches and paused matches')
      .addBooleanOption((o) => o.setName('mine').setDescription('Only the tables where you are seated')),
  )
  .addSubcommand((s) => s.setName('end').setDescription('Host: close this table for good'));

/** Said for a level the command does not offer (the same words as the service's refusal). */
export const optionWords = {
  level: refusalText({ code: 'bad_bot_level', level: null }, { seatName: (seat) => `Seat ${seat + 1}` }),
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
