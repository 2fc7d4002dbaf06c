/**
 * The options weighed at a decision, from what the seat knew (its view and its legal actions): the
 * choice made, normal's choice, and the other sensible ones. Each option is a line of the seat's
 * actions played before the playout (a Tichu call and the play it came with; nothing, for a bomb
 * not dropped).
 */

import { tichuChance } from '../bots/callModel.js';
import { distinctPlays, PASS, type PlayOption, playOptions } from '../bots/choose.js';
import { costAfter } from '../bots/comboWorth.js';
import { chooseExchange } from '../bots/exchange.js';
import { NORMAL_PARAMS, playOnTurn } from '../bots/normal.js';
import {
  type Action,
  type Card,
  enumerateBombs,
  isBomb,
  partnerOf,
  readCombo,
  type SeatView,
} from '../engine/index.js';
import type { DecisionKind } from './types.js';

export interface Option {
  /** The action reported for it. */
  readonly action: Action;
  /** What the seat plays, in order, before the playout takes over. */
  readonly line: readonly Action[];
}

/** What is asked at one decision: its kind, what was chosen, and (for a Tichu decision) what came with it. */
export interface Question {
  readonly kind: DecisionKind;
  readonly chosen: Action;
  /**
   * For a Tichu decision: the seat's action right after the call, or the action the call was not made
   * with; null when it made none then (a call out of turn).
   */
  readonly follow?: Action | null;
}

/** Plays weighed besides the choice, normal's choice and pass, cheapest shape first (as hard's search). */
const MORE_PLAYS = 3;
/** Bombs weighed at a decision, smallest first. */
const MORE_BOMBS = 2;

export const NO_CALL: Action = PASS;
export const NO_BOMB: Action = PASS;
const CALL: Action = { type: 'tichu' };

/**
 * The options of a question: the chosen one first, then the others (none repeated). `legal` is the
 * seat's legal actions then (exchange picks not listed), read from a state that agrees with the view.
 */
export function optionsFor(view: SeatView, legal: readonly Action[], question: Question): Option[] {
  const { kind, chosen } = question;
  const out = new Options(view.hand);
  switch (kind) {
    case 'grandTichu':
      out.add(chosen, [chosen]);
      out.add({ type: 'grandTichu', call: true }, [{ type: 'grandTichu', call: true }]);
      out.add({ type: 'grandTichu', call: false }, [{ type: 'grandTichu', call: false }]);
      break;
    case 'tichu': {
      const follow = question.follow ? [question.follow] : [];
      const call = { action: CALL, line: [CALL, ...follow] };
      const none = { action: NO_CALL, line: follow };
      for (const o of chosen.type === 'tichu' ? [call, none] : [none, call]) out.add(o.action, o.line);
      break;
    }
    case 'exchange':
      out.add(chosen, [chosen]);
      for (const pick of exchanges(view)) out.add(pick, [pick]);
      break;
    case 'wish':
    case 'dragon':
      out.add(chosen, [chosen]);
      for (const action of legal) if (action.type === chosen.type) out.add(action, [action]);
      break;
    case 'bomb':
      out.add(chosen, chosen.type === 'pass' ? [] : [chosen]);
      if (chosen.type !== 'pass') out.add(NO_BOMB, []);
      for (const bomb of bombs(view, legal)) out.add(bomb, [bomb]);
      break;
    case 'play':
    case 'pass':
      out.add(chosen, [chosen]);
      for (const action of plays(view, legal)) out.add(action, [action]);
      break;
  }
  return out.list;
}

/** Options without repeats: plays alike but for their suits count once (as in distinctPlays). */
class Options {
  readonly list: Option[] = [];
  private readonly keys = new Set<string>();
  private readonly bombCards: ReadonlySet<Card>;

  constructor(hand: readonly Card[]) {
    this.bombCards = new Set(enumerateBombs(hand, null).flatMap((b) => b.cards));
  }

  add(action: Action, line: readonly Action[]): void {
    const key = keyOf(action, this.bombCards);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.list.push({ action, line });
  }
}

/** Plays alike but for their suits share a key, unless one breaks a bomb the other leaves whole. */
function keyOf(action: Action, bombCards: ReadonlySet<Card>): string {
  if (action.type === 'play') {
    const read = readCombo(action.cards, action.phoenixAs);
    if (read.ok && !isBomb(read.value)) {
      const c = read.value;
      const breaks = c.cards.some((card) => bombCards.has(card)) ? 'b' : '';
      return `play/${c.type}/${c.cards.length}/${c.rank}/${c.phoenixAs ?? 0}/${breaks}`;
    }
    return `play/${[...action.cards].sort().join(',')}`;
  }
  if (action.type === 'exchange') return `exchange/${action.next}/${action.partner}/${action.previous}`;
  return JSON.stringify(action);
}

/** On turn: normal's choice, pass, the bombs, and the plays that leave the hand in the best shape. */
function plays(view: SeatView, legal: readonly Action[]): Action[] {
  const options = distinctPlays(playOptions(legal), view.hand);
  const mayPass = legal.some((a) => a.type === 'pass');
  const out: Action[] = [];
  const normal = playOnTurn(view, mayPass ? [PASS] : [], options);
  if (normal) out.push(normal);
  if (mayPass) out.push(PASS);
  out.push(...bombs(view, legal));
  const byShape = options
    .filter((p) => !isBomb(p.combo))
    .map((p) => ({ p, cost: costAfter(view.hand, p.combo.cards) + p.combo.rank / 100 }))
    .sort((a, b) => a.cost - b.cost)
    .slice(0, MORE_PLAYS);
  for (const { p } of byShape) out.push(p.action);
  return out;
}

/** The legal bombs, smallest first, one per shape. */
function bombs(view: SeatView, legal: readonly Action[]): Action[] {
  return distinctPlays(playOptions(legal), view.hand)
    .filter((p: PlayOption) => isBomb(p.combo))
    .sort((a, b) => a.combo.cards.length - b.combo.cards.length || a.combo.rank - b.combo.rank)
    .slice(0, MORE_BOMBS)
    .map((p) => p.action);
}

/**
 * Exchanges weighed: normal's as it would make it, normal's with the other reading of the hand's
 * strength (a caller keeps its Aces), and the best card to the partner (as for a Grand Tichu partner).
 */
function exchanges(view: SeatView): Action[] {
  const strong = view.calls[view.seat] !== 'none' || tichuChance(view.hand) >= NORMAL_PARAMS.tichu;
  const fresh: SeatView = { ...view, exchangePicks: null };
  const partner = partnerOf(view.seat);
  const generous: SeatView = {
    ...fresh,
    calls: view.calls.map((c, s) => (s === partner ? 'grandTichu' : c)) as unknown as SeatView['calls'],
  };
  return [
    chooseExchange(fresh, strong),
    chooseExchange(fresh, !strong),
    chooseExchange(generous, strong),
  ].filter((a): a is Action => a !== null);
}
