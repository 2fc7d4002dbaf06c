/**
 * The Review button under a hand's summary, and its id under a hand's summary: `rv:<match>:<hand>`. User input like every custom
 * id: parsed strictly; whose review it is comes from the interaction's user, never from the id.
 */
import { type Lang, t } from '../i18n/index.js';

const REVIEW_ID = /^rv:(\d{1,9}):(\d{1,3})$/;

export function encodeReviewId(matchId: number, hand: number): string {
  return `rv:${matchId}:${hand}`;
}

export function parseReviewId(raw: string): { matchId: number; hand: number } | null {
  const found = REVIEW_ID.exec(raw);
  return found ? { matchId: Number(found[1]), hand: Number(found[2]) } : null;
}

/** The row under a hand's summary: one grey button, the same for every player of the hand. */
export function reviewRow(matchId: number, hand: number, lang: Lang, later = false): Record<string, unknown> {
  return {
    type: 1,
    components: [
      {
        type: 2,
        style: 2,
        // A weekly challenge's board: the button says it opens once the week closes.
        label: t(lang, later ? 'review.buttonLater' : 'review.button'),
        emoji: { name: '🔍' },
        custom_id: encodeReviewId(matchId, hand),
      },
    ],
  };
}
