/**
 * docs/RULES.md "End of the hand" and "Scoring": `scoreHand` on hand-made finished hands, and hands
 * ended through play from `buildScenario` states.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  buildScenario,
  type Call,
  type Card,
  DECK,
  type FinishedHand,
  type GameEvent,
  type HandResult,
  type MatchState,
  type PerSeat,
  parseCards,
  perSeat,
  pointsIn,
  Rng,
  type ScenarioSpec,
  type Seat,
  scoreHand,
  seedRng,
  shuffled,
} from '../../src/engine/index.js';

function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  return parsed.value;
}

type SeatText = Partial<Record<Seat, string>>;

function perSeatCards(spec: SeatText = {}): PerSeat<Card[]> {
  return [cards(spec[0] ?? ''), cards(spec[1] ?? ''), cards(spec[2] ?? ''), cards(spec[3] ?? '')];
}

function finished(spec: {
  out: readonly Seat[];
  won?: SeatText;
  hands?: SeatText;
  calls?: Partial<Record<Seat, Call>>;
}): FinishedHand {
  const calls = spec.calls ?? {};
  return {
    out: spec.out,
    won: perSeatCards(spec.won),
    hands: perSeatCards(spec.hands),
    calls: [calls[0] ?? 'none', calls[1] ?? 'none', calls[2] ?? 'none', calls[3] ?? 'none'],
  };
}

describe('Scoring: "each 5 = 5, each 10 and King = 10, Dragon +25, Phoenix -25: 100 per hand"', () => {
  it.each([
    ['a 5', '5jd', 5],
    ['four 5s', '5jd 5sw 5pg 5st', 20],
    ['a 10', '10st', 10],
    ['a King', 'Kpg', 10],
    ['four 10s and four Kings', '10jd 10sw 10pg 10st Kjd Ksw Kpg Kst', 80],
    ['the Dragon', 'dragon', 25],
    ['the Phoenix', 'phoenix', -25],
    ['Dragon and Phoenix', 'dragon phoenix', 0],
    ['cards worth nothing', 'mahjong dog 2jd 4sw 6pg 9st Jjd Qsw Ajd', 0],
    ['the Phoenix alone in a pile', 'phoenix 2sw', -25],
  ])('%s (%s) = %i', (_name, pile, points) => {
    const result = scoreHand(finished({ out: [0, 1, 2], won: { 0: pile } }));
    expect(result.cardPoints).toEqual([points, 0]);
    expect(result.callPoints).toEqual([0, 0]);
    expect(result.total).toEqual([points, 0]);
    expect(result.doubleVictory).toBeNull();
  });

  it('the whole deck is worth 100', () => {
    expect(pointsIn(DECK)).toBe(100);
  });

  const splits: [string, Seat[]][] = [
    ['s1', [0, 1, 2]],
    ['s2', [3, 2, 1]],
    ['s3', [1, 0, 3]],
    ['s4', [2, 3, 0]],
    ['s5', [0, 3, 1]],
  ];
  it.each(splits)('any split of the 56 cards scores 100 in all (seed %s, out %j)', (seed, out) => {
    const deck = shuffled(DECK, new Rng(seedRng(seed)));
    const won: PerSeat<Card[]> = [
      deck.slice(0, 10),
      deck.slice(10, 20),
      deck.slice(20, 35),
      deck.slice(35, 45),
    ];
    const last = ([0, 1, 2, 3] as Seat[]).find((s) => !out.includes(s)) as Seat;
    const hands = perSeat((seat) => (seat === last ? deck.slice(45) : []));
    const result = scoreHand({ out, won, hands, calls: ['none', 'none', 'none', 'none'] });
    expect(result.cardPoints[0] + result.cardPoints[1]).toBe(100);
  });
});

describe('End of the hand: "The last player hands their won tricks to the first player out, and the cards left in their hand to the opposing team"', () => {
  it.each([
    ["last seat 3's tricks go to seat 0 (first out)", [0, 1, 2], { 3: 'Kjd 10jd' }, {}, [20, 0]],
    ["last seat 2's tricks go to seat 1 (first out)", [1, 0, 3], { 2: 'Kjd 10jd' }, {}, [0, 20]],
    ["last seat 0's tricks go to its partner seat 2 (first out)", [2, 3, 1], { 0: '5jd' }, {}, [5, 0]],
    ["last seat 1's tricks go to seat 2 (first out), not seat 3", [2, 3, 0], { 1: 'dragon' }, {}, [25, 0]],
    ["last seat 3's hand goes to team A", [0, 1, 2], {}, { 3: 'dragon 5jd' }, [30, 0]],
    [
      "last seat 3's hand goes to team A even when its partner went out first",
      [1, 0, 2],
      {},
      { 3: 'Kjd' },
      [10, 0],
    ],
    ["last seat 2's hand goes to team B", [1, 0, 3], {}, { 2: 'Kjd 10sw' }, [0, 20]],
    ["last seat 0's Phoenix in hand costs team B", [1, 2, 3], {}, { 0: 'phoenix 2jd' }, [0, -25]],
    [
      'both at once: tricks to the first out, hand to the opponents',
      [1, 2, 0],
      { 3: 'Kjd', 1: '5sw' },
      { 3: '10st 10jd' },
      [20, 15],
    ],
    ['the first out keeps their own tricks', [1, 0, 2], { 1: 'Kjd', 0: '5jd', 2: '10pg' }, {}, [15, 10]],
  ] as const)('%s', (_name, out, won, hands, expected) => {
    const result = scoreHand(finished({ out, won, hands }));
    expect(result.cardPoints).toEqual(expected);
    expect(result.total).toEqual(expected);
  });
});

describe('Scoring: "Double victory: that team 200, the other 0, and no card points are counted"', () => {
  const points = { 0: 'dragon', 1: 'Kjd 10jd 5jd', 2: 'phoenix', 3: 'Ksw 10sw' };
  it.each([
    [[0, 2], 0, [200, 0]],
    [[2, 0], 0, [200, 0]],
    [[1, 3], 1, [0, 200]],
    [[3, 1], 1, [0, 200]],
  ] as const)('out %j: team %i scores %j whatever the piles hold', (out, team, expected) => {
    const result = scoreHand(finished({ out, won: points, hands: { 1: '5sw', 3: 'Kpg' } }));
    expect(result.doubleVictory).toBe(team);
    expect(result.cardPoints).toEqual(expected);
    expect(result.total).toEqual(expected);
  });

  it.each([[[0, 1, 2]], [[0, 3, 2]], [[1, 2, 3]]] as const)(
    'out %j is no double victory (the first two are not partners)',
    (out) => {
      expect(scoreHand(finished({ out })).doubleVictory).toBeNull();
    },
  );
});

describe('Scoring: "Each call is settled for the caller alone: +100 (Tichu) or +200 (Grand Tichu) ... if the caller went out first, otherwise the same amount subtracted"', () => {
  it.each([
    ['Tichu, caller out first', [0, 1, 2], { 0: 'tichu' }, [100, 0]],
    ['Tichu, caller out second', [1, 0, 2], { 0: 'tichu' }, [-100, 0]],
    ['Tichu, caller last', [0, 3, 2], { 1: 'tichu' }, [0, -100]],
    ['Grand Tichu, caller out first', [3, 0, 1], { 3: 'grandTichu' }, [0, 200]],
    ['Grand Tichu, caller out third', [1, 0, 2], { 2: 'grandTichu' }, [-200, 0]],
    ['"A caller whose partner went out first fails" (Tichu)', [0, 1, 3], { 2: 'tichu' }, [-100, 0]],
    [
      '"A caller whose partner went out first fails" (Grand Tichu)',
      [1, 0, 2],
      { 3: 'grandTichu' },
      [0, -200],
    ],
    ['both partners call, one goes out first', [0, 1, 2], { 0: 'tichu', 2: 'tichu' }, [0, 0]],
    ['both partners call, an opponent goes out first', [1, 0, 2], { 0: 'tichu', 2: 'tichu' }, [-200, 0]],
    ['both teams call', [0, 1, 2], { 0: 'tichu', 1: 'grandTichu' }, [100, -200]],
    ['all four call', [3, 0, 1], { 0: 'tichu', 1: 'tichu', 2: 'grandTichu', 3: 'tichu' }, [-300, 0]],
    ['no calls', [3, 0, 1], {}, [0, 0]],
  ] as const)('%s', (_name, out, calls, expected) => {
    const result = scoreHand(finished({ out, calls }));
    expect(result.callPoints).toEqual(expected);
    expect(result.total).toEqual(expected);
  });

  it.each([
    ['a double victory with the Tichu of the first out', [0, 2], { 0: 'tichu' }, [300, 0]],
    ['a double victory with a Tichu of the second out', [0, 2], { 2: 'tichu' }, [100, 0]],
    ['a double victory against a Grand Tichu', [1, 3], { 0: 'grandTichu' }, [-200, 200]],
    ['a double victory with a Grand Tichu', [3, 1], { 3: 'grandTichu', 1: 'tichu' }, [0, 300]],
  ] as const)('calls add to %s', (_name, out, calls, expected) => {
    const result = scoreHand(finished({ out, calls, won: { 1: 'Kjd' } }));
    expect(result.total).toEqual(expected);
  });

  it.each([
    [
      'a failed Grand Tichu with no card points',
      [0, 1, 2],
      { 0: 'dragon Kjd' },
      { 1: 'grandTichu' },
      [35, -200],
    ],
    ['a failed Tichu against more card points', [2, 1, 0], { 0: 'phoenix 5jd' }, { 0: 'tichu' }, [-120, 0]],
    ['a team whose card points are negative', [0, 1, 2], { 1: 'phoenix' }, {}, [0, -25]],
  ] as const)('"Scores can be negative": %s', (_name, out, won, calls, expected) => {
    const result = scoreHand(finished({ out, won, calls }));
    expect(result.total).toEqual(expected);
    expect(result.total[0] + result.total[1]).toBeLessThan(100);
  });

  it('total = card points + call points', () => {
    const result = scoreHand(
      finished({
        out: [1, 0, 3],
        won: { 1: 'Kjd 5jd', 0: 'dragon' },
        hands: { 2: '10st' },
        calls: { 1: 'tichu', 2: 'tichu' },
      }),
    );
    expect(result.cardPoints).toEqual([25, 25]);
    expect(result.callPoints).toEqual([-100, 100]);
    expect(result.total).toEqual([-75, 125]);
  });
});

// ---------------------------------------------------------------------------------------------
// The end of the hand through play.

function accepted(
  state: MatchState,
  seat: Seat,
  action: Action,
): { state: MatchState; events: readonly GameEvent[] } {
  const result = apply(state, seat, action);
  if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${result.error.code}`);
  return result.value;
}

function handEnded(events: readonly GameEvent[]): HandResult | null {
  for (const event of events) if (event.type === 'handEnded') return event.result;
  return null;
}

function trickWon(events: readonly GameEvent[]) {
  return events.filter((event) => event.type === 'trickWon').map((event) => event.trick);
}

interface PlayCase {
  readonly spec: ScenarioSpec;
  readonly seat: Seat;
  readonly action: Action;
  readonly out: readonly Seat[];
  readonly total: readonly [number, number];
}

describe('End of the hand: "If the first two out are partners (double victory), the hand ends at once, even mid-trick"', () => {
  const CASES: Record<string, PlayCase> = {
    'seat 2 beats a trick with its last card after seat 0 went out': {
      spec: {
        hands: { 1: '3jd 4jd', 2: 'Ajd', 3: '9st 9sw 9jd 9pg' },
        out: [0],
        trick: [{ seat: 1, cards: 'Kjd' }],
        turn: 2,
      },
      seat: 2,
      action: { type: 'play', cards: ['Ajd'] },
      out: [0, 2],
      total: [200, 0],
    },
    'seat 2 bombs out of turn with its last cards': {
      spec: {
        hands: { 1: '3jd 4jd', 2: '8jd 8sw 8pg 8st', 3: '6st Ast' },
        out: [0],
        trick: [{ seat: 1, cards: 'Kjd' }],
        passed: [2],
        turn: 3,
      },
      seat: 2,
      action: { type: 'play', cards: ['8jd', '8sw', '8pg', '8st'] },
      out: [0, 2],
      total: [200, 0],
    },
    'seat 2 leads the Dog as its last card': {
      spec: { hands: { 1: '3jd', 2: 'dog', 3: '6st' }, out: [0], turn: 2 },
      seat: 2,
      action: { type: 'play', cards: ['dog'] },
      out: [0, 2],
      total: [200, 0],
    },
    'seat 3 goes out after seat 1, with a failed Tichu on the other team': {
      spec: {
        hands: { 0: '3jd 4jd', 2: '5jd', 3: 'Ajd' },
        out: [1],
        trick: [{ seat: 0, cards: 'Kjd' }],
        passed: [2],
        turn: 3,
        calls: { 0: 'tichu' },
      },
      seat: 3,
      action: { type: 'play', cards: ['Ajd'] },
      out: [1, 3],
      total: [-100, 200],
    },
  };

  it.each(Object.entries(CASES))('%s', (_name, { spec, seat, action, out, total }) => {
    const state = buildScenario(spec);
    const { state: after, events } = accepted(state, seat, action);
    const result = handEnded(events);
    expect(result).not.toBeNull();
    expect(result?.out).toEqual(out);
    expect(result?.doubleVictory).toBe(out[0] === undefined ? null : out[0] % 2);
    expect(result?.total).toEqual(total);
    expect(trickWon(events)).toEqual([]); // the trick on the table is never collected
    expect(events.some((e) => e.type === 'wentOut' && e.seat === seat && e.place === 2)).toBe(true);
    expect(after.history).toEqual([result]);
    expect(after.scores).toEqual(total);
    expect(after.hand.number).toBe(2);
  });

  it('the opponents cannot bomb the trick afterwards: the next hand has begun', () => {
    const state = buildScenario(CASES['seat 2 beats a trick with its last card after seat 0 went out']!.spec);
    const { state: after } = accepted(state, 2, { type: 'play', cards: ['Ajd'] });
    const bomb = apply(after, 3, { type: 'play', cards: ['9st', '9sw', '9jd', '9pg'] });
    expect(bomb.ok).toBe(false);
    expect(after.hand.phase).toBe('grandTichu');
  });
});

describe('End of the hand: "it ends when the third player goes out; the trick in progress goes to that player (the last player cannot beat it)"', () => {
  it.each([
    {
      name: "seat 2 plays its last card on seat 3's lead; seat 3 holds a higher card",
      spec: {
        hands: { 2: 'Kjd', 3: 'Ajd 5sw' },
        out: [0, 1],
        trick: [{ seat: 3, cards: '10jd' }],
        won: { 1: '10sw Ksw', 3: '5jd' },
        restTo: 0,
        turn: 2,
      } satisfies ScenarioSpec,
      seat: 2 as Seat,
      action: { type: 'play', cards: ['Kjd'] } as Action,
      taker: 2,
      trickPoints: 20,
      // seat 0: the rest (50); the trick 20; seat 3's hand 5 to team A; seat 3's tricks 5 to seat 0
      cardPoints: [80, 20],
    },
    {
      name: 'seat 3 bombs its own play out of turn with its last cards',
      spec: {
        hands: { 2: 'Ajd 5sw', 3: '9jd 9sw 9pg 9st' },
        out: [0, 1],
        trick: [{ seat: 3, cards: 'Qjd' }],
        won: { 1: '10sw Ksw', 2: 'Kpg' },
        restTo: 0,
        turn: 2,
      } satisfies ScenarioSpec,
      seat: 3 as Seat,
      action: { type: 'play', cards: ['9jd', '9sw', '9pg', '9st'] } as Action,
      taker: 3,
      trickPoints: 0,
      // seat 0: the rest (65) + seat 2's tricks (10); team B: 20 + seat 2's hand (5)
      cardPoints: [75, 25],
    },
  ])('$name', ({ spec, seat, action, taker, trickPoints, cardPoints }) => {
    const state = buildScenario(spec);
    const { state: after, events } = accepted(state, seat, action);
    const tricks = trickWon(events);
    expect(tricks).toHaveLength(1);
    expect(tricks[0]?.winner).toBe(taker);
    expect(tricks[0]?.takenBy).toBe(taker);
    expect(tricks[0]?.points).toBe(trickPoints);
    const result = handEnded(events);
    expect(result?.out).toEqual([0, 1, seat]);
    expect(result?.doubleVictory).toBeNull();
    expect(result?.cardPoints).toEqual(cardPoints);
    expect((result?.cardPoints[0] ?? 0) + (result?.cardPoints[1] ?? 0)).toBe(100);
    expect(after.scores).toEqual(cardPoints);
    expect(after.hand.number).toBe(2);
  });

  it('the third player out with the Dog ends the hand too', () => {
    const state = buildScenario({ hands: { 2: 'dog', 3: 'Ajd 5sw' }, out: [0, 1], turn: 2, restTo: 1 });
    const { events } = accepted(state, 2, { type: 'play', cards: ['dog'] });
    const result = handEnded(events);
    expect(result?.out).toEqual([0, 1, 2]);
    expect(events.some((e) => e.type === 'leadPassedByDog')).toBe(false);
    // seat 1 holds the rest (95); the 5 in seat 3's hand goes to team A
    expect(result?.cardPoints).toEqual([5, 95]);
  });
});

describe('End of the hand: "except that a Dragon trick is still gifted"', () => {
  const spec: ScenarioSpec = {
    hands: { 2: 'dragon', 3: 'Ajd 5sw 7jd 7sw 7pg 7st' },
    out: [0, 1],
    trick: [{ seat: 3, cards: '10jd' }],
    won: { 1: '10sw Ksw' },
    restTo: 0,
    turn: 2,
  };
  const state = buildScenario(spec);
  const played = accepted(state, 2, { type: 'play', cards: ['dragon'] });

  it("a Dragon as the third player's last card leaves a pending dragonGift, not the end", () => {
    expect(handEnded(played.events)).toBeNull();
    expect(played.state.hand.number).toBe(1);
    expect(played.state.hand.phase).toBe('play');
    expect(played.state.hand.out).toEqual([0, 1, 2]);
    expect(played.state.hand.pending).toEqual({ kind: 'dragonGift', seat: 2 });
    expect(played.state.hand.turn).toBeNull();
  });

  it.each([
    ['a bomb', 3, { type: 'play', cards: ['7jd', '7sw', '7pg', '7st'] }, 'waiting_for_decision'],
    ['a pass', 3, { type: 'pass' }, 'waiting_for_decision'],
    ['a gift to the partner', 2, { type: 'giveDragon', to: 0 }, 'gift_to_opponent_only'],
    ['a gift by another seat', 3, { type: 'giveDragon', to: 0 }, 'waiting_for_decision'],
  ] as const)('the last player cannot act meanwhile: %s is refused', (_name, seat, action, code) => {
    const result = apply(played.state, seat, action);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it.each([
    // team B: seat 1's 20 + the Dragon trick 35; team A: the rest 40 + seat 3's hand 5
    ['seat 1, already out', 1, [45, 55]],
    // the Dragon trick lands with the last player, whose tricks go to seat 0 (first out)
    ['seat 3, the last player', 3, [80, 20]],
  ] as const)(
    '"to an opponent chosen by the winner, even one who is already out": %s',
    (_name, to, cardPoints) => {
      const { state: after, events } = accepted(played.state, 2, { type: 'giveDragon', to });
      expect(events.find((e) => e.type === 'dragonGiven')).toEqual({ type: 'dragonGiven', from: 2, to });
      const tricks = trickWon(events);
      expect(tricks).toHaveLength(1);
      expect(tricks[0]).toMatchObject({ winner: 2, takenBy: to, points: 35 });
      const result = handEnded(events);
      expect(result?.out).toEqual([0, 1, 2]);
      expect(result?.cardPoints).toEqual(cardPoints);
      expect(after.scores).toEqual(cardPoints);
      expect(after.hand.number).toBe(2);
    },
  );
});

describe('Scoring through play: "A caller whose partner went out first fails"', () => {
  it('seat 2 calls after partner seat 0 went out (allowed), goes out second: 200 - 100', () => {
    const state = buildScenario({
      hands: { 1: '3jd 4jd', 2: 'Ajd', 3: '9st' },
      out: [0],
      trick: [{ seat: 1, cards: 'Kjd' }],
      turn: 2,
    });
    const called = accepted(state, 2, { type: 'tichu' });
    expect(called.state.hand.calls[2]).toBe('tichu');
    const { state: after, events } = accepted(called.state, 2, { type: 'play', cards: ['Ajd'] });
    const result = handEnded(events);
    expect(result?.calls).toEqual(['none', 'none', 'tichu', 'none']);
    expect(result?.callPoints).toEqual([-100, 0]);
    expect(result?.total).toEqual([100, 0]);
    expect(after.scores).toEqual([100, 0]);
  });

  it('a Grand Tichu of seat 2 fails when seat 0 goes out first, seat 2 third', () => {
    const state = buildScenario({
      hands: { 2: 'Kjd', 3: 'Ajd 5sw' },
      out: [0, 1],
      trick: [{ seat: 3, cards: '10jd' }],
      won: { 1: '10sw Ksw', 3: '5jd' },
      restTo: 0,
      turn: 2,
      calls: { 2: 'grandTichu', 1: 'tichu' },
    });
    const { events } = accepted(state, 2, { type: 'play', cards: ['Kjd'] });
    const result = handEnded(events);
    expect(result?.callPoints).toEqual([-200, -100]);
    expect(result?.total).toEqual([80 - 200, 20 - 100]);
  });
});
