/**
 * /table sit and /table replace: someone not seated takes over an away or bot seat mid-match, once
 * the host approves (sit), or at once when the host hands it over (replace).
 */
import { afterAction, type Outcome, refuse } from '../../src/discord/respond.js';
import { askForSeat, holderWords } from '../../src/discord/seatRequests.js';
import { t } from '../../src/i18n/index.js';
import type { Here } from './here.js';

/** `/table sit seat:N`: a public request that mentions whoever must approve. */
export function sit(here: Here): Promise<Outcome> {
  return askForSeat(here.ctx, here.interaction, here.tableId, here.seat('seat', true));
}

/** `/table replace seat:N player:@x`: the host hands the seat over; the player is told in the channel. */
export async function replace(here: Here): Promise<Outcome> {
  const { interaction, ctx, tableId, actor } = here;
  const user = interaction.options.getUser('player', true);
  const member = interaction.options.getMember('player');
  const name =
    (member && 'displayName' in member ? member.displayName : null) ?? user.globalName ?? user.username;
  const seat = here.seat('seat', true);
  const before = ctx.service.tableView(tableId);
  const r = await ctx.service.replaceSeat(tableId, actor, seat, { userId: user.id, name, isBot: user.bot });
  if (!r.ok) return refuse(ctx, interaction, r.error, tableId);
  // At an event's table (a thread, private in a duplicate round) the new player must be let in.
  ctx.events.seatTaken(tableId, user.id);
  // A public message: in the server's language. Who the seat was, as the table stood before the handover.
  const { lang } = ctx.looks.forGuild(interaction.guildId ?? '');
  const held = { user: user.id, seat: (seat ?? 0) + 1 };
  const content =
    before.ok && seat !== undefined
      ? t(lang, 'cmd.reply.replacedWas', { ...held, was: holderWords(before.value.table, seat, lang) })
      : t(lang, 'cmd.reply.replaced', held);
  try {
    await interaction.reply({
      content,
      allowedMentions: { users: [user.id] },
    });
  } finally {
    afterAction(ctx, r.value, actor.userId);
  }
  return { result: 'ok', tableId };
}
