/** /table in the lobby: create, join, leave, seat, team, bot, kick and the turn timer. */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Seating, TurnTimer } from '../../src/app/tableService.js';
import { type BotLevel, DEFAULT_BOT_LEVEL } from '../../src/bots/policy.js';
import { timerWords } from '../../src/discord/clockText.js';
import { v2Options } from '../../src/discord/componentsV2.js';
import type { BotContext } from '../../src/discord/context.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { actorOf, type Outcome, refuse } from '../../src/discord/respond.js';
import type { Team } from '../../src/engine/index.js';
import { t } from '../../src/i18n/index.js';
import type { Here } from './here.js';

export const LOBBY_SUBCOMMANDS = ['join', 'leave', 'seat', 'team', 'bot', 'kick', 'timer', 'pace'] as const;
export type LobbySubcommand = (typeof LOBBY_SUBCOMMANDS)[number];

export async function lobbyCommand(sub: LobbySubcommand, here: Here): Promise<Outcome> {
  const { interaction, ctx, tableId, actor } = here;
  const { lang } = here.ui;
  const refused = (r: { ok: false; error: Parameters<typeof refuse>[2] }) =>
    refuse(ctx, interaction, r.error, tableId);
  switch (sub) {
    case 'join': {
      const r = ctx.service.join(tableId, actor, here.seat('seat'));
      return r.ok ? here.say(t(lang, 'cmd.reply.joined')) : refused(r);
    }
    case 'leave': {
      const r = ctx.service.leave(tableId, actor);
      return r.ok ? here.say(t(lang, 'cmd.reply.left')) : refused(r);
    }
    case 'seat': {
      const r = ctx.service.chooseSeat(tableId, actor, here.seat('seat', true));
      return r.ok ? here.say(t(lang, 'cmd.reply.seatChanged')) : refused(r);
    }
    case 'team': {
      const team: Team = interaction.options.getString('team', true) === 'A' ? 0 : 1;
      const r = ctx.service.chooseTeam(tableId, actor, team);
      return r.ok ? here.say(t(lang, 'cmd.reply.team', { team: team === 0 ? 'A' : 'B' })) : refused(r);
    }
    case 'bot': {
      const add = interaction.options.getString('do', true) === 'add';
      const seat = here.seat('seat');
      // The service judges the level (Discord offers only the choices, but a request can say anything).
      const level = (interaction.options.getString('level') ?? DEFAULT_BOT_LEVEL) as BotLevel;
      const r = add
        ? ctx.service.addBot(tableId, actor, seat, level)
        : ctx.service.removeBot(tableId, actor, seat);
      return r.ok
        ? here.say(t(lang, add ? `cmd.reply.botAdded.${level}` : 'cmd.reply.botRemoved'))
        : refused(r);
    }
    case 'kick': {
      const user = interaction.options.getUser('player', true);
      const r = ctx.service.removePlayer(tableId, actor, user.id);
      return r.ok ? here.say(t(lang, 'cmd.reply.kicked', { name: user.username })) : refused(r);
    }
    case 'timer': {
      // The service judges the value (Discord offers only the choices, but a request can say anything).
      const timer = interaction.options.getString('length', true);
      const r = ctx.service.changeSettings(tableId, actor, { timer: timer as TurnTimer });
      return r.ok
        ? here.say(t(lang, 'cmd.reply.timer', { timer: timerWords(r.value.timer, lang) }))
        : refused(r);
    }
    case 'pace': {
      // Judged by the service too: a request can name anything.
      const pace = interaction.options.getString('speed', true);
      const r = ctx.service.changeSettings(tableId, actor, { pace });
      return r.ok
        ? here.say(t(lang, 'cmd.reply.pace', { pace: t(lang, `table.pace.${r.value.pace}`) }))
        : refused(r);
    }
  }
}

export async function create(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
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
    ...(o.getString('pace') !== null ? { pace: o.getString('pace') } : {}),
  });
  if (!opened.ok) return refuse(ctx, interaction, opened.error);
  const snapshot = ctx.service.tableView(opened.value.id);
  if (!snapshot.ok) return refuse(ctx, interaction, snapshot.error);
  // The table message is the reply itself; its id is kept so it can be edited for good. Edits
  // asked for before the id is known (someone joins at once) wait for it rather than post anew.
  const tableId = opened.value.id;
  let answered = false;
  await ctx.tableMessages.track(tableId, async () => {
    // The reply is the public table message: in the server's language.
    const ui = ctx.looks.forGuild(snapshot.value.table.guildId);
    const reply = await interaction.reply({
      ...v2Options(renderTable(snapshot.value, ui)),
      withResponse: true,
    });
    answered = true;
    const messageId = reply.resource?.message?.id;
    if (messageId) ctx.service.setMessageId(tableId, messageId);
  });
  // The table is open either way: without the reply, its message is posted instead.
  if (!answered) ctx.tableMessages.schedule(tableId);
  return { result: answered ? 'ok' : 'reply_failed', tableId };
}
