/** Playing cards (in turn, or a bomb out of turn) and passing. */
import type { Card, Rank } from './cards.js';
import { beats, type Combo, isBomb, readCombos } from './combo.js';
import type { RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import { collectTrick, finishHand, hasCards, isDoubleVictory, leaderFrom, nextWithCards } from './flow.js';
import { err, ok, type Result } from './result.js';
import type { Settings } from './settings.js';
import { type HandState, partnerOf, type Seat, setSeat } from './state.js';
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
  if (new Set(cards).size !== cards.length) return err({ code: 'duplicate_cards', cards });
  const missing = cards.filter((card) => !hand.hands[seat].includes(card));
  if (missing.length > 0) return err({ code: 'not_in_hand', cards: missing });
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
  const remaining = before.hands[seat].filter((card) => !combo.cards.includes(card));
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
  const common = {
    hands: setSeat(before.hands, seat, remaining),
    played: setSeat(before.played, seat, true),
    wish,
    out,
  };
  if (combo.type === 'dog')
    return { hand: leadWithDog({ ...before, ...common }, seat, combo, events), events };
  const passedBefore = before.trick?.passed ?? [];
  const play = passedBefore.length > 0 ? { seat, combo, passedBefore } : { seat, combo };
  const trick = { plays: [...(before.trick?.plays ?? []), play], passed: [] };
  const hand: HandState = { ...before, ...common, trick };
  if (isDoubleVictory(hand)) return { hand: finishHand(hand, events, play), events };
  if (out.length >= 3) return { hand: thirdOutTakesTrick(hand, seat, combo, events), events };
  const pending = combo.cards.includes('mahjong') ? ({ kind: 'wish', seat } as const) : null;
  return { hand: { ...hand, turn: nextWithCards(hand, seat), pending }, events };
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
  const after: HandState = { ...hand, trick: { ...trick, passed } };
  const waiting = [0, 1, 2, 3].some(
    (s) => s !== owner && hasCards(after, s as Seat) && !passed.includes(s as Seat),
  );
  if (waiting) return ok({ hand: { ...after, turn: nextWithCards(after, seat) }, events });
  return ok({ hand: endTrick(after, owner, top, events), events });
}

/** Everyone still holding cards passed: the owner takes the trick, or must give a Dragon away. */
function endTrick(hand: HandState, owner: Seat, top: Combo, events: GameEvent[]): HandState {
  if (top.cards[0] === 'dragon') return { ...hand, turn: null, pending: { kind: 'dragonGift', seat: owner } };
  const collected = collectTrick(hand, owner, events);
  return { ...collected, turn: leaderFrom(collected, owner) };
}
