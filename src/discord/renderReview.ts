/**
 * A hand's review as its player's private message: the summary line, the luck of the deal, the three
 * costliest decisions as positions a player recognises (the cards held, the trick on the table, what
 * was done, what the review prefers, the cost with its error), and the call advisor at every Tichu
 * and Grand Tichu decision. Pure: from the review (src/review) to Discord JSON.
 */
import type { ReviewReady } from '../app/reviews.js';
import { type Action, type Seat, seatAfter } from '../engine/index.js';
import { plural, t } from '../i18n/index.js';
import { costliest, type DecisionReview, MIN_GAIN, MIN_JUDGED, Z } from '../review/index.js';
import { cardLabel, cardsLabel, inHandOrder, playLabel, rankLabel } from './cardText.js';
import { MAX_CONTENT } from './door/callbackBody.js';
import { comboOfPlay } from './playMenu.js';
import type { Ui } from './ui.js';

export interface ReviewPayload {
  content: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
}

/** Shown at most: the costliest decisions. */
const SHOWN = 3;

/** Points as said: whole numbers ("about 35 points, ±8"). */
const points = (n: number) => String(Math.round(n));
const percent = (p: number) => String(Math.round(p * 100));

export function renderReview(ready: ReviewReady, name: (seat: Seat) => string, ui: Ui): ReviewPayload {
  const { review } = ready;
  const lang = ui.lang;
  const lines = [t(lang, 'review.title', { hand: ready.hand, match: ready.matchId })];
  if (review.reviewed === 0) lines.push(t(lang, 'review.nothing'));
  else lines.push(plural(lang, 'review.summary', review.reviewed, { lost: points(review.lost) }));
  lines.push(
    t(lang, 'review.luck', {
      chance: percent(review.luck.outFirst),
      average: percent(review.luck.average),
    }),
  );
  for (const decision of review.decisions) {
    const advice = callLine(decision, ui);
    if (advice) lines.push(advice);
  }
  const costly = costliest(review, SHOWN);
  if (review.reviewed > 0 && costly.length === 0) lines.push(t(lang, 'review.clean'));
  const head = lines.join('\n');
  const footer = `-# ${t(lang, 'review.footer')}`;
  // Card pictures take some 40 characters each: when the three positions do not fit with them, they
  // show their cards as text; only if even that is too long are the cheapest left out.
  const text: Ui = { lang, faces: null };
  for (const look of ui.faces ? [ui, text] : [ui]) {
    const blocks = costly.map((d) => decisionBlock(d, ready.seat, name, look));
    for (let shown = blocks.length; shown >= (look === text ? 0 : blocks.length); shown--) {
      const parts = [head];
      if (shown > 0) parts.push(plural(lang, 'review.costliest', shown), ...blocks.slice(0, shown));
      parts.push(footer);
      const content = parts.join('\n\n');
      if (content.length <= MAX_CONTENT) return { content, embeds: [], components: [] };
    }
  }
  return { content: head.slice(0, MAX_CONTENT), embeds: [], components: [] };
}

function decisionBlock(d: DecisionReview, seat: Seat, name: (seat: Seat) => string, ui: Ui): string {
  const lang = ui.lang;
  const lines = [
    t(lang, 'review.decision.head', {
      band: t(lang, `review.band.${d.band}`),
      kind: t(lang, `review.kind.${d.kind}`),
      cost: points(d.cost),
      se: points(d.se),
    }),
    t(lang, 'review.decision.held', { cards: cardsLabel(inHandOrder(d.held), ui) }),
  ];
  // Before the play (Grand Tichu, the exchange, a Tichu call) there is no trick to show.
  if (d.kind !== 'grandTichu' && d.kind !== 'exchange' && d.kind !== 'tichu')
    lines.push(
      d.trick
        ? t(lang, 'review.decision.table', { combo: playLabel(d.trick.combo, ui), name: name(d.trick.seat) })
        : t(lang, 'review.decision.lead'),
    );
  const said = (action: Action) => actionWords(action, d, seat, name, ui);
  lines.push(t(lang, 'review.decision.done', { chosen: said(d.chosen), best: said(d.best) }));
  return lines.join('\n');
}

/** An action in words, as the review names it ("pass", "play pair K (🔴K 🟢K)", "Dragon to Ben"). */
export function actionWords(
  action: Action,
  d: Pick<DecisionReview, 'trick' | 'kind'>,
  seat: Seat,
  name: (seat: Seat) => string,
  ui: Ui,
): string {
  const lang = ui.lang;
  switch (action.type) {
    case 'pass':
      // Not calling, and not bombing out of turn, are written as a pass (src/review/types.ts).
      if (d.kind === 'tichu') return t(lang, 'review.action.noTichu');
      if (d.kind === 'bomb') return t(lang, 'review.action.noBomb');
      return t(lang, 'review.action.pass');
    case 'play': {
      const combo = comboOfPlay(action, d.trick?.combo ?? null);
      return t(lang, 'review.action.play', {
        combo: combo ? playLabel(combo, ui) : cardsLabel(inHandOrder(action.cards), ui),
      });
    }
    case 'tichu':
      return t(lang, 'review.action.tichu');
    case 'grandTichu':
      return t(lang, action.call ? 'review.action.grandTichu' : 'review.action.noGrandTichu');
    case 'exchange':
      return t(lang, 'review.action.exchange', {
        next: cardLabel(action.next, ui),
        nextName: name(seatAfter(seat, 1)),
        partner: cardLabel(action.partner, ui),
        partnerName: name(seatAfter(seat, 2)),
        previous: cardLabel(action.previous, ui),
        previousName: name(seatAfter(seat, 3)),
      });
    case 'wish':
      return action.rank === null
        ? t(lang, 'review.action.noWish')
        : t(lang, 'review.action.wish', { rank: rankLabel(action.rank) });
    case 'giveDragon':
      return t(lang, 'review.action.dragon', { name: name(action.to) });
  }
}

/**
 * The call advisor's line for a Tichu or Grand Tichu decision (null for any other decision). Its
 * verdict follows the review's rule for a decision of two options (docs/review.md): a difference
 * counts when it is over 2 standard errors and 5 points, on the minimum of samples; else it is too
 * close to tell. So it agrees with the decision's band: a call that cost is never "worth calling".
 */
function callLine(d: DecisionReview, ui: Ui): string | null {
  const call = d.call;
  if (!call) return null;
  const lang = ui.lang;
  const gain = call.withCall - call.without;
  const clear = d.samples >= MIN_JUDGED && Math.abs(gain) > Z * call.se && Math.abs(gain) > MIN_GAIN;
  const verdict = !clear ? 'review.call.close' : gain > 0 ? 'review.call.worth' : 'review.call.notWorth';
  return t(lang, call.kind === 'grandTichu' ? 'review.call.grandTichu' : 'review.call.tichu', {
    chance: percent(call.outFirst),
    with: points(call.withCall),
    without: points(call.without),
    se: points(call.se),
    verdict: t(lang, verdict),
    made: t(lang, call.made ? 'review.call.called' : 'review.call.didNotCall'),
  });
}
