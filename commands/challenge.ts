/**
 * /challenge: the weekly challenge. `play` opens the member's table in a private thread (or says
 * where it stands), `standings` ranks the week, `share` posts the member's line (symbols and a
 * percentage, never a card), `boards` shows a closed week's deals and results, `settings` (Manage
 * Server) sets when the week turns. Every use first closes a week whose end has come.
 */
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import type { ChallengeReason } from '../src/app/refusals.js';
import { parseShareId } from '../src/discord/challengeIds.js';
import type { BotContext } from '../src/discord/context.js';
import {
  boardsText,
  lineOf,
  shareRow,
  shareText,
  standingsText,
  timeMark,
} from '../src/discord/renderChallenge.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { actorOf, type Outcome, type Repliable, refuse } from '../src/discord/respond.js';
import { type Lang, t } from '../src/i18n/index.js';
import { choice, named } from './localized.js';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const data = named(new SlashCommandBuilder(), 'challenge', 'cmd.challenge')
  .setDMPermission(false)
  .addSubcommand((s) => named(s, 'play', 'cmd.challenge.play'))
  .addSubcommand((s) =>
    named(s, 'standings', 'cmd.challenge.standings').addStringOption((o) =>
      named(o, 'week', 'cmd.challenge.week').addChoices(
        choice('current', 'cmd.challenge.week.current'),
        choice('previous', 'cmd.challenge.week.previous'),
      ),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'share', 'cmd.challenge.share').addStringOption((o) =>
      named(o, 'week', 'cmd.challenge.week').addChoices(
        choice('current', 'cmd.challenge.week.current'),
        choice('previous', 'cmd.challenge.week.previous'),
      ),
    ),
  )
  .addSubcommand((s) =>
    named(s, 'boards', 'cmd.challenge.boards')
      .addStringOption((o) =>
        named(o, 'week', 'cmd.challenge.week').addChoices(
          choice('current', 'cmd.challenge.week.current'),
          choice('previous', 'cmd.challenge.week.previous'),
        ),
      )
      .addIntegerOption((o) => named(o, 'board', 'cmd.challenge.boards.board').setMinValue(1).setMaxValue(8)),
  )
  .addSubcommand((s) =>
    named(s, 'settings', 'cmd.challenge.settings')
      .addIntegerOption((o) =>
        named(o, 'weekday', 'cmd.challenge.settings.weekday')
          .setRequired(true)
          .addChoices(...WEEKDAYS.map((d) => choice(d, `cmd.challenge.weekday.${d}` as const))),
      )
      .addIntegerOption((o) =>
        named(o, 'hour', 'cmd.challenge.settings.hour').setRequired(true).setMinValue(0).setMaxValue(23),
      ),
  );

type Which = 'current' | 'previous';

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const sub = interaction.options.getSubcommand(true);
  // A server's challenge: never one for a direct message (the command is not offered there).
  if (!interaction.inGuild()) return refuseChallenge(ctx, interaction, 'unknown');
  const guildId = interaction.guildId;
  const lang = ctx.looks.forUser(interaction.locale).lang;
  // A week whose end has come closes before anything else is read or played.
  ctx.challenges.closeDue(guildId);
  const which: Which = interaction.options.getString('week') === 'previous' ? 'previous' : 'current';
  switch (sub) {
    case 'play':
      return play(interaction, ctx, guildId, lang);
    case 'standings': {
      const standings = ctx.service.challenges.standings(guildId, which);
      if (!standings.ok) return refuse(ctx, interaction, standings.error);
      return say(interaction, standingsText(standings.value, interaction.user.id, lang));
    }
    case 'share':
      return share(interaction, ctx, guildId, which, lang);
    case 'boards': {
      const shown = ctx.service.challenges.boards(guildId, which, interaction.options.getInteger('board'));
      if (!shown.ok) {
        const { error } = shown;
        const week = ctx.service.challenges.week(guildId, which);
        // Still open: said with when it closes.
        if (error.code === 'challenge' && error.reason === 'not_closed' && week)
          return say(
            interaction,
            `${t(lang, 'challenge.refusal.not_closed')} ${t(lang, 'challenge.notClosedUntil', { end: timeMark(week.week.endsAt) })}`,
          );
        return refuse(ctx, interaction, error);
      }
      return say(interaction, boardsText(shown.value, lang));
    }
    case 'settings':
      return settings(interaction, ctx, guildId);
    default:
      return refuseChallenge(ctx, interaction, 'unknown');
  }
}

async function play(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  guildId: string,
  lang: Lang,
): Promise<Outcome> {
  // The table plays in a private thread of this channel: a thread has none of its own.
  if (interaction.channel?.isThread()) return refuseChallenge(ctx, interaction, 'in_thread');
  const answer = ctx.service.challenges.play(guildId, interaction.channelId, actorOf(interaction));
  if (!answer.ok) return refuse(ctx, interaction, answer.error);
  const { info, entry } = answer.value;
  const end = timeMark(info.week.endsAt);
  switch (answer.value.kind) {
    case 'open': {
      let threadId: string;
      try {
        threadId = await ctx.challenges.open(answer.value);
      } catch (error) {
        ctx.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'challenge thread not made',
        );
        return say(interaction, t(lang, 'challenge.reply.threadFailed'));
      }
      return say(
        interaction,
        t(lang, 'challenge.reply.ready', { week: info.number, thread: `<#${threadId}>`, end }),
      );
    }
    case 'playing':
      if (entry.threadId) await ctx.challenges.rejoin(entry.threadId, interaction.user.id);
      return say(
        interaction,
        t(lang, 'challenge.reply.playing', { week: info.number, thread: `<#${entry.threadId ?? ''}>`, end }),
      );
    case 'done': {
      await interaction.reply({
        content: t(lang, 'challenge.reply.done', {
          week: info.number,
          line: lineOf(answer.value.standing),
          end,
        }),
        components: [shareRow(info.week.startsAt, lang)] as never,
        flags: EPHEMERAL,
        allowedMentions: { parse: [] },
      });
      return { result: 'ok' };
    }
  }
}

/**
 * The member's line of the week, in public: as the command's answer in the channel it was used in,
 * or (from a thread, where only they would see it) posted in the channel they played from.
 */
async function share(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  guildId: string,
  which: Which,
  lang: Lang,
): Promise<Outcome> {
  const line = ctx.service.challenges.share(guildId, interaction.user.id, which);
  if (!line.ok) return refuse(ctx, interaction, line.error);
  const { info, entry, standing } = line.value;
  const shared = ctx.looks.forGuild(guildId).lang;
  const content = shareText(info, actorOf(interaction).name, standing, shared);
  if (interaction.channel?.isThread()) {
    if (!(await ctx.challenges.share(entry.channelId, interaction.user.id, content)))
      return say(interaction, t(lang, 'challenge.reply.shareWait'));
    return say(interaction, t(lang, 'challenge.reply.shared', { channel: `<#${entry.channelId}>` }));
  }
  await interaction.reply({ content, allowedMentions: { parse: [] } });
  return { result: 'shared' };
}

/** **Share** on the member's answer or their end-of-challenge message: their own line, in the channel they played from. */
export async function click(interaction: ButtonInteraction, ctx: BotContext): Promise<Outcome> {
  const parsed = parseShareId(interaction.customId);
  if (!parsed) return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  const guildId = interaction.guildId ?? '';
  const lang = ctx.looks.forUser(interaction.locale).lang;
  ctx.challenges.closeDue(guildId);
  const line = ctx.service.challenges.share(guildId, interaction.user.id, parsed.weekStart);
  if (!line.ok) return refuse(ctx, interaction, line.error);
  const { info, entry, standing } = line.value;
  const content = shareText(info, actorOf(interaction).name, standing, ctx.looks.forGuild(guildId).lang);
  if (!(await ctx.challenges.share(entry.channelId, interaction.user.id, content)))
    return say(interaction, t(lang, 'challenge.reply.shareWait'));
  return say(interaction, t(lang, 'challenge.reply.shared', { channel: `<#${entry.channelId}>` }));
}

async function settings(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  guildId: string,
): Promise<Outcome> {
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    return refuseChallenge(ctx, interaction, 'not_admin');
  const weekday = interaction.options.getInteger('weekday', true);
  const hour = interaction.options.getInteger('hour', true);
  const set = ctx.service.challenges.setTurn(guildId, { weekday, hour });
  if (!set.ok) return refuse(ctx, interaction, set.error);
  // Said in the channel, in the server's language: the week's turn concerns everyone who plays.
  const { lang } = ctx.looks.forGuild(guildId);
  await interaction.reply({
    content: t(lang, 'challenge.settings.done', {
      from: timeMark(set.value.from),
      weekday: t(lang, `cmd.challenge.weekday.${weekday as 0 | 1 | 2 | 3 | 4 | 5 | 6}`),
      hour: String(hour).padStart(2, '0'),
    }),
    allowedMentions: { parse: [] },
  });
  return { result: 'challenge_settings' };
}

function refuseChallenge(ctx: BotContext, interaction: Repliable, reason: ChallengeReason): Promise<Outcome> {
  return refuse(ctx, interaction, { code: 'challenge', reason });
}

async function say(interaction: Repliable, content: string): Promise<Outcome> {
  await interaction.reply({ content, flags: EPHEMERAL, allowedMentions: { parse: [] } });
  return { result: 'ok' };
}
