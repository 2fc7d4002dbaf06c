/** The private panel's "Bomb!" button: one click with one bomb held, a choice among bombs otherwise. */
import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../../src/app/tableService.js';
import { decodePlay, parseId } from '../../src/discord/customIds.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import {
  type Action,
  apply,
  type Card,
  legalActions,
  type MatchState,
  makeSettings,
  newMatch,
  owesAction,
  SEATS,
  type Seat,
  seatView,
} from '../../src/engine/index.js';
import { playingTable } from '../support/records.js';

const FIVES: Card[] = ['5jd', '5sw', '5pg', '5st'];
const NINES: Card[] = ['9jd', '9sw', '9pg', '9st'];

/** A real state with a first play on the table: every decision made, then the leader's first legal play. */
function trickOnTable(): MatchState {
  let state = newMatch(makeSettings(), 'render-bombs');
  for (let i = 0; i < 20 && state.hand.trick === null; i++) {
    const seat = SEATS.find((s) => owesAction(state, s)) as Seat;
    const hand = state.hand.hands[seat];
    const action: Action =
      state.hand.phase === 'grandTichu'
        ? { type: 'grandTichu', call: false }
        : state.hand.phase === 'exchange'
          ? { type: 'exchange', next: hand[0] as Card, partner: hand[1] as Card, previous: hand[2] as Card }
          : (legalActions(state, seat, { exchanges: false }).find((a) => a.type === 'play') as Action);
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(step.error.code);
    state = step.value.state;
  }
  return state;
}

/** The panel of a seat that is not to play, while a play lies on the table, holding the given bombs. */
function outOfTurn(bombs: Card[][], inTurn = false): PlayerSnapshot {
  const state = trickOnTable();
  const seat = inTurn
    ? (state.hand.turn as Seat)
    : (SEATS.find((s) => s !== state.hand.turn && s !== state.hand.trick?.plays[0]?.seat) as Seat);
  const base = seatView(state, seat);
  const legal: Action[] = bombs.map((cards) => ({ type: 'play', cards }));
  return {
    table: playingTable(state.settings),
    seat,
    view: { ...base, hand: [...bombs.flat(), '2jd', '3sw'] },
    legal,
    deadline: null,
  };
}

type Button = { type: number; label?: string; custom_id?: string };
type Select = { type: number; custom_id?: string; placeholder?: string; options?: Array<{ value: string }> };
const components = (payload: ReturnType<typeof renderPanel>) =>
  payload.components.flatMap((row) => (row as { components: Array<Button & Select> }).components);

describe('the Bomb! button', () => {
  it('holding one bomb, drops it in one click (a play of its cards, judged on the current state)', () => {
    const bomb = components(renderPanel(outOfTurn([FIVES]), EN_TEXT)).find((c) => c.label === 'Bomb!');
    const id = parseId(bomb?.custom_id ?? '');
    expect(id?.verb).toBe('play');
    expect(decodePlay(id?.args[0] ?? '')?.cards).toEqual(FIVES);
  });

  it('holding several, asks which: the menu then offers only the bombs', () => {
    const snapshot = outOfTurn([FIVES, NINES]);
    const bomb = components(renderPanel(snapshot, EN_TEXT)).find((c) => c.label === 'Bomb!');
    expect(parseId(bomb?.custom_id ?? '')).toMatchObject({ verb: 'hand', args: ['bomb'] });
    const choosing = components(renderPanel(snapshot, EN_TEXT, { bombsOnly: true }));
    const menu = choosing.find((c) => c.placeholder === 'Choose your bomb…');
    expect(menu?.options?.map((o) => decodePlay(o.value)?.cards)).toEqual([FIVES, NINES]);
  });

  it('is offered on your own turn too, when a bomb is among your plays', () => {
    const snapshot = outOfTurn([NINES], true);
    expect(snapshot.view.turn).toBe(snapshot.seat);
    const bomb = components(renderPanel(snapshot, EN_TEXT)).find((c) => c.label === 'Bomb!');
    expect(decodePlay(parseId(bomb?.custom_id ?? '')?.args[0] ?? '')?.cards).toEqual(NINES);
  });
});

describe('the panel’s line about the table while a wish or the Dragon’s gift is owed', () => {
  /** Seat `viewer`'s panel while the trick's leader owes `kind` (the turn has already moved on). */
  function owedBy(kind: 'wish' | 'dragonGift', viewerIsOwer: boolean): string {
    const state = trickOnTable();
    const ower = state.hand.trick?.plays[0]?.seat as Seat;
    const viewer = viewerIsOwer ? ower : (SEATS.find((s) => s !== ower && s !== state.hand.turn) as Seat);
    const base = seatView(state, viewer);
    const snapshot: PlayerSnapshot = {
      table: playingTable(state.settings),
      seat: viewer,
      view: { ...base, pending: { kind, seat: ower } },
      legal: [],
      deadline: null,
    };
    return renderPanel(snapshot, EN_TEXT).content;
  }

  it('names who is naming the wish, not the next seat in turn', () => {
    const text = owedBy('wish', false);
    expect(text).toMatch(/🀄 .+ is naming a wish…/);
    expect(text).not.toContain(' to play');
  });

  it('names who is giving the Dragon’s trick away', () => {
    const text = owedBy('dragonGift', false);
    expect(text).toMatch(/🐉 .+ is giving the Dragon’s trick to an opponent…/);
    expect(text).not.toContain(' to play');
  });

  it('to the seat that owes it, names nobody else as to play', () => {
    expect(owedBy('wish', true)).not.toContain(' to play');
  });
});
