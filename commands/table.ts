/**
 * /table: open a table in this channel, join, leave, seats, teams, bots, the turn timer, start,
 * status, pause, resume, away, end.
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { Seating, TurnTimer } from '../src/app/tableService.js';
import { BOT_LEVELS, type BotLevel, DEFAULT_BOT_LEVEL } from '../src/bots/policy.js';
import { timerChoices, timerWords } from '../src/discord/clockText.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { renderTable } from '../src/discord/renderTable.js';
import { actorOf, afterAction, type Outcome, refuse, toDiscord } from '../src/discord/respond.js';
import { MAX_TARGET_SCORE, MIN_TARGET_SCORE, type Seat, type Team } from '../src/engine/index.js';

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
  .addSubcommand((s) => s.setName('end').setDescription('Host: close this table for good'));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const sub = interaction.options.getSubcommand(true);
  const actor = actorOf(interaction);
  if (sub === 'create') return create(interaction, ctx);
  const here = ctx.service.tableInChannel(interaction.channelId);
  if (!here.ok) return refuse(ctx, interaction, here.error);
  const tableId = here.value.table.id;
  const seatOption = (name: string, required = false) => {
    const n = interaction.options.getInteger(name, required);
    return n === null ? undefined : ((n - 1) as Seat);
  };
  const say = async (content: string) => {
    try {
      await interaction.reply({ content, flags: EPHEMERAL, allowedMentions: { parse: [] } });
    } finally {
      // The change is committed: the table message follows even if the answer did not get through.
      ctx.tableMessages.schedule(tableId);
    }
    return { result: 'ok', tableId };
  };
  switch (sub) {
    case 'join': {
      const r = ctx.service.join(tableId, actor, seatOption('seat'));
      return r.ok
        ? say('You are seated. The host starts when all four seats are filled.')
        : refuse(ctx, interaction, r.error, tableId);
    }
    case 'leave': {
      const r = ctx.service.leave(tableId, actor);
      return r.ok ? say('You left the table.') : refuse(ctx, interaction, r.error, tableId);
    }
    case 'seat': {
      const r = ctx.service.chooseSeat(tableId, actor, seatOption('seat', true));
      return r.ok ? say('Seat changed.') : refuse(ctx, interaction, r.error, tableId);
    }
    case 'team': {
      const team: Team = interaction.options.getString('team', true) === 'A' ? 0 : 1;
      const r = ctx.service.chooseTeam(tableId, actor, team);
      return r.ok
        ? say(`You are in team ${team === 0 ? 'A' : 'B'}.`)
        : refuse(ctx, interaction, r.error, tableId);
    }
    case 'bot': {
      const add = interaction.options.getString('do', true) === 'add';
      const seat = seatOption('seat');
      // The service judges the level (Discord offers only the choices, but a request can say anything).
      const level = interaction.options.getString('level') ?? DEFAULT_BOT_LEVEL;
      const r = add
        ? ctx.service.addBot(tableId, actor, seat, level)
        : ctx.service.removeBot(tableId, actor, seat);
      return r.ok
        ? say(add ? `${level === 'easy' ? 'An' : 'A'} ${level} bot sits down.` : 'The bot left.')
        : refuse(ctx, interaction, r.error, tableId);
    }
    case 'kick': {
      const user = interaction.options.getUser('player', true);
      const r = ctx.service.removePlayer(tableId, actor, user.id);
      return r.ok
        ? say(`${user.username} was removed from the table.`)
        : refuse(ctx, interaction, r.error, tableId);
    }
    case 'start': {
      const r = ctx.service.start(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      ctx.notifier.afterAction(r.value, actor.userId);
      return say('The match begins! Click **My hand** on the table message to see your cards.');
    }
    case 'status': {
      // Answer first (the post may wait in discord.js's queue), then post the table anew.
      await interaction.reply({ content: 'Here is the table.', flags: EPHEMERAL });
      ctx.tableMessages.repost(tableId);
      return { result: 'ok', tableId };
    }
    case 'pause':
    case 'resume': {
      const r = sub === 'pause' ? ctx.service.pause(tableId, actor) : ctx.service.resume(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      const verb = sub === 'pause' ? 'paused' : 'resumed';
      return say(
        r.value.changed
          ? `The match is ${verb}.`
          : `Your request is counted (${r.value.votes}/${r.value.needed}).`,
      );
    }
    case 'timer': {
      // The service judges the value (Discord offers only the choices, but a request can say anything).
      const timer = interaction.options.getString('length', true);
      const r = ctx.service.changeSettings(tableId, actor, { timer: timer as TurnTimer });
      return r.ok
        ? say(`Turn timer: ${timerWords(r.value.timer)}.`)
        : refuse(ctx, interaction, r.error, tableId);
    }
    case 'away': {
      const r = ctx.service.goAway(tableId, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
      try {
        await interaction.reply({
          content:
            r.value.table.status === 'paused'
              ? 'You are away, and so is everyone else: the match is paused. Resume with /table resume.'
              : 'You are away: the bot plays your seat until you click **I’m back** on your panel (or act).',
          flags: EPHEMERAL,
        });
      } finally {
        afterAction(ctx, r.value, actor.userId);
      }
      return { result: 'ok', tableId };
    }
    case 'end': {
      const r = ctx.service.abandon(tableId, actor);
      return r.ok ? say('The table is closed.') : refuse(ctx, interaction, r.error, tableId);
    }
    default:
      return refuse(ctx, interaction, { code: 'malformed_id', what: 'command' });
  }
}

async function create(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const o = interaction.options;
  const settings = {
    ...(o.getInteger('target') !== null ? { targetScore: o.getInteger('target') as number } : {}),
    ...(o.getBoolean('late-calls') !== null
      ? { callsAfterFirstOut: o.getBoolean('late-calls') as boolean }
      : {}),
    ...(o.getBoolean('optional-wish') !== null
      ? { wishOptional: o.getBoolean('optional-wish') as boolean }
      : {}),
    ...(o.getBoolean('bomb-ignores-wish') !== null
      ? { bombIgnoresWish: o.getBoolean('bomb-ignores-wish') as boolean }
      : {}),
  };
  const opened = ctx.service.openTable({
    guildId: interaction.guildId ?? '',
    channelId: interaction.channelId,
    host: actorOf(interaction),
    settings,
    seating: (o.getString('seating') as Seating | null) ?? 'chosen',
    ...(o.getString('timer') !== null ? { timer: o.getString('timer') } : {}),
  });
  if (!opened.ok) return refuse(ctx, interaction, opened.error);
  const snapshot = ctx.service.tableView(opened.value.id);
  if (!snapshot.ok) return refuse(ctx, interaction, snapshot.error);
  // The table message is the reply itself; its id is kept so it can be edited for good. Edits
  // asked for before the id is known (someone joins at once) wait for it rather than post anew.
  const tableId = opened.value.id;
  let answered = false;
  await ctx.tableMessages.track(tableId, async () => {
    const reply = await interaction.reply({ ...toDiscord(renderTable(snapshot.value)), withResponse: true });
    answered = true;
    const messageId = reply.resource?.message?.id;
    if (messageId) ctx.service.setMessageId(tableId, messageId);
  });
  // The table is open either way: without the reply, its message is posted instead.
  if (!answered) ctx.tableMessages.schedule(tableId);
  return { result: answered ? 'ok' : 'reply_failed', tableId };
}
