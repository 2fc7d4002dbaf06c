/**
 * /event results: the standings, each counted board in a line, and on request one board's deal
 * (who held which cards), only once every table of its round has played it.
 */
import type { BoardDeal, EventResults } from '../app/eventService.js';
import { plural, t } from '../i18n/index.js';
import { cardsLabel, inHandOrder } from './cardText.js';
import { fitContent } from './door/callbackBody.js';
import { nameOf, renderBoard, standingLines } from './renderEvent.js';
import type { Ui } from './ui.js';

/** Rows of standings /event results lists. */
const RESULT_ROWS = 30;
/** Boards listed (the newest), each one line. */
const LISTED_BOARDS = 12;

export function renderResults(
  results: EventResults,
  ui: Ui,
  round: number | null,
  board: number | null,
  deal: readonly BoardDeal[] | null,
): string {
  const { lang } = ui;
  const { event } = results;
  if (round !== null && board !== null) {
    if (round > event.rounds || board > event.hands)
      return t(lang, 'event.results.noSuchBoard', {
        rounds: plural(lang, 'event.rounds', event.rounds),
        boards: plural(lang, 'event.boards', event.hands),
      });
    const report = results.boards.find((b) => b.round === round && b.board === board);
    if (!report || !deal) return t(lang, 'event.results.notYet');
    const name = nameOf(results, lang);
    const lines = [renderBoard(report, results, lang), ''];
    // A duplicate round deals the same at every table: one deal, seats named as at table 1.
    const shown = event.format === 'duplicate' ? deal.slice(0, 1) : deal;
    for (const d of shown) {
      // In words: four hands of fourteen card pictures would not fit a message.
      const words: Ui = { lang, faces: null };
      const seats = d.hands
        .map(
          (cards, seat) =>
            `${name(d.table.seats[seat] ?? null)}: ${cardsLabel(inHandOrder([...cards]), words)}`,
        )
        .join('\n');
      lines.push(
        event.format === 'duplicate'
          ? t(lang, 'event.results.dealAll')
          : t(lang, 'event.results.dealAt', { number: d.table.number + 1 }),
        seats,
      );
    }
    return fitContent(lines.join('\n'));
  }
  const status =
    event.status === 'running'
      ? t(lang, 'event.results.status.running', { round: event.round, rounds: event.rounds })
      : t(lang, `event.results.status.${event.status}` as 'event.results.status.finished');
  const lines = [t(lang, 'event.results.title', { status }), ...standingLines(results, lang, RESULT_ROWS)];
  if (results.boards.length > 0) {
    lines.push('', t(lang, 'event.results.boards'));
    for (const b of results.boards.slice(-LISTED_BOARDS)) {
      // Each table by its number (the standings above name who sat there), and a team match's IMPs.
      const scores = b.tables
        .map((at) =>
          t(lang, 'event.results.at', {
            number: at.table.number + 1,
            score: at.total === null ? '–' : `${at.total[0]}:${at.total[1]}`,
          }),
        )
        .join(', ');
      const swing = b.team?.swing;
      const imps =
        swing === undefined || swing === null
          ? ''
          : swing === 0
            ? ` · ${t(lang, 'event.results.noSwing')}`
            : ` · ${plural(lang, 'event.results.imps', Math.abs(b.team?.imps[0] ?? 0), { team: swing > 0 ? 'A' : 'B' })}`;
      lines.push(
        t(lang, 'event.results.boardLine', { round: b.round, board: b.board, lines: `${scores}${imps}` }),
      );
    }
  }
  return fitContent(lines.join('\n'));
}
