/** /event: a club's Tichu night: create it, check in and out, start, close a round, see the results. */
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type GuildMember,
  SlashCommandBuilder,
} from 'discord.js';
import type { Actor } from '../src/app/core.js';
import type { EventRecord } from '../src/app/eventService.js';
import { TURN_TIMERS } from '../src/app/tableService.js';
import type { BotContext } from '../src/discord/context.js';
import { encodeEventId, encodePairId, parseEventId } from '../src/discord/eventIds.js';
import { renderEventMessage } from '../src/discord/renderEvent.js';
import { renderResults } from '../src/discord/renderEventResults.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { actorOf, type Outcome, type Repliable, refuse } from '../src/discord/respond.js';
import { type Lang, t } from '../src/i18n/index.js';
import { choice, named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'event', 'cmd.event')
  .setDMPermission(false)
  .addSubcommand((s) =>
    named(s, 'create', 'cmd.event.create')
      .addStringOption((o) =>
        named(o, 'format', 'cmd.event.create.format')
          .setRequired(true)
          .addChoices(
            choice('rotating', 'cmd.event.create.format.rotating'),
            choice('duplicate', 'cmd.event.create.format.duplicate'),
          ),
      )
      .addIntegerOption((o) => named(o, 'hands', 'cmd.event.create.hands').setMinValue(1).setMaxValue(32))
      .addIntegerOption((o) => named(o, 'rounds', 'cmd.event.create.rounds').setMinValue(1).setMaxValue(40))
      .addStringOption((o) =>
        named(o, 'timer', 'cmd.event.create.timer').addChoices(
          ...TURN_TIMERS.map((timer) => choice(timer, `cmd.timer.${timer}` as const)),
        ),
      )
      .addBooleanOption((o) => named(o, 'grand-tichu', 'cmd.event.create.grand'))
      .addStringOption((o) => named(o, 'victory-points', 'cmd.event.create.vp').setMaxLength(20))
      .addBooleanOption((o) => named(o, 'rated', 'cmd.event.create.rated')),
  )
  .addSubcommand((s) =>
    named(s, 'checkin', 'cmd.event.checkin').addUserOption((o) =>
      named(o, 'partner', 'cmd.event.checkin.partner'),
    ),
  )
  .addSubcommand((s) => named(s, 'checkout', 'cmd.event.checkout'))
  .addSubcommand((s) => named(s, 'start', 'cmd.event.start'))
  .addSubcommand((s) => named(s, 'close-round', 'cmd.event.closeRound'))
  .addSubcommand((s) => named(s, 'cancel', 'cmd.event.cancel'))
  .addSubcommand((s) =>
    named(s, 'results', 'cmd.event.results')
      .addIntegerOption((o) => named(o, 'round', 'cmd.event.results.round').setMinValue(1).setMaxValue(40))
      .addIntegerOption((o) => named(o, 'board', 'cmd.event.results.board').setMinValue(1).setMaxValue(32)),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const sub = interaction.options.getSubcommand(true);
  const lang = ctx.looks.forUser(interaction.locale).lang;
  if (sub === 'create') return create(interaction, ctx);
  if (sub === 'results') return results(interaction, ctx, lang);
  const open = ctx.service.events.openIn(interaction.channelId);
  if (!open.ok) return say(interaction, t(lang, 'event.reply.noEvent'));
  const partnerUser = sub === 'checkin' ? interaction.options.getUser('partner') : null;
  let partner: Actor | undefined;
  if (partnerUser) {
    if (partnerUser.bot) return refuse(ctx, interaction, { code: 'player_is_bot' });
    const member = interaction.options.getMember('partner') as GuildMember | null;
    partner = {
      userId: partnerUser.id,
      name: member?.displayName ?? partnerUser.globalName ?? partnerUser.username,
    };
  }
  return act(interaction, ctx, sub as Act, open.value, partner);
}

type Act = 'checkin' | 'checkout' | 'start' | 'close-round' | 'cancel';

/** The event message's buttons: the same acts as the commands. */
export async function click(interaction: ButtonInteraction, ctx: BotContext): Promise<Outcome> {
  const parsed = parseEventId(interaction.customId);
  if (!parsed) return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  const found = ctx.service.events.get(parsed.eventId);
  if (!found.ok) return refuse(ctx, interaction, found.error);
  const event = found.value;
  const lang = ctx.looks.forUser(interaction.locale).lang;
  if (parsed.verb === 'close' && event.hostId === interaction.user.id && event.status === 'running')
    return confirmClose(interaction, ctx, event, lang);
  // A confirmation of a round that is over already (the next one runs) closes nothing.
  if (parsed.verb === 'closeok' && parsed.round !== event.round)
    return say(interaction, t(lang, 'event.reply.roundOver', { round: parsed.round ?? 0 }));
  if (parsed.verb === 'pairok' && parsed.pair) return acceptPair(interaction, ctx, event, parsed.pair);
  const acts: Record<Exclude<typeof parsed.verb, 'pairok'>, Act> = {
    in: 'checkin',
    out: 'checkout',
    start: 'start',
    close: 'close-round',
    closeok: 'close-round',
  };
  return act(interaction, ctx, acts[parsed.verb as Exclude<typeof parsed.verb, 'pairok'>], event);
}

/** The one asked to play as a pair accepts: the request in the channel turns into the news of the pair. */
async function acceptPair(
  interaction: ButtonInteraction,
  ctx: BotContext,
  event: EventRecord,
  pair: { readonly askerId: string; readonly askedId: string },
): Promise<Outcome> {
  const r = ctx.service.events.acceptPartner(event.id, actorOf(interaction), pair.askerId, pair.askedId);
  if (!r.ok) return refuse(ctx, interaction, r.error);
  ctx.events.show(event.id);
  const { lang } = ctx.looks.forGuild(event.guildId);
  await interaction.update({
    content: t(lang, 'event.pairAccepted', { actor: `<@${pair.askerId}>`, partner: `<@${pair.askedId}>` }),
    components: [],
    allowedMentions: { parse: [] },
  });
  return { result: 'paired' };
}

/** Close round is one click on a public message: the host is asked first, privately, with what it ends. */
async function confirmClose(
  interaction: ButtonInteraction,
  ctx: BotContext,
  event: EventRecord,
  lang: Lang,
): Promise<Outcome> {
  const results = ctx.service.events.results(event.id);
  const playing = results.ok
    ? results.value.tables
        .filter((x) => x.round === event.round && (x.status === 'playing' || x.status === 'pending'))
        .map(
          (x) =>
            `${t(lang, 'event.tableNumber', { number: x.number + 1 })}${results.value.paused.includes(x.number) ? ` ${t(lang, 'event.table.paused')}` : ''}`,
        )
    : [];
  await interaction.reply({
    content: t(lang, 'event.confirmClose', {
      round: event.round,
      tables: playing.length > 0 ? playing.join(', ') : t(lang, 'event.noTablePlaying'),
    }),
    components: [
      {
        type: 1,
        components: [
          {
            type: 2,
            style: 4,
            label: t(lang, 'event.button.confirmClose', { round: event.round }),
            custom_id: encodeEventId('closeok', event.id, event.round),
          },
        ],
      },
    ] as never,
    flags: EPHEMERAL,
    allowedMentions: { parse: [] },
  });
  return { result: 'asked' };
}

async function act(
  interaction: Repliable,
  ctx: BotContext,
  what: Act,
  event: EventRecord,
  partner?: Actor,
): Promise<Outcome> {
  const lang = ctx.looks.forUser(interaction.locale).lang;
  const actor = actorOf(interaction);
  switch (what) {
    case 'checkin':
    case 'checkout': {
      const r =
        what === 'checkin'
          ? ctx.service.events.checkIn(event.id, actor, partner)
          : ctx.service.events.checkOut(event.id, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error);
      ctx.events.show(event.id);
      const { pairing } = r.value;
      const text =
        what === 'checkout'
          ? t(lang, 'event.reply.checkedOut')
          : partner && pairing === 'asked'
            ? t(lang, 'event.reply.askedPartner', { partner: partner.name })
            : partner
              ? t(lang, 'event.reply.checkedInPair', { partner: partner.name })
              : t(lang, 'event.reply.checkedIn');
      const said = await say(interaction, text);
      // The one named hears of it in the channel (in its language): asked, with a button to accept,
      // or, when they had asked first, that the pair stands.
      if (partner) await tellPartner(interaction, ctx, event, actor, partner, pairing === 'asked');
      return said;
    }
    case 'start':
    case 'close-round':
    case 'cancel': {
      if (what === 'start' && event.status === 'running' && event.hostId === actor.userId) {
        // Started already: Start again opens any table of the round still waiting for its thread
        // (after a permission was missing, say).
        void ctx.events.settle(event.id);
        return say(interaction, t(lang, 'event.reply.retrying'));
      }
      const r =
        what === 'start'
          ? ctx.service.events.start(event.id, actor)
          : what === 'cancel'
            ? ctx.service.events.cancel(event.id, actor)
            : ctx.service.events.closeRound(event.id, actor);
      if (!r.ok) return refuse(ctx, interaction, r.error);
      void ctx.events.progressed(r.value);
      const words =
        what === 'start'
          ? t(lang, 'event.reply.started')
          : what === 'cancel'
            ? t(lang, 'event.reply.cancelled')
            : t(lang, 'event.reply.roundClosed', { round: event.round });
      return say(interaction, words);
    }
  }
}

async function create(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  // Its tables play in threads of its channel: a thread has none of its own.
  if (interaction.channel?.isThread())
    return refuse(ctx, interaction, { code: 'event', reason: 'in_thread' });
  const o = interaction.options;
  const vpText = o.getString('victory-points');
  const vp = vpText === null ? undefined : parseScheme(vpText);
  if (vp === null) return refuse(ctx, interaction, { code: 'event', reason: 'bad_scheme' });
  const hands = o.getInteger('hands');
  const rounds = o.getInteger('rounds');
  const grand = o.getBoolean('grand-tichu');
  const rated = o.getBoolean('rated');
  const created = ctx.service.events.create({
    guildId: interaction.guildId ?? '',
    channelId: interaction.channelId,
    host: actorOf(interaction),
    format: o.getString('format', true) === 'duplicate' ? 'duplicate' : 'rotating',
    ...(hands === null ? {} : { hands }),
    ...(rounds === null ? {} : { rounds }),
    ...(o.getString('timer') === null ? {} : { timer: o.getString('timer') }),
    ...(grand === null ? {} : { grandTichu: grand }),
    ...(rated === null ? {} : { rated }),
    ...(vp ? { vp } : {}),
  });
  if (!created.ok) return refuse(ctx, interaction, created.error);
  const event = created.value;
  const shown = ctx.service.events.results(event.id);
  if (!shown.ok) return refuse(ctx, interaction, shown.error);
  // The event message is public: in the server's language.
  const body = renderEventMessage(shown.value, ctx.looks.forGuild(event.guildId).lang);
  const reply = await interaction.reply({
    content: body.content,
    components: body.components as never,
    allowedMentions: { parse: [] },
    withResponse: true,
  });
  const messageId = reply.resource?.message?.id;
  if (messageId) ctx.service.events.setMessageId(event.id, messageId);
  return { result: 'ok' };
}

/** "2/1/0/3": win, tie, loss, double victory; null when it is not four whole numbers. */
export function parseScheme(
  text: string,
): { win: number; tie: number; loss: number; doubleVictory: number } | null {
  const parts = text.trim().split(/\s*[/,;\s]\s*/);
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const [win, tie, loss, doubleVictory] = parts.map(Number) as [number, number, number, number];
  return { win, tie, loss, doubleVictory };
}

async function results(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  lang: Lang,
): Promise<Outcome> {
  // The channel's event (open or the latest here), else the server's latest.
  const ofServer = ctx.service.events.ofServer(interaction.guildId ?? '');
  const event = ofServer.find((e) => e.channelId === interaction.channelId) ?? ofServer[0];
  if (!event) return say(interaction, t(lang, 'event.reply.noEvent'));
  const found = ctx.service.events.results(event.id);
  if (!found.ok) return refuse(ctx, interaction, found.error);
  const round = interaction.options.getInteger('round');
  const board = interaction.options.getInteger('board');
  const ui = ctx.looks.forUser(interaction.locale);
  const deal = round !== null && board !== null ? ctx.service.events.deal(event.id, round, board) : null;
  return say(interaction, renderResults(found.value, ui, round, board, deal));
}

async function tellPartner(
  interaction: Repliable,
  ctx: BotContext,
  event: EventRecord,
  actor: Actor,
  partner: Actor,
  asked: boolean,
): Promise<void> {
  const { lang } = ctx.looks.forGuild(event.guildId);
  const names = { actor: `<@${actor.userId}>`, partner: `<@${partner.userId}>` };
  await interaction
    .followUp(
      asked
        ? {
            content: t(lang, 'event.pairAsked', names),
            components: [
              {
                type: 1,
                components: [
                  {
                    type: 2,
                    style: 3,
                    label: t(lang, 'event.pairAccept', { actor: actor.name }).slice(0, 80),
                    custom_id: encodePairId(event.id, actor.userId, partner.userId),
                  },
                ],
              },
            ] as never,
            allowedMentions: { users: [partner.userId] },
          }
        : {
            content: t(lang, 'event.pairAccepted', { actor: names.partner, partner: names.actor }),
            allowedMentions: { users: [partner.userId] },
          },
    )
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'pair notice failed'),
    );
}

async function say(interaction: Repliable, content: string): Promise<Outcome> {
  await interaction.reply({ content, flags: EPHEMERAL, allowedMentions: { parse: [] } });
  return { result: 'ok' };
}
