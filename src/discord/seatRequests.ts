/**
 * Substitutes in Discord: asking for an away or bot seat (`/table sit`, the **Take seat** button on
 * the table message) posts a public request that mentions whoever must approve, with **Approve** and
 * **Decline**; answering edits that message in place. Who clicks comes only from the interaction.
 */
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { SeatAsked, TableRecord } from '../app/tableService.js';
import type { Seat } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { encodeId, type ParsedId } from './customIds.js';
import { seatName } from './names.js';
import { actorOf, afterAction, type Outcome, refuse, toDiscord } from './respond.js';

type Asking = ButtonInteraction | StringSelectMenuInteraction | ChatInputCommandInteraction;

/** "Ben, away" or "Bot 4, hard bot": who holds an open seat, in the reader's language. */
export function holderWords(table: TableRecord, seat: Seat, lang: Lang): string {
  const o = table.seats[seat];
  const name = seatName(table, seat, lang);
  return o?.kind === 'bot'
    ? t(lang, 'table.request.holderBot', { name, level: t(lang, `table.level.${o.level}`) })
    : t(lang, 'table.request.holderAway', { name });
}

/** "seat 3 (Ben, away)": the seat as it stands when asked for. */
export function seatWords(table: TableRecord, seat: Seat, lang: Lang): string {
  return t(lang, 'table.request.seat', { seat: seat + 1, holder: holderWords(table, seat, lang) });
}

/** A seat from a custom id: a digit as a number, anything else as it is (the service refuses it). */
export function seatArg(arg: string | undefined): unknown {
  return arg !== undefined && /^\d$/.test(arg) ? Number(arg) : arg;
}

function mentions(ids: readonly string[], lang: Lang): string {
  return ids.map((id) => `<@${id}>`).join(` ${t(lang, 'table.request.and')} `);
}

/** The public request, in `lang` (the server's): who asks for what, who decides, and the two buttons. */
export function renderRequest(asked: SeatAsked, version: number, lang: Lang) {
  const { table, request, approvers } = asked;
  const ask = t(lang, 'table.request.asks', {
    name: request.name,
    seat: seatWords(table, request.seat, lang),
  });
  const who = t(
    lang,
    approvers.length === 1 && approvers[0] === table.hostId
      ? 'table.request.hostDecides'
      : 'table.request.othersDecide',
    { mentions: mentions(approvers, lang) },
  );
  const id = (verb: 'seatok' | 'seatno') => encodeId(verb, table.id, version, request.seat, request.nonce);
  return {
    content: `${ask}\n${who}`,
    embeds: [],
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: 3, label: t(lang, 'table.request.approve'), custom_id: id('seatok') },
          { type: 2, style: 4, label: t(lang, 'table.request.decline'), custom_id: id('seatno') },
        ],
      },
    ],
  };
}

/** `/table sit` or **Take seat**: the request is posted for everyone, mentioning who must approve. */
export async function askForSeat(
  ctx: BotContext,
  interaction: Asking,
  tableId: string,
  seat: unknown,
): Promise<Outcome> {
  const asked = ctx.service.requestSeat(tableId, actorOf(interaction), seat);
  if (!asked.ok) return refuse(ctx, interaction, asked.error, tableId);
  const version = ctx.service.tableView(tableId);
  // Posted for everyone in the channel: in the server's language.
  const { lang } = ctx.looks.forGuild(asked.value.table.guildId);
  const payload = renderRequest(asked.value, version.ok ? (version.value.view?.version ?? 0) : 0, lang);
  await interaction.reply({ ...toDiscord(payload), allowedMentions: { users: [...asked.value.approvers] } });
  return { result: 'ok', tableId };
}

/** **Approve** or **Decline** on a request message: the message is edited to say what happened. */
export async function answerRequest(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  id: ParsedId,
): Promise<Outcome> {
  const actor = actorOf(interaction);
  const seat = seatArg(id.args[0]);
  const nonce = id.args[1] ?? '';
  const said = (content: string, keepButtons: boolean) =>
    interaction.update({
      content,
      components: keepButtons ? interaction.message.components : [],
      allowedMentions: { parse: [] },
    });
  const head = interaction.message.content.split('\n')[0] ?? '';
  // The request message is public: it stays in the server's language whoever answers.
  const { lang } = ctx.looks.forGuild(interaction.guildId ?? '');
  if (id.verb === 'seatno') {
    const declined = ctx.service.declineSeat(id.tableId, actor, seat, nonce);
    if (!declined.ok) return refuse(ctx, interaction, declined.error, id.tableId);
    const { request } = declined.value;
    await said(
      declined.value.withdrawn
        ? t(lang, 'table.request.withdrawn', { name: request.name, seat: request.seat + 1 })
        : t(lang, 'table.request.declined', {
            actor: actor.name,
            name: request.name,
            seat: request.seat + 1,
          }),
      false,
    );
    return { result: 'ok', tableId: id.tableId };
  }
  const answer = await ctx.service.approveSeat(id.tableId, actor, seat, nonce);
  if (!answer.ok) return refuse(ctx, interaction, answer.error, id.tableId);
  const result = answer.value;
  if (!result.done) {
    const got = result.request.approvals.length;
    const of = got + result.waitingFor.length;
    const counted = t(lang, 'table.request.counted', {
      got,
      of,
      mentions: mentions(result.waitingFor, lang),
    });
    await said(`${head}\n${counted}`, true);
    return { result: 'counted', tableId: id.tableId };
  }
  ctx.events.seatTaken(id.tableId, result.request.userId);
  try {
    const { name, seat: taken } = result.request;
    await said(t(lang, 'table.request.approved', { name, seat: taken + 1, actor: actor.name }), false);
  } finally {
    // Committed: the table message shows the new player, who is told if the next decision is theirs.
    afterAction(ctx, result.outcome, actor.userId);
  }
  return { result: 'ok', tableId: id.tableId };
}
