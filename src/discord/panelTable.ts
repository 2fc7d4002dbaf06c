/**
 * The table in a player's panel, so nobody has to scroll up to the table message to decide: the
 * score, and every seat's cards left, its call (Tichu, Grand Tichu) or its place out, and who is
 * to act, starting with the player's left-hand opponent (the order of play); then the trick so far
 * (every play and pass since the lead, its latest lines), since the table message may skip states
 * under Discord's limits. The top of the trick and whose turn it is are the play's own line
 * (playPanel.ts).
 */
import type { PlayerSnapshot } from '../app/tableService.js';
import { type Seat, seatAfter } from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { goalWords, seatName, TEAM_MARK } from './names.js';
import { callsLine, orderOut, signed } from './renderStory.js';
import { endingLine, trickLines } from './trickText.js';
import type { Ui } from './ui.js';

/** Two lines: the score as the player's team sees it, then the seats in the order of play. */
export function panelTableLines(snapshot: PlayerSnapshot, ui: Ui): string[] {
  const { view, table } = snapshot;
  const { lang } = ui;
  if (table.status !== 'playing' || view.status !== 'playing') return [];
  const mine = (view.seat % 2) as 0 | 1;
  const score = t(lang, 'panel.table.score', {
    us: view.scores[mine],
    them: view.scores[1 - mine] as number,
    mark: TEAM_MARK[mine],
    other: TEAM_MARK[1 - mine] as string,
    goal: goalWords(view.settings, lang),
  });
  const seats = [1, 2, 3, 0].map((offset) => seatPart(snapshot, seatAfter(view.seat, offset), lang));
  // The hand before first: the score and seat lines below it are the new hand's (its calls).
  return [...lastHand(snapshot, ui), score, seats.join(' · '), ...trickSoFar(snapshot, ui)];
}

/**
 * How the hand before ended, while the next one is dealt (Grand Tichu, the exchange): a live panel
 * goes straight from the last play to the new cards, so it says what the player did not see there.
 */
function lastHand(snapshot: PlayerSnapshot, ui: Ui): string[] {
  const { view, table } = snapshot;
  const hand = view.history.at(-1);
  if (!hand || view.phase === 'play') return [];
  const { lang } = ui;
  const name = (seat: Seat) =>
    seat === view.seat ? t(lang, 'panel.table.you') : seatName(table, seat, lang);
  const mine = (view.seat % 2) as 0 | 1;
  const calls = callsLine(hand, name, lang, view.seat);
  const ending = endingLine(view, name, lang);
  return [
    t(lang, 'panel.lastHand', {
      number: hand.number,
      mark: TEAM_MARK[mine],
      us: signed(hand.total[mine]),
      them: signed(hand.total[1 - mine] as number),
      other: TEAM_MARK[1 - mine] as string,
    }),
    `-# ${[orderOut(hand, name, lang), calls, ending].filter((part) => part !== null).join(' · ')}`,
  ];
}

/** The panel keeps the trick's latest lines: the whole trick is the table message's and the summary's. */
const TRICK_LINES = 6;

/**
 * Whether the panel tells the trick play by play (with each play's cards): once there is more than
 * its lead to tell (a second play, a pass, a Dog lead before it). A lead alone is the panel's
 * "On the table" line, which then shows its cards itself (playPanel.ts).
 */
export function showsTrickLines(view: PlayerSnapshot['view']): boolean {
  const plays = view.trick?.plays.length ?? 0;
  return (
    view.phase === 'play' && (plays >= 2 || view.dogLead !== null || (view.trick?.passed.length ?? 0) > 0)
  );
}

/** The trick on the table, play by play with the passes, when there is more to it than its top play. */
function trickSoFar(snapshot: PlayerSnapshot, ui: Ui): string[] {
  const { view, table } = snapshot;
  if (!showsTrickLines(view)) return [];
  const name = (seat: Seat) =>
    seat === view.seat ? t(ui.lang, 'panel.table.you') : seatName(table, seat, ui.lang);
  const lines = trickLines(view, name, ui)?.split('\n') ?? [];
  return lines.slice(-TRICK_LINES).map((line) => `-# ${line}`);
}

/** "🟧 Bot 2 12 cards, **Tichu!** ◀️": one seat, its cards left or its place, its call, its turn. */
function seatPart(snapshot: PlayerSnapshot, seat: Seat, lang: Lang): string {
  const { view, table } = snapshot;
  const name = seat === view.seat ? t(lang, 'panel.table.you') : seatName(table, seat, lang);
  const place = view.out.indexOf(seat);
  const left =
    place >= 0
      ? t(lang, 'table.seat.out', { place: place + 1 })
      : view.phase === 'play'
        ? plural(lang, 'table.seat.cards', view.cardsLeft[seat])
        : '';
  const call = view.calls[seat];
  const called =
    call === 'none' ? '' : t(lang, call === 'tichu' ? 'table.seat.tichu' : 'table.seat.grandTichu');
  const what = [left, called].filter((part) => part !== '').join(', ');
  const acts = view.pending ? view.pending.seat === seat : view.phase === 'play' && view.turn === seat;
  return `${TEAM_MARK[seat % 2]} ${name}${what ? ` ${what}` : ''}${acts ? ' ◀️' : ''}`;
}
