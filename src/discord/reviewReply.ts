/**
 * The Review button under a hand's summary (`rv:<match>:<hand>`) and `/history hand … review:true`:
 * the review of the asker's own decisions in that hand, to the asker alone. A review not stored yet
 * takes seconds on the review thread: the door defers the answer ("thinking", private) meanwhile.
 */
import type { ButtonInteraction } from 'discord.js';
import type { ReviewAsk } from '../app/reviews.js';
import type { Seat } from '../engine/index.js';
import { t } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { playerName } from './renderHistory.js';
import { EPHEMERAL } from './renderPanel.js';
import { renderReview } from './renderReview.js';
import { type Outcome, type Repliable, refuse, toDiscord } from './respond.js';
import { parseReviewId } from './reviewIds.js';

/** The Review button: the hand's summary is in the table's own channel, where its boards are not hidden. */
export function reviewClick(interaction: ButtonInteraction, ctx: BotContext): Promise<Outcome> {
  const id = parseReviewId(interaction.customId);
  if (!id) return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  return answerReview(interaction, ctx, {
    guildId: interaction.guildId ?? '',
    matchId: id.matchId,
    hand: id.hand,
    userId: interaction.user.id,
    own: true,
  });
}

/** Answers with the asker's review of that hand (stored, or computed now), or why not, privately. */
export async function answerReview(
  interaction: Repliable,
  ctx: BotContext,
  ask: ReviewAsk,
): Promise<Outcome> {
  const ready = await ctx.service.reviews.review(ask);
  if (!ready.ok) return refuse(ctx, interaction, ready.error);
  const ui = ctx.looks.forUser(interaction.locale);
  const detail = ctx.stats.matchDetail(ask.guildId, ask.matchId, ask.own === true);
  const version = detail.ok ? (detail.value.handEnds.get(ask.hand) ?? 1) : 1;
  const name = (seat: Seat) =>
    detail.ok
      ? playerName(detail.value, seat, ui.lang, version)
      : t(ui.lang, 'refusal.seat', { seat: seat + 1 });
  await interaction.reply({ ...toDiscord(renderReview(ready.value, name, ui)), flags: EPHEMERAL });
  return { result: ready.value.stored ? 'review_stored' : 'review_made' };
}
