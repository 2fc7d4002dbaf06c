/** Playing cards (in turn, or a bomb out of turn) and passing. */
import { markCanonical } from './canonical.js';
import type { Card, Rank } from './cards.js';
import { beats, type Combo, isBomb, readCombos } from './combo.js';
import type { RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import { collectTrick, finishHand, hasCards, isDoubleVictory, leaderFrom, nextWithCards } from './flow.js';
import { err, ok, type Result } from './result.js';
import type { Settings } from './settings.js';
import { type HandState, type Pending, partnerOf, type Seat, setSeat, type Trick } from './state.js';
import type { HandStepResult } from './step.js';
import { containsWished, satisfiesWish, wishObligation } from './wish.js';

export function topOf(hand: HandState): Combo | null {
  const plays = hand.trick?.plays;
  return plays && plays.length > 0 ? (plays[plays.length - 1] as { combo: Combo }).combo : null;
}

function checkCanAct(hand: HandState, seat: Seat): RuleError | null {
  if (hand.phase !== 'play') return { code: 'wrong_phase', phase: hand.phase };
  if (hand.pending) return { code: 'waiting_for_decision', pending: hand.pending };
  if (!hasCards(hand, seat)) return { code: 'player_out' };
  return null;
}

/** Reads and checks a play without changing anything: the combo it would be, or why not. */
export function judgePlay(
  hand: HandState,
  settings: Settings,
  seat: Seat,
  cards: readonly Card[],
  phoenixAs: Rank | undefined,
): Result<Combo, RuleError> {
  const blocked = checkCanAct(hand, seat);
  if (blocked) return err(blocked);
  const held = heldCheck(cards, hand.hands[seat]);
  if (held === 'duplicate') return err({ code: 'duplicate_cards', cards });
  if (held === 'missing') {
    const missing = cards.filter((card) => !hand.hands[seat].includes(card));
    return err({ code: 'not_in_hand', cards: missing });
  }
  const top = topOf(hand);
  let readings = readCombos(cards, top);
  if (readings.length === 0) return err({ code: 'not_a_combo', cards });
  if (phoenixAs !== undefined) {
    readings = readings.filter((combo) => combo.phoenixAs === phoenixAs);
    if (readings.length === 0) return err({ code: 'bad_phoenix_reading', cards, phoenixAs });
  }
  const onTurn = hand.turn === seat;
  if (!onTurn) {
    readings = readings.filter(isBomb);
    if (readings.length === 0) return err({ code: 'only_bombs_out_of_turn', turn: hand.turn });
    if (top === null) return err({ code: 'bomb_needs_trick' });
  }
  if (top !== null) {
    if (readings.some((combo) => combo.type === 'dog')) return err({ code: 'dog_only_on_lead' });
    const beating = readings.filter((combo) => beats(combo, top));
    if (beating.length === 0) return err({ code: 'does_not_beat', combo: highest(readings), top });
    readings = beating;
  }
  const combo = highest(readings);
  if (onTurn && hand.wish !== null && !satisfiesWish(combo, hand.wish, settings.bombIgnoresWish)) {
    const obligation = wishObligation(hand.hands[seat], top, hand.wish);
    if (obligation !== 'none')
      return err({ code: 'must_fulfil_wish', wish: hand.wish, bombOnly: obligation === 'bombOnly' });
  }
  return ok(combo);
}

/**
 * Whether the cards are all different and all in the hand: what `new Set(cards)` and `includes`
 * said, by plain loops (a play names a few cards, a hand holds at most 14; cards are strings, for
 * which === is SameValueZero).
 */
function heldCheck(cards: readonly Card[], handCards: readonly Card[]): 'ok' | 'duplicate' | 'missing' {
  const n = cards.length;
  for (let i = 1; i < n; i++) {
    const card = cards[i];
    for (let j = 0; j < i; j++) if (cards[j] === card) return 'duplicate';
  }
  for (let i = 0; i < n; i++) if (!holds(handCards, cards[i] as Card)) return 'missing';
  return 'ok';
}

function holds(cards: readonly Card[], card: Card): boolean {
  for (let i = 0; i < cards.length; i++) if (cards[i] === card) return true;
  return false;
}

function highest(readings: readonly Combo[]): Combo {
  let best = readings[0] as Combo;
  for (const combo of readings) if (combo.rank > best.rank) best = combo;
  return best;
}

export function playCards(
  hand: HandState,
  settings: Settings,
  seat: Seat,
  cards: readonly Card[],
  phoenixAs?: Rank,
): HandStepResult {
  const judged = judgePlay(hand, settings, seat, cards, phoenixAs);
  if (!judged.ok) return judged;
  return ok(applyPlay(hand, seat, judged.value));
}

function applyPlay(before: HandState, seat: Seat, combo: Combo): { hand: HandState; events: GameEvent[] } {
  const events: GameEvent[] = [{ type: 'played', seat, combo, outOfTurn: before.turn !== seat }];
  const remaining = withoutCards(before.hands[seat], combo.cards);
  let wish = before.wish;
  if (wish !== null && containsWished(combo, wish)) {
    events.push({ type: 'wishFulfilled', seat, rank: wish });
    wish = null;
  }
  let out = before.out;
  if (remaining.length === 0) {
    out = [...out, seat];
    events.push({ type: 'wentOut', seat, place: out.length });
  }
  const hands = setSeat(before.hands, seat, remaining);
  const played = setSeat(before.played, seat, true);
  const common = { hands, played, wish, out };
  if (combo.type === 'dog')
    return { hand: leadWithDog({ ...before, ...common }, seat, combo, events), events };
  const passedBefore = before.trick?.passed ?? [];
  const play = passedBefore.length > 0 ? { seat, combo, passedBefore } : { seat, combo };
  const plays = [...(before.trick?.plays ?? []), play];
  const wished = before.trick?.wished;
  const trick: Trick = wished === undefined ? { plays, passed: [] } : { plays, passed: [], wished };
  if (out.length >= 2) {
    const hand: HandState = { ...before, ...common, trick };
    if (isDoubleVictory(hand)) return { hand: finishHand(hand, events, play), events };
    if (out.length >= 3) return { hand: thirdOutTakesTrick(hand, seat, combo, events), events };
  }
  const pending = combo.cards.includes('mahjong') ? ({ kind: 'wish', seat } as const) : null;
  // What `{ ...before, ...common, trick, turn, pending }` and canonicalHand make, built at once.
  const hand: HandState = {
    number: before.number,
    seed: before.seed,
    phase: before.phase,
    hands,
    undealt: before.undealt,
    grand: before.grand,
    calls: before.calls,
    exchange: before.exchange,
    received: before.received,
    played,
    turn: nextHolder(hands, seat),
    trick,
    won: before.won,
    out,
    wish,
    pending,
    lastTrick: before.lastTrick,
    result: before.result,
    dogLead: before.dogLead ?? null,
    ending: before.ending ?? null,
  };
  return { hand: markCanonical(hand), events };
}

/** nextWithCards over the hands alone: the first seat after `seat` (or itself) still holding cards. */
function nextHolder(hands: HandState['hands'], seat: Seat): Seat | null {
  for (let offset = 1; offset <= 4; offset++) {
    const candidate = ((seat + offset) % 4) as Seat;
    if (hands[candidate].length > 0) return candidate;
  }
  return null;
}

/** `hand` without `gone`, in its order: `hand.filter((c) => !gone.includes(c))` by plain loops. */
function withoutCards(hand: readonly Card[], gone: readonly Card[]): Card[] {
  const kept: Card[] = [];
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as Card;
    if (!holds(gone, card)) kept.push(card);
  }
  return kept;
}

/**
 * `hand` with its trick, turn and pending decision replaced, built at once in the field order of
 * canonicalHand (what `{ ...hand, trick, turn, pending }` and canonicalHand make, without the copies).
 */
function withTurn(
  hand: HandState,
  trick: Trick | null,
  turn: Seat | null,
  pending: Pending | null,
): HandState {
  return {
    number: hand.number,
    seed: hand.seed,
    phase: hand.phase,
    hands: hand.hands,
    undealt: hand.undealt,
    grand: hand.grand,
    calls: hand.calls,
    exchange: hand.exchange,
    received: hand.received,
    played: hand.played,
    turn,
    trick,
    won: hand.won,
    out: hand.out,
    wish: hand.wish,
    pending,
    lastTrick: hand.lastTrick,
    result: hand.result,
    dogLead: hand.dogLead ?? null,
    ending: hand.ending ?? null,
  };
}

/**
 * The Dog is no combo: it is set aside with its player's tricks, and the lead goes to the partner.
 * The view keeps the Dog lead (`dogLead`) until the next trick is taken: no trick shows it.
 */
function leadWithDog(hand: HandState, seat: Seat, combo: Combo, events: GameEvent[]): HandState {
  const after: HandState = { ...hand, won: setSeat(hand.won, seat, [...hand.won[seat], 'dog']) };
  if (isDoubleVictory(after) || after.out.length >= 3) return finishHand(after, events, { seat, combo });
  const to = leaderFrom(after, partnerOf(seat)) as Seat;
  events.push({ type: 'leadPassedByDog', from: seat, to });
  return { ...after, turn: to, dogLead: { from: seat, to } };
}

/** The third player out takes the trick in progress (a Dragon trick is still given away). */
function thirdOutTakesTrick(hand: HandState, seat: Seat, combo: Combo, events: GameEvent[]): HandState {
  if (combo.cards[0] === 'dragon') return { ...hand, turn: null, pending: { kind: 'dragonGift', seat } };
  return finishHand(collectTrick(hand, seat, events), events, { seat, combo });
}

export function passTurn(hand: HandState, seat: Seat): HandStepResult {
  const blocked = checkCanAct(hand, seat);
  if (blocked) return err(blocked);
  if (hand.turn !== seat) return err({ code: 'not_your_turn', turn: hand.turn });
  const trick = hand.trick;
  if (trick === null) return err({ code: 'cannot_pass_lead' });
  const top = topOf(hand) as Combo;
  const obligation = hand.wish === null ? 'none' : wishObligation(hand.hands[seat], top, hand.wish);
  if (obligation !== 'none') {
    return err({ code: 'must_fulfil_wish', wish: hand.wish as Rank, bombOnly: obligation === 'bombOnly' });
  }
  const events: GameEvent[] = [{ type: 'passed', seat }];
  const passed = [...trick.passed, seat];
  const owner = (trick.plays[trick.plays.length - 1] as { seat: Seat }).seat;
  const passedTrick: Trick = { ...trick, passed };
  let waiting = false;
  for (let s = 0; s < 4; s++) {
    if (s !== owner && hasCards(hand, s as Seat) && !passed.includes(s as Seat)) {
      waiting = true;
      break;
    }
  }
  // The hands are the same before and after a pass: whose turn is next reads them from `hand`.
  if (waiting)
    return ok({
      hand: markCanonical(withTurn(hand, passedTrick, nextWithCards(hand, seat), hand.pending)),
      events,
    });
  return ok({ hand: endTrick({ ...hand, trick: passedTrick }, owner, top, events), events });
}

/** Everyone still holding cards passed: the owner takes the trick, or must give a Dragon away. */
function endTrick(hand: HandState, owner: Seat, top: Combo, events: GameEvent[]): HandState {
  if (top.cards[0] === 'dragon') return { ...hand, turn: null, pending: { kind: 'dragonGift', seat: owner } };
  const collected = collectTrick(hand, owner, events);
  return { ...collected, turn: leaderFrom(collected, owner) };
}
