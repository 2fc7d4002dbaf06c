/**
 * A scenario builder for tests and tools: a valid mid-hand state from a few lines of card notation.
 *
 *   buildScenario({
 *     hands: { 0: 'mahjong 5jd', 1: '7st 7jd', 2: 'dragon', 3: 'Ajd' },
 *     trick: [{ seat: 3, cards: '6sw' }],
 *     wish: 7, turn: 0,
 *   })
 *
 * Seats without a hand are out unless listed; `out` gives the order. A seat counts as having
 * played a card when it is out or in the trick, unless `played` says otherwise. Cards placed
 * nowhere go to the won pile of `restTo` (default: nowhere, so the deck is partial).
 * A bad spec is a bug in the test, so it throws with the reason.
 */
import { type Card, DECK, parseCards, type Rank, sortCards } from './cards.js';
import { beats, type Combo, readCombo } from './combo.js';
import { newMatch } from './match.js';
import { makeSettings, type Settings } from './settings.js';
import type { Call, HandState, MatchState, Pending, PerSeat, Play, Seat } from './state.js';
import { perSeat, SEATS } from './state.js';

export interface ScenarioPlay {
  readonly seat: Seat;
  readonly cards: string;
  readonly phoenixAs?: Rank;
}

export interface ScenarioSpec {
  readonly hands: Partial<Record<Seat, string>>;
  readonly turn: Seat | null;
  readonly out?: readonly Seat[];
  readonly trick?: readonly ScenarioPlay[];
  readonly passed?: readonly Seat[];
  readonly wish?: Rank | null;
  readonly calls?: Partial<Record<Seat, Call>>;
  readonly won?: Partial<Record<Seat, string>>;
  readonly played?: readonly Seat[];
  readonly pending?: Pending | null;
  readonly restTo?: Seat;
  readonly settings?: Partial<Settings>;
  readonly scores?: readonly [number, number];
}

function cardsOf(text: string | undefined): Card[] {
  if (text === undefined || text.trim() === '') return [];
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(`scenario: ${parsed.error.reason}`);
  return sortCards(parsed.value);
}

function buildTrick(plays: readonly ScenarioPlay[]): Play[] {
  const built: Play[] = [];
  let top: Combo | null = null;
  for (const play of plays) {
    const read = readCombo(cardsOf(play.cards), play.phoenixAs, top);
    if (!read.ok) throw new Error(`scenario: "${play.cards}" is not a combo (${read.error.code})`);
    if (top !== null && !beats(read.value, top))
      throw new Error(`scenario: "${play.cards}" does not beat the trick`);
    built.push({ seat: play.seat, combo: read.value });
    top = read.value;
  }
  return built;
}

export function buildScenario(spec: ScenarioSpec): MatchState {
  const hands = perSeat((seat) => cardsOf(spec.hands[seat]));
  const won = perSeat((seat) => cardsOf(spec.won?.[seat]));
  const plays = buildTrick(spec.trick ?? []);
  const placed = [...hands.flat(), ...won.flat(), ...plays.flatMap((p) => p.combo.cards)];
  const seen = new Set<Card>();
  for (const card of placed) {
    if (seen.has(card)) throw new Error(`scenario: ${card} is placed twice`);
    seen.add(card);
  }
  const rest = DECK.filter((card) => !seen.has(card));
  const finalWon: PerSeat<Card[]> = perSeat((seat) =>
    seat === spec.restTo ? [...won[seat], ...rest] : won[seat],
  );
  const out = spec.out ?? SEATS.filter((seat) => hands[seat].length === 0);
  const inTrick = new Set(plays.map((p) => p.seat));
  const played = perSeat((seat) =>
    spec.played ? spec.played.includes(seat) : out.includes(seat) || inTrick.has(seat),
  );
  const base = newMatch(makeSettings(spec.settings), 'scenario');
  const hand: HandState = {
    ...base.hand,
    phase: 'play',
    hands,
    undealt: [[], [], [], []],
    grand: [false, false, false, false],
    calls: perSeat((seat) => spec.calls?.[seat] ?? 'none'),
    played,
    turn: spec.turn,
    trick: plays.length > 0 ? { plays, passed: spec.passed ?? [] } : null,
    won: finalWon,
    out,
    wish: spec.wish ?? null,
    pending: spec.pending ?? null,
  };
  return { ...base, scores: spec.scores ?? [0, 0], hand };
}
