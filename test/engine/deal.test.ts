/**
 * docs/RULES.md "Deal, calls, exchange": the seeded deal in two parts, Grand Tichu and Tichu calls, the
 * exchange, and what the views reveal.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  DECK,
  type ExchangePicks,
  handSeed,
  type MatchState,
  makeSettings,
  newMatch,
  publicView,
  Rng,
  type RuleError,
  SEATS,
  type Seat,
  seatView,
  seedRng,
  shuffled,
  sortCards,
} from '../../src/engine/index.js';

const SEED = 'deal-test';

function step(state: MatchState, seat: Seat, action: Action): MatchState {
  const result = apply(state, seat, action);
  if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${result.error.code}`);
  return result.value.state;
}

function refusal(state: MatchState, seat: Seat, action: unknown): RuleError {
  const result = apply(state, seat, action);
  if (result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} was accepted`);
  return result.error;
}

/** All four Grand Tichu decisions (no calls unless listed): the hand enters the exchange. */
function toExchange(seed = SEED, grand: readonly Seat[] = []): MatchState {
  let state = newMatch(makeSettings(), seed);
  for (const seat of SEATS) state = step(state, seat, { type: 'grandTichu', call: grand.includes(seat) });
  return state;
}

/** Picks the first three cards of the seat's hand: next, partner, previous. */
function firstThree(state: MatchState, seat: Seat): ExchangePicks {
  const [next, partner, previous] = state.hand.hands[seat] as [Card, Card, Card];
  return { next, partner, previous };
}

function exchangeAll(state: MatchState, picks: (seat: Seat) => ExchangePicks): MatchState {
  let current = state;
  for (const seat of SEATS) current = step(current, seat, { type: 'exchange', ...picks(seat) });
  return current;
}

function toPlay(seed = SEED): MatchState {
  const exchange = toExchange(seed);
  return exchangeAll(exchange, (seat) => firstThree(exchange, seat));
}

/** Every string anywhere inside a value: what a rendered view could show. */
function stringsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

function leaked(view: unknown, secret: readonly Card[]): Card[] {
  const shown = stringsIn(view);
  return secret.filter((card) => shown.has(card));
}

function allCards(state: MatchState): Card[] {
  const hand = state.hand;
  return [...hand.hands.flat(), ...hand.undealt.flat(), ...hand.won.flat()];
}

describe('Deal: "Shuffle with a seeded generator ... Deal 8 cards each"', () => {
  it('a new match deals 8 cards to each seat and waits for the Grand Tichu decisions', () => {
    const state = newMatch(makeSettings(), SEED);
    expect(state.hand.phase).toBe('grandTichu');
    expect(state.hand.number).toBe(1);
    expect(state.hand.seed).toBe(handSeed(SEED, 1));
    expect(state.hand.hands.map((cards) => cards.length)).toEqual([8, 8, 8, 8]);
    expect(state.hand.undealt.map((cards) => cards.length)).toEqual([6, 6, 6, 6]);
    expect(state.hand.turn).toBeNull();
    expect(sortCards(allCards(state))).toEqual(sortCards(DECK));
  });

  it('the deal is the seeded shuffle: seat s gets cards 14s..14s+7 now and 14s+8..14s+13 later', () => {
    const state = newMatch(makeSettings(), SEED);
    const deck = shuffled(DECK, new Rng(seedRng(handSeed(SEED, 1))));
    for (const seat of SEATS) {
      expect(state.hand.hands[seat]).toEqual(sortCards(deck.slice(seat * 14, seat * 14 + 8)));
      expect(state.hand.undealt[seat]).toEqual(sortCards(deck.slice(seat * 14 + 8, seat * 14 + 14)));
    }
  });

  it('"the seed is stored, so a hand can be replayed": the same seed deals the same cards', () => {
    expect(newMatch(makeSettings(), 'same').hand).toEqual(newMatch(makeSettings(), 'same').hand);
    expect(toExchange('same').hand.hands).toEqual(toExchange('same').hand.hands);
  });

  it.each([
    ['a', 'b'],
    ['seed-1', 'seed-2'],
    ['x', 'X'],
  ])('a different seed deals different cards (%s vs %s)', (one, other) => {
    expect(newMatch(makeSettings(), one).hand.hands).not.toEqual(newMatch(makeSettings(), other).hand.hands);
  });
});

describe('Grand Tichu: "having seen only those 8, decides: call or not ... Then deal the remaining 6 each"', () => {
  it('the 6 more cards come only after all four decisions, then 14 each and the exchange', () => {
    const start = newMatch(makeSettings(), SEED);
    let state = start;
    for (const seat of [2, 0, 3] as const) {
      const result = apply(state, seat, { type: 'grandTichu', call: false });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      state = result.value.state;
      expect(state.hand.phase).toBe('grandTichu');
      expect(state.hand.hands.map((cards) => cards.length)).toEqual([8, 8, 8, 8]);
      expect(result.value.events).toEqual([{ type: 'grandTichuDecided', seat, call: false }]);
    }
    const last = apply(state, 1, { type: 'grandTichu', call: true });
    expect(last.ok).toBe(true);
    if (!last.ok) return;
    const dealt = last.value.state;
    expect(last.value.events).toEqual([
      { type: 'grandTichuDecided', seat: 1, call: true },
      { type: 'allCardsDealt' },
    ]);
    expect(dealt.hand.phase).toBe('exchange');
    expect(dealt.hand.hands.map((cards) => cards.length)).toEqual([14, 14, 14, 14]);
    expect(dealt.hand.undealt).toEqual([[], [], [], []]);
    expect(dealt.hand.calls).toEqual(['none', 'grandTichu', 'none', 'none']);
    for (const seat of SEATS) {
      // The full hand is shown sorted, as the first eight were.
      expect(dealt.hand.hands[seat]).toEqual(
        sortCards([...start.hand.hands[seat], ...start.hand.undealt[seat]]),
      );
    }
    expect(sortCards(dealt.hand.hands.flat())).toEqual(sortCards(DECK));
  });

  it.each(SEATS)('"one call per player": seat %i decides Grand Tichu only once (already_decided)', (seat) => {
    const once = step(newMatch(makeSettings(), SEED), seat, { type: 'grandTichu', call: false });
    expect(refusal(once, seat, { type: 'grandTichu', call: true })).toEqual({ code: 'already_decided' });
    expect(refusal(once, seat, { type: 'grandTichu', call: false })).toEqual({ code: 'already_decided' });
  });

  it('no Grand Tichu decision once the six are dealt (wrong_phase)', () => {
    expect(refusal(toExchange(), 0, { type: 'grandTichu', call: true })).toEqual({
      code: 'wrong_phase',
      phase: 'exchange',
    });
  });
});

/** A Tichu call situation: the state and the seat that tries to call. */
interface CallCase {
  readonly setup: () => { state: MatchState; seat: Seat };
  readonly code: string | null;
}

function dealtToPlay(): { state: MatchState; leader: Seat } {
  const state = toPlay();
  return { state, leader: state.hand.turn as Seat };
}

const CALL_CASES: Record<string, CallCase> = {
  'not in the grandTichu phase (only 8 cards seen)': {
    setup: () => ({ state: newMatch(makeSettings(), SEED), seat: 0 }),
    code: 'wrong_phase',
  },
  'not in the grandTichu phase, even after deciding no Grand Tichu': {
    setup: () => ({
      state: step(newMatch(makeSettings(), SEED), 0, { type: 'grandTichu', call: false }),
      seat: 0,
    }),
    code: 'wrong_phase',
  },
  '"during the exchange", before choosing': {
    setup: () => ({ state: toExchange(), seat: 3 }),
    code: null,
  },
  '"during the exchange", after choosing the picks': {
    setup: () => {
      const state = toExchange();
      return { state: step(state, 3, { type: 'exchange', ...firstThree(state, 3) }), seat: 3 };
    },
    code: null,
  },
  'in play, the leader before their first card ("together with the first play")': {
    setup: () => {
      const { state, leader } = dealtToPlay();
      return { state, seat: leader };
    },
    code: null,
  },
  'in play, a seat that has not played yet': {
    setup: () => {
      const { state, leader } = dealtToPlay();
      return { state, seat: ((leader + 2) % 4) as Seat };
    },
    code: null,
  },
  '"Passing does not close the window"': {
    setup: () => {
      const state = buildScenario({
        hands: { 0: '3jd 4jd', 1: '9sw', 2: '2pg 5pg', 3: '6st 8st' },
        trick: [{ seat: 3, cards: 'Qjd' }],
        turn: 0,
      });
      return { state: step(state, 0, { type: 'pass' }), seat: 0 };
    },
    code: null,
  },
  '"playing any card ... does" close the window': {
    setup: () => {
      const state = buildScenario({
        hands: { 0: '3jd 4jd', 1: '9sw', 2: '2pg 5pg', 3: '6st 8st' },
        trick: [{ seat: 3, cards: '2jd' }],
        turn: 0,
      });
      return { state: step(state, 0, { type: 'play', cards: ['3jd'] }), seat: 0 };
    },
    code: 'call_window_closed',
  },
  '"playing any card (the Dog too) does" close the window': {
    setup: () => {
      const state = buildScenario({
        hands: { 0: 'dog 4jd', 1: '9sw', 2: '2pg 5pg', 3: '6st 8st' },
        turn: 0,
      });
      const after = step(state, 0, { type: 'play', cards: ['dog'] });
      expect(after.hand.turn).toBe(2);
      return { state: after, seat: 0 };
    },
    code: 'call_window_closed',
  },
  'the window stays closed for a dealt leader after their first card': {
    setup: () => {
      const { state, leader } = dealtToPlay();
      const played = step(state, leader, { type: 'play', cards: ['mahjong'] });
      return { state: step(played, leader, { type: 'wish', rank: null }), seat: leader };
    },
    code: 'call_window_closed',
  },
  '"A player with a Grand Tichu cannot also call Tichu" (exchange)': {
    setup: () => ({ state: toExchange(SEED, [1]), seat: 1 }),
    code: 'already_called',
  },
  '"one call per player": a second Tichu': {
    setup: () => ({ state: step(toExchange(), 2, { type: 'tichu' }), seat: 2 }),
    code: 'already_called',
  },
};

describe('Tichu: "any time before that player plays their first card of the hand"', () => {
  it.each(Object.entries(CALL_CASES))('%s', (_name, { setup, code }) => {
    const { state, seat } = setup();
    const result = apply(state, seat, { type: 'tichu' });
    if (code === null) {
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.events).toEqual([{ type: 'tichuCalled', seat }]);
      expect(result.value.state.hand.calls[seat]).toBe('tichu');
      expect(result.value.state.version).toBe(state.version + 1);
    } else {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(code);
    }
  });

  it('a Grand Tichu caller is refused with already_called naming the Grand Tichu, and keeps it', () => {
    const state = toExchange(SEED, [1]);
    expect(refusal(state, 1, { type: 'tichu' })).toEqual({ code: 'already_called', call: 'grandTichu' });
    expect(state.hand.calls[1]).toBe('grandTichu');
  });

  it('passing then calling, and a later first card, in one dealt hand', () => {
    const { state, leader } = dealtToPlay();
    const next = ((leader + 1) % 4) as Seat;
    let current = step(state, leader, { type: 'play', cards: ['mahjong'] });
    current = step(current, leader, { type: 'wish', rank: null });
    expect(current.hand.turn).toBe(next);
    current = step(current, next, { type: 'pass' });
    expect(current.hand.played[next]).toBe(false);
    current = step(current, next, { type: 'tichu' });
    expect(current.hand.calls[next]).toBe('tichu');
    const third = current.hand.turn as Seat;
    const beater = current.hand.hands[third].find((card) => card !== 'dog') as Card;
    current = step(current, third, { type: 'play', cards: [beater] });
    expect(refusal(current, third, { type: 'tichu' })).toEqual({ code: 'call_window_closed' });
  });

  it.each([
    [0, 2],
    [1, 3],
  ] as const)('"Any number of players may call, partners included": seats %i and %i both call', (a, b) => {
    const state = step(step(toExchange(), a, { type: 'tichu' }), b, { type: 'tichu' });
    expect(state.hand.calls[a]).toBe('tichu');
    expect(state.hand.calls[b]).toBe('tichu');
  });

  it('all four seats may call', () => {
    let state = toExchange();
    for (const seat of SEATS) state = step(state, seat, { type: 'tichu' });
    expect(state.hand.calls).toEqual(['tichu', 'tichu', 'tichu', 'tichu']);
  });

  it('a partner of a Grand Tichu caller may still call Tichu', () => {
    const state = step(toExchange(SEED, [0]), 2, { type: 'tichu' });
    expect(state.hand.calls).toEqual(['grandTichu', 'none', 'tichu', 'none']);
  });

  // Seat 0 went out with one 14-card straight; seat 1 has not played a card yet.
  const afterFirstOut = (callsAfterFirstOut?: boolean) =>
    buildScenario({
      hands: { 1: '3jd 4jd', 2: '2pg 5pg', 3: '6st 8st' },
      out: [0],
      trick: [{ seat: 0, cards: 'mahjong 2jd 3sw 4pg 5jd 6sw 7pg 8jd 9sw 10pg Jjd Qsw Kpg Ajd' }],
      played: [0],
      turn: 1,
      settings: callsAfterFirstOut === undefined ? {} : { callsAfterFirstOut },
    });

  it.each([
    ['default settings', undefined, null],
    ['{callsAfterFirstOut: true}', true, null],
    ['{callsAfterFirstOut: false}', false, 'calls_closed_after_first_out'],
  ] as const)('"A call made after someone is already out is allowed (flag: on)": %s', (_name, flag, code) => {
    const state = afterFirstOut(flag);
    const result = apply(state, 1, { type: 'tichu' });
    if (code === null) {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.state.hand.calls[1]).toBe('tichu');
    } else {
      expect(result).toEqual({ ok: false, error: { code } });
    }
  });

  it('with {callsAfterFirstOut: false} a call before anyone is out is still allowed', () => {
    const state = buildScenario({
      hands: { 0: 'Ajd', 1: '3jd 4jd', 2: '2pg 5pg', 3: '6st 8st' },
      turn: 0,
      settings: { callsAfterFirstOut: false },
    });
    expect(apply(state, 1, { type: 'tichu' }).ok).toBe(true);
  });
});

describe('Exchange: "each player picks one card for each other player"', () => {
  const state = toExchange();
  const hand0 = state.hand.hands[0];
  const other = state.hand.hands[1][0] as Card;
  const [a, b] = hand0 as [Card, Card];

  it.each([
    ['three times the same card', { next: a, partner: a, previous: a }, 'duplicate_cards'],
    ['the same card for next and partner', { next: a, partner: a, previous: b }, 'duplicate_cards'],
    ['the same card for partner and previous', { next: a, partner: b, previous: b }, 'duplicate_cards'],
    ['the same card for next and previous', { next: b, partner: a, previous: b }, 'duplicate_cards'],
    ["a card from another seat's hand", { next: a, partner: b, previous: other }, 'not_in_hand'],
  ] as const)('three distinct cards from the own hand: %s is refused (%s)', (_name, picks, code) => {
    const before = structuredClone(state);
    const error = refusal(state, 0, { type: 'exchange', ...picks });
    expect(error.code).toBe(code);
    expect(state).toEqual(before);
  });

  it('a card not in the own hand is named in the refusal', () => {
    expect(refusal(state, 0, { type: 'exchange', next: a, partner: b, previous: other })).toEqual({
      code: 'not_in_hand',
      cards: [other],
    });
  });

  it('no exchange before the six are dealt (wrong_phase)', () => {
    const start = newMatch(makeSettings(), SEED);
    const [x, y, z] = start.hand.hands[0] as [Card, Card, Card];
    expect(refusal(start, 0, { type: 'exchange', next: x, partner: y, previous: z })).toEqual({
      code: 'wrong_phase',
      phase: 'grandTichu',
    });
  });

  it.each(SEATS)('seat %i exchanges once (already_exchanged)', (seat) => {
    const once = step(state, seat, { type: 'exchange', ...firstThree(state, seat) });
    const [, , , d, e, f] = once.hand.hands[seat] as Card[];
    expect(
      refusal(once, seat, { type: 'exchange', next: d as Card, partner: e as Card, previous: f as Card }),
    ).toEqual({ code: 'already_exchanged' });
  });

  it('"swapped at once when all four have chosen": nothing moves before the fourth choice', () => {
    let current = state;
    for (const seat of [3, 1, 0] as const) {
      const result = apply(current, seat, { type: 'exchange', ...firstThree(state, seat) });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.events).toEqual([{ type: 'exchangeChosen', seat }]);
      current = result.value.state;
      expect(current.hand.phase).toBe('exchange');
      expect(current.hand.hands).toEqual(state.hand.hands);
      expect(current.hand.received).toEqual([null, null, null, null]);
      expect(current.hand.turn).toBeNull();
    }
    expect(current.hand.exchange[3]).toEqual(firstThree(state, 3));
    const last = apply(current, 2, { type: 'exchange', ...firstThree(state, 2) });
    expect(last.ok).toBe(true);
    if (!last.ok) return;
    expect(last.value.events).toEqual([{ type: 'exchangeChosen', seat: 2 }, { type: 'exchangeCompleted' }]);
    expect(last.value.state.hand.phase).toBe('play');
  });

  it('Tichu can still be called after all picks are in but before the swap', () => {
    let current = state;
    for (const seat of [0, 1, 2] as const)
      current = step(current, seat, { type: 'exchange', ...firstThree(state, seat) });
    current = step(current, 0, { type: 'tichu' });
    expect(current.hand.phase).toBe('exchange');
    expect(current.hand.calls[0]).toBe('tichu');
  });

  const swapped = exchangeAll(state, (seat) => firstThree(state, seat));
  const ROUTES = [
    ['next', 1, 'fromPrevious'],
    ['partner', 2, 'fromPartner'],
    ['previous', 3, 'fromNext'],
  ] as const;
  const rows = SEATS.flatMap((giver) =>
    ROUTES.map(([pick, offset, as]) => [giver, pick, ((giver + offset) % 4) as Seat, as] as const),
  );

  it.each(rows)('seat %i gives its "%s" pick to seat %i, who receives it %s', (giver, pick, receiver, as) => {
    const card = firstThree(state, giver)[pick];
    expect(swapped.hand.received[receiver]?.[as]).toBe(card);
    expect(swapped.hand.hands[receiver]).toContain(card);
    expect(swapped.hand.hands[giver]).not.toContain(card);
  });

  it('after the swap: 14 cards each, 56 cards conserved, every hand sorted', () => {
    expect(swapped.hand.hands.map((cards) => cards.length)).toEqual([14, 14, 14, 14]);
    expect(sortCards(swapped.hand.hands.flat())).toEqual(sortCards(DECK));
    for (const seat of SEATS) expect(swapped.hand.hands[seat]).toEqual(sortCards(swapped.hand.hands[seat]));
  });

  it('"The holder of the Mah Jong leads the first trick"', () => {
    const holder = SEATS.find((seat) => swapped.hand.hands[seat].includes('mahjong'));
    expect(swapped.hand.turn).toBe(holder);
    expect(swapped.hand.trick).toBeNull();
  });

  it('"they need not play the Mah Jong": the leader may call Tichu and lead another card', () => {
    const leader = swapped.hand.turn as Seat;
    const card = swapped.hand.hands[leader].find((c) => c !== 'mahjong' && c !== 'dog') as Card;
    const called = step(swapped, leader, { type: 'tichu' });
    const led = step(called, leader, { type: 'play', cards: [card] });
    expect(led.hand.calls[leader]).toBe('tichu');
    expect(led.hand.played[leader]).toBe(true);
    expect(led.hand.hands[leader]).toContain('mahjong');
    expect(led.hand.trick?.plays).toEqual([
      { seat: leader, combo: expect.objectContaining({ cards: [card] }) },
    ]);
  });

  it('only the Mah Jong holder may lead: another seat is refused', () => {
    const leader = swapped.hand.turn as Seat;
    const other = ((leader + 1) % 4) as Seat;
    const card = swapped.hand.hands[other][13] as Card;
    expect(refusal(swapped, other, { type: 'play', cards: [card] }).code).toBe('only_bombs_out_of_turn');
    expect(refusal(swapped, other, { type: 'pass' }).code).toBe('not_your_turn');
  });

  it.each(['next', 'partner', 'previous'] as const)(
    'the Mah Jong passed as the "%s" pick: its receiver leads',
    (pick) => {
      const holder = SEATS.find((seat) => state.hand.hands[seat].includes('mahjong')) as Seat;
      const offset = { next: 1, partner: 2, previous: 3 }[pick];
      const picksOf = (seat: Seat): ExchangePicks => {
        if (seat !== holder) return firstThree(state, seat);
        const [x, y, z] = state.hand.hands[seat].filter((card) => card !== 'mahjong') as [Card, Card, Card];
        return { next: x, partner: y, previous: z, [pick]: 'mahjong' };
      };
      const after = exchangeAll(state, picksOf);
      const receiver = ((holder + offset) % 4) as Seat;
      expect(after.hand.hands[receiver]).toContain('mahjong');
      expect(after.hand.turn).toBe(receiver);
      expect(sortCards(after.hand.hands.flat())).toEqual(sortCards(DECK));
    },
  );

  it.each(['a', 'b', 'c', 'd', 'e'])(
    '56 cards are conserved through the deal and exchange (seed %s)',
    (seed) => {
      const start = newMatch(makeSettings(), seed);
      expect(sortCards(allCards(start))).toEqual(sortCards(DECK));
      const played = toPlay(seed);
      expect(sortCards(allCards(played))).toEqual(sortCards(DECK));
    },
  );
});

describe("Views: a hand's cards never appear in another seat's view or the public view", () => {
  const dealt8 = newMatch(makeSettings(), SEED);
  const exchange = toExchange();
  const oneChosen = step(exchange, 1, { type: 'exchange', ...firstThree(exchange, 1) });
  const inPlay = toPlay();
  const midTrick = (() => {
    const leader = inPlay.hand.turn as Seat;
    const led = step(inPlay, leader, { type: 'play', cards: ['mahjong'] });
    return step(led, leader, { type: 'wish', rank: null });
  })();
  const STATES = [
    ['8 cards dealt (grandTichu)', dealt8],
    ['14 cards dealt (exchange)', exchange],
    ['one seat chose its picks (exchange)', oneChosen],
    ['after the swap (play)', inPlay],
    ['a trick on the table (play)', midTrick],
  ] as const;

  it.each(STATES)('%s: seatView shows the own hand and own picks', (_name, state) => {
    for (const seat of SEATS) {
      const view = seatView(state, seat);
      expect(view.seat).toBe(seat);
      expect(view.hand).toEqual(state.hand.hands[seat]);
      expect(view.exchangePicks).toEqual(state.hand.exchange[seat]);
      expect(view.received).toEqual(state.hand.received[seat]);
    }
  });

  it.each(STATES)('%s: publicView shows no card of any hand and none of the undealt six', (_name, state) => {
    const secret = [...state.hand.hands.flat(), ...state.hand.undealt.flat()];
    expect(leaked(publicView(state), secret)).toEqual([]);
  });

  it.each(STATES)(
    "%s: a seat's view shows no other seat's cards and none of the undealt six",
    (_name, state) => {
      for (const seat of SEATS) {
        const given = state.hand.received.some((r) => r !== null)
          ? Object.values(state.hand.exchange[seat] ?? {})
          : [];
        const secret = [
          ...SEATS.filter((s) => s !== seat).flatMap((s) => state.hand.hands[s]),
          ...state.hand.undealt.flat(),
        ].filter((card) => !given.includes(card)); // a seat knows the cards it passed itself
        expect(leaked(seatView(state, seat), secret)).toEqual([]);
      }
    },
  );

  it('an unrevealed pick stays secret: others see only that the seat has chosen', () => {
    const picks = Object.values(firstThree(exchange, 1));
    for (const seat of [0, 2, 3] as const) {
      expect(leaked(seatView(oneChosen, seat), picks)).toEqual([]);
      expect(seatView(oneChosen, seat).exchangePicks).toBeNull();
    }
    expect(publicView(oneChosen).exchangeChosen).toEqual([false, true, false, false]);
  });

  it('the leak check itself sees cards wherever they are in a view', () => {
    for (const seat of SEATS) {
      expect(leaked(seatView(exchange, seat), exchange.hand.hands[seat])).toEqual(exchange.hand.hands[seat]);
    }
    const led = midTrick.hand.trick?.plays[0]?.combo.cards ?? [];
    expect(led).toEqual(['mahjong']);
    expect(leaked(publicView(midTrick), led)).toEqual(led);
  });

  it('the public view counts cards instead of showing them', () => {
    expect(publicView(dealt8).cardsLeft).toEqual([8, 8, 8, 8]);
    expect(publicView(exchange).cardsLeft).toEqual([14, 14, 14, 14]);
    expect(publicView(midTrick).cardsLeft).toEqual(SEATS.map((s) => midTrick.hand.hands[s].length));
  });
});
