/** Acting in a match: who may act, malformed and illegal input, stale views, bombs, and a whole match with bots. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import {
  type Action,
  type Card,
  enumerateBombs,
  isBomb,
  legalActions,
  type MatchState,
  makeSettings,
  newMatch,
  readCombos,
  replay,
  SEATS,
  type Seat,
  teamOf,
} from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
  CHANNEL,
  committedState,
  count,
  createFixture,
  driveHumans,
  type Fixture,
  GUILD,
  HOST,
  openLobby,
  type Policy,
  plainPolicy,
  refusal,
  STRANGER,
  startFourHumans,
  USERS,
} from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

const userAt = (seat: Seat): Actor => USERS[seat] as Actor;

function tableOf(id: string): TableRecord {
  return accepted(fx.service.tableView(id)).table;
}

function eventRows(matchId: number | null): number {
  return count(fx.store, 'SELECT count(*) AS n FROM events WHERE match_id = ?', matchId);
}

/** The committed state and log size now, to check later that a refused action changed nothing. */
function recordBefore(tableId: string): () => void {
  const table = tableOf(tableId);
  const state = committedState(fx.store, table);
  const rows = eventRows(table.matchId);
  const view = accepted(fx.service.tableView(tableId)).view;
  return () => {
    expect(committedState(fx.store, table)).toEqual(state);
    expect(eventRows(table.matchId)).toBe(rows);
    expect(accepted(fx.service.tableView(tableId)).view).toEqual(view);
    expect(tableOf(tableId)).toEqual(table);
  };
}

/** The seat that owes the next turn-bound decision: the pending decision's, else the seat on turn. */
function actingSeat(state: MatchState): Seat {
  const seat = state.hand.pending?.seat ?? state.hand.turn;
  if (seat === null) throw new Error('nobody is on turn');
  return seat;
}

function isBombPlay(action: Action): boolean {
  return action.type === 'play' && readCombos(action.cards).some(isBomb);
}

/** Plays the Dragon whenever it can, passes whenever it may: a Dragon trick and its gift come quickly. */
const dragonPolicy: Policy = (state, seat) => {
  if (state.hand.phase === 'play' && !state.hand.pending) {
    const legal = legalActions(state, seat, { exchanges: false });
    const dragon = legal.find((a) => a.type === 'play' && a.cards.length === 1 && a.cards[0] === 'dragon');
    if (dragon) return dragon;
    if (legal.some((a) => a.type === 'pass')) return { type: 'pass' };
  }
  return plainPolicy(state, seat);
};

const inPlay = (state: MatchState) => state.hand.phase === 'play';

describe('who may act', () => {
  it('refuses a user who is not seated: not_seated', () => {
    const started = startFourHumans(fx);
    const check = recordBefore(started.table.id);
    expect(
      refusal(fx.service.act(started.table.id, STRANGER, { type: 'grandTichu', call: false }, 0)),
    ).toEqual({
      code: 'not_seated',
    });
    check();
  });

  it('refuses any action in the lobby: wrong_status', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(refusal(fx.service.act(table.id, HOST, { type: 'grandTichu', call: false }))).toMatchObject({
      code: 'wrong_status',
      status: 'lobby',
    });
  });

  it('refuses an unknown or malformed table id', () => {
    startFourHumans(fx);
    expect(refusal(fx.service.act('abcdefgh', HOST, { type: 'pass' }))).toEqual({ code: 'unknown_table' });
    expect(refusal(fx.service.act("x' OR 1=1", HOST, { type: 'pass' }))).toEqual({
      code: 'malformed_id',
      what: 'table id',
    });
  });
});

describe('malformed and illegal actions change nothing', () => {
  it.each([
    ['null', null],
    ['a string', 'pass'],
    ['an unknown type', { type: 'fold' }],
    ['a Grand Tichu decision without a choice', { type: 'grandTichu' }],
    ['a play of no cards', { type: 'play', cards: [] }],
    ['a play of a non-card', { type: 'play', cards: ['11jd'] }],
    ['a Phoenix reading out of range', { type: 'play', cards: ['phoenix'], phoenixAs: 15 }],
    ['an exchange of two cards', { type: 'exchange', next: '2jd', partner: '3jd' }],
    ['a wish for rank 1', { type: 'wish', rank: 1 }],
    ['a Dragon gift to seat 4', { type: 'giveDragon', to: 4 }],
  ])('%s is refused as a malformed action', (_name, input) => {
    const started = startFourHumans(fx);
    const check = recordBefore(started.table.id);
    const refused = refusal(fx.service.act(started.table.id, HOST, input, 0));
    expect(refused).toMatchObject({ code: 'rule', error: { code: 'malformed_action' } });
    check();
  });

  it.each<[string, string, (state: MatchState, seat: Seat) => Action]>([
    ['a pass', 'wrong_phase', () => ({ type: 'pass' })],
    ['a Tichu call', 'wrong_phase', () => ({ type: 'tichu' })],
    [
      'a play of an own card',
      'wrong_phase',
      (s, seat) => ({ type: 'play', cards: [s.hand.hands[seat][0] as Card] }),
    ],
    ['a wish', 'wrong_phase', () => ({ type: 'wish', rank: 7 })],
  ])('in the Grand Tichu decisions, %s is refused by the rules (%s)', (_name, code, make) => {
    const started = startFourHumans(fx);
    const check = recordBefore(started.table.id);
    expect(refusal(fx.service.act(started.table.id, HOST, make(started.state, 0), 0))).toMatchObject({
      code: 'rule',
      error: { code },
    });
    check();
  });

  it('a second Grand Tichu decision is refused by the rules (already_decided)', () => {
    const started = startFourHumans(fx);
    const after = accepted(fx.service.act(started.table.id, HOST, { type: 'grandTichu', call: false }, 0));
    const check = recordBefore(started.table.id);
    expect(
      refusal(
        fx.service.act(started.table.id, HOST, { type: 'grandTichu', call: true }, after.state.version),
      ),
    ).toEqual({ code: 'rule', error: { code: 'already_decided' } });
    check();
  });

  it.each<[string, string, (state: MatchState) => [Seat, Action]]>([
    ['the leader passes on an empty table', 'cannot_pass_lead', (s) => [actingSeat(s), { type: 'pass' }]],
    [
      'a seat off turn plays a single',
      'only_bombs_out_of_turn',
      (s) => {
        const seat = ((actingSeat(s) + 1) % 4) as Seat;
        return [seat, { type: 'play', cards: [s.hand.hands[seat].at(-1) as Card] }];
      },
    ],
    [
      'the leader plays a card another seat holds',
      'not_in_hand',
      (s) => {
        const other = ((actingSeat(s) + 2) % 4) as Seat;
        return [actingSeat(s), { type: 'play', cards: [s.hand.hands[other][0] as Card] }];
      },
    ],
    [
      'a seat gives a Dragon trick it did not win',
      'no_decision_pending',
      (s) => [actingSeat(s), { type: 'giveDragon', to: 1 }],
    ],
    [
      'a seat exchanges after the exchange',
      'wrong_phase',
      (s) => {
        const seat = actingSeat(s);
        const [next, partner, previous] = s.hand.hands[seat] as [Card, Card, Card];
        return [seat, { type: 'exchange', next, partner, previous }];
      },
    ],
  ])('in play, %s: refused by the rules (%s)', (_name, code, make) => {
    const started = startFourHumans(fx);
    const state = driveHumans(fx, started.table.id, inPlay);
    const [seat, action] = make(state);
    const check = recordBefore(started.table.id);
    expect(refusal(fx.service.act(started.table.id, userAt(seat), action, state.version))).toMatchObject({
      code: 'rule',
      error: { code },
    });
    check();
  });
});

describe('a stale view', () => {
  const leadOnEmptyTable = (s: MatchState) => inPlay(s) && !s.hand.pending && s.hand.trick === null;
  const mayPass = (s: MatchState) =>
    inPlay(s) &&
    !s.hand.pending &&
    s.hand.turn !== null &&
    legalActions(s, s.hand.turn, { exchanges: false }).some((a) => a.type === 'pass');

  it.each<[string, (s: MatchState) => boolean, Policy, (s: MatchState, seat: Seat) => Action]>([
    [
      'a play that is not a bomb',
      leadOnEmptyTable,
      plainPolicy,
      (s, seat) =>
        legalActions(s, seat, { exchanges: false }).find(
          (a) => a.type === 'play' && !isBombPlay(a),
        ) as Action,
    ],
    ['a pass', mayPass, plainPolicy, () => ({ type: 'pass' })],
    [
      'the Mah Jong wish',
      (s) => s.hand.pending?.kind === 'wish',
      plainPolicy,
      () => ({ type: 'wish', rank: 8 }),
    ],
    [
      'the Dragon gift',
      (s) => s.hand.pending?.kind === 'dragonGift',
      dragonPolicy,
      (s, seat) => legalActions(s, seat).find((a) => a.type === 'giveDragon') as Action,
    ],
  ])(
    'refuses %s (turn-bound) as stale_view, and accepts it from the current view',
    (_name, until, policy, make) => {
      const started = startFourHumans(fx);
      const state = driveHumans(fx, started.table.id, until, policy);
      const seat = actingSeat(state);
      const action = make(state, seat);
      expect(action).toBeDefined();
      const check = recordBefore(started.table.id);
      for (const seen of [state.version - 1, 0]) {
        expect(refusal(fx.service.act(started.table.id, userAt(seat), action, seen))).toEqual({
          code: 'stale_view',
          seen,
          version: state.version,
        });
        check();
      }
      const done = accepted(fx.service.act(started.table.id, userAt(seat), action, state.version));
      expect(done.state.version).toBe(state.version + 1);
    },
  );

  it('does not hold back Grand Tichu decisions: judged on the current state', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    for (const seat of [1, 2, 3] as const)
      accepted(fx.service.act(id, userAt(seat), { type: 'grandTichu', call: false }, 0));
    const done = accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: true }, 0));
    expect(done.state.version).toBe(4);
    expect(done.state.hand.calls[0]).toBe('grandTichu');
    expect(done.state.hand.phase).toBe('exchange');
    // Judged on the current state, an old view does not make an illegal decision stale: the rules refuse it.
    expect(refusal(fx.service.act(id, HOST, { type: 'grandTichu', call: false }, 0))).toEqual({
      code: 'rule',
      error: { code: 'wrong_phase', phase: 'exchange' },
    });
  });

  it('does not hold back Tichu calls and exchange picks: judged on the current state', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    const state = driveHumans(fx, id, (s) => s.hand.phase === 'exchange');
    accepted(fx.service.act(id, userAt(1), plainPolicy(state, 1), state.version));
    const called = accepted(fx.service.act(id, userAt(2), { type: 'tichu' }, 0));
    expect(called.state.hand.calls[2]).toBe('tichu');
    const picked = accepted(fx.service.act(id, userAt(3), plainPolicy(state, 3), 1));
    expect(picked.state.hand.exchange[3]).not.toBeNull();
    expect(picked.state.version).toBe(state.version + 3);
    expect(refusal(fx.service.act(id, userAt(2), { type: 'tichu' }, 0))).toEqual({
      code: 'rule',
      error: { code: 'already_called', call: 'tichu' },
    });
    expect(refusal(fx.service.act(id, userAt(3), plainPolicy(state, 3), 0))).toEqual({
      code: 'rule',
      error: { code: 'already_exchanged' },
    });
  });

  it('does not hold back a bomb: one dropped from an old view is judged on the current state', () => {
    const { seed, seat: bomber, bomb } = findBombDeal();
    fx.env.seeds.push(seed);
    const started = startFourHumans(fx);
    const id = started.table.id;
    // Everyone keeps the bomb's cards through the exchange; the leader leads a plain single.
    const keepBomb: Policy = (s, seat) => {
      if (s.hand.phase === 'exchange') {
        const [next, partner, previous] = s.hand.hands[seat].filter((c) => !bomb.includes(c)) as [
          Card,
          Card,
          Card,
        ];
        return { type: 'exchange', next, partner, previous };
      }
      if (inPlay(s) && s.hand.trick === null) {
        const single = s.hand.hands[seat].find(
          (c) => c !== 'mahjong' && c !== 'dog' && !bomb.includes(c),
        ) as Card;
        return { type: 'play', cards: [single] };
      }
      return plainPolicy(s, seat);
    };
    const state = driveHumans(fx, id, (s) => inPlay(s) && s.hand.trick !== null, keepBomb);
    expect(state.hand.hands[bomber]).toEqual(expect.arrayContaining(bomb));
    const action: Action = { type: 'play', cards: bomb };
    // A turn-bound action from the same old view is stale...
    if (state.hand.turn !== null && state.hand.turn !== bomber) {
      expect(refusal(fx.service.act(id, userAt(state.hand.turn), { type: 'pass' }, 0)).code).toBe(
        'stale_view',
      );
    }
    // ...but the bomb is judged on the current state.
    const done = accepted(fx.service.act(id, userAt(bomber), action, 0));
    expect(done.state.version).toBe(state.version + 1);
    expect(done.events[0]).toMatchObject({ type: 'played', seat: bomber, combo: { type: 'fourOfAKind' } });
    expect(eventRows(done.table.matchId)).toBe(done.state.version);
  });
});

describe('a view of an earlier hand', () => {
  it('makes every click stale, calls and exchange picks included, also after a restart', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    // Hand 2 has just been dealt: nobody has decided on Grand Tichu yet.
    const state = driveHumans(fx, id, (s) => s.hand.number === 2 && s.hand.grand.every((g) => g === null));
    const dealt = state.version;
    const check = recordBefore(id);
    const fromHandOne = [0, 1, dealt - 1];
    for (const seen of fromHandOne) {
      // A Grand Tichu "yes" from hand 1's panel must not call it on hand 2's cards.
      expect(refusal(fx.service.act(id, HOST, { type: 'grandTichu', call: true }, seen))).toEqual({
        code: 'stale_view',
        seen,
        version: dealt,
      });
      expect(refusal(fx.service.act(id, userAt(1), { type: 'tichu' }, seen)).code).toBe('stale_view');
      check();
    }
    // A version the table never had is no view at all.
    expect(refusal(fx.service.act(id, HOST, { type: 'grandTichu', call: true }, dealt + 5)).code).toBe(
      'stale_view',
    );
    check();

    fx.restart();
    expect(refusal(fx.service.act(id, userAt(2), { type: 'grandTichu', call: true }, dealt - 1))).toEqual({
      code: 'stale_view',
      seen: dealt - 1,
      version: dealt,
    });
    // Within the hand, a decision from an older view is still judged on the current state.
    accepted(fx.service.act(id, userAt(3), { type: 'grandTichu', call: false }, dealt));
    const called = accepted(fx.service.act(id, userAt(2), { type: 'grandTichu', call: true }, dealt));
    expect(called.state.hand.calls[2]).toBe('grandTichu');
    expect(called.state.version).toBe(dealt + 2);
  });
});

/** A seed whose deal gives some seat four of a kind among its fourteen cards (bounded search). */
function findBombDeal(): { seed: string; seat: Seat; bomb: Card[] } {
  for (let i = 0; i < 500; i++) {
    const seed = `bomb-${i}`;
    const state = newMatch(makeSettings(), seed);
    for (const seat of SEATS) {
      const cards = [...state.hand.hands[seat], ...state.hand.undealt[seat]];
      const four = enumerateBombs(cards, null).find((combo) => combo.type === 'fourOfAKind');
      if (four) return { seed, seat, bomb: [...four.cards] };
    }
  }
  throw new Error('no deal with four of a kind in 500 seeds');
}

/** The host alone with three bots: the host takes the first legal action shown, or exchanges three cards. */
function playHostToEnd(tableId: string, max = 3_000): MatchState {
  let state: MatchState | null = null;
  for (let i = 0; i < max; i++) {
    const { view, legal, table } = accepted(fx.service.playerView(tableId, HOST.userId));
    if (table.status === 'finished') return committedState(fx.store, table);
    expect(table.status).toBe('playing');
    let action: Action;
    if (view.phase === 'exchange' && !view.exchangeChosen[view.seat]) {
      const [next, partner, previous] = view.hand as [Card, Card, Card];
      action = { type: 'exchange', next, partner, previous };
    } else {
      const choices = legal.filter((a) => a.type !== 'tichu' && !(a.type === 'grandTichu' && a.call));
      expect(choices.length, `no action for the host at version ${view.version}`).toBeGreaterThan(0);
      action = choices[0] as Action;
    }
    state = accepted(fx.service.act(tableId, HOST, action, view.version)).state;
  }
  throw new Error(
    `the match did not finish within ${max} actions of the host (at version ${state?.version})`,
  );
}

describe('a complete match, one human and three bots', () => {
  function startWithBots(): TableRecord {
    const table = openLobby(fx, [HOST], { settings: { targetScore: 200 } });
    // Easy bots never call: how long a match lasts (the seeds below) then depends on the deal, not
    // on what the stronger levels choose to risk as they improve.
    for (let i = 0; i < 3; i++) accepted(fx.service.addBot(table.id, HOST, undefined, 'easy'));
    accepted(fx.service.start(table.id, HOST));
    return tableOf(table.id);
  }

  // With these seeds the match lasts three hands, so later hands' rows and results are checked too.
  it.each(['m0', 'm6'])(
    'runs to the end and records the match, its players and every hand (seed %s)',
    (seed) => {
      fx.env.seeds.push(seed);
      const table = startWithBots();
      const final = playHostToEnd(table.id);
      const matchId = table.matchId;
      expect(final.status).toBe('finished');
      expect(final.history.length, 'hands played with this seed').toBeGreaterThan(1);
      expect(final.winner).not.toBeNull();
      const winner = final.winner as 0 | 1;
      expect(Math.max(...final.scores)).toBeGreaterThanOrEqual(200);
      expect(tableOf(table.id)).toMatchObject({ status: 'finished', matchId });

      expect(
        fx.store.db
          .prepare(
            'SELECT status, score_a, score_b, winner, ended_at IS NOT NULL AS ended FROM matches WHERE id = ?',
          )
          .get(matchId),
      ).toEqual({ status: 'finished', score_a: final.scores[0], score_b: final.scores[1], winner, ended: 1 });

      const players = fx.store.db
        .prepare(
          'SELECT seat, user_id, is_bot, team, won, team_score, opponent_score, hands_played FROM match_players WHERE match_id = ? ORDER BY seat',
        )
        .all(matchId);
      expect(players).toEqual(
        SEATS.map((seat) => ({
          seat,
          user_id: seat === 0 ? HOST.userId : null,
          is_bot: seat === 0 ? 0 : 1,
          team: teamOf(seat),
          won: teamOf(seat) === winner ? 1 : 0,
          team_score: final.scores[teamOf(seat)],
          opponent_score: final.scores[1 - teamOf(seat)],
          hands_played: final.history.length,
        })),
      );

      const hands = fx.store.db
        .prepare('SELECT number, result FROM hands WHERE match_id = ? ORDER BY number')
        .all(matchId) as { number: number; result: string | null }[];
      expect(hands.map((h) => h.number)).toEqual(final.history.map((h) => h.number));
      expect(hands.map((h) => (h.result === null ? null : JSON.parse(h.result)))).toEqual(final.history);

      // The log holds every action, the bots' (no user) and the host's, and replays to the final state.
      expect(eventRows(matchId)).toBe(final.version);
      const byUser = fx.store.db
        .prepare('SELECT seat, user_id FROM events WHERE match_id = ? GROUP BY seat, user_id ORDER BY seat')
        .all(matchId);
      expect(byUser).toEqual([
        { seat: 0, user_id: HOST.userId },
        { seat: 1, user_id: null },
        { seat: 2, user_id: null },
        { seat: 3, user_id: null },
      ]);
      const stored = fx.store.matches.load(matchId as number);
      expect(replay(stored!.settings, stored!.seed, fx.store.matches.actions(matchId as number))).toEqual({
        ok: true,
        value: final,
      });

      // Nothing more can be played; the view says who won.
      expect(refusal(fx.service.act(table.id, HOST, { type: 'pass' })).code).toBe('wrong_status');
      const view = accepted(fx.service.tableView(table.id)).view;
      expect(view).toMatchObject({ status: 'finished', winner, scores: final.scores });
      expect(accepted(fx.service.playerView(table.id, HOST.userId)).legal).toEqual([]);
    },
  );

  it("commits the host's action and the bots' answers to it in one transaction", () => {
    const table = startWithBots();
    const transactions = vi.spyOn(fx.store, 'transaction');
    let answered = 0;
    for (let i = 0; i < 40; i++) {
      const { view, legal, table: now } = accepted(fx.service.playerView(table.id, HOST.userId));
      if (now.status === 'finished') break;
      const action =
        view.phase === 'exchange'
          ? plainPolicy(committedState(fx.store, tableOf(table.id)), 0)
          : (legal.find((a) => a.type !== 'tichu' && !(a.type === 'grandTichu' && a.call)) as Action);
      const calls = transactions.mock.calls.length;
      const done = accepted(fx.service.act(table.id, HOST, action, view.version));
      expect(transactions.mock.calls.length - calls).toBe(1);
      const made = done.state.version - view.version;
      if (made > 1) answered++;
      // Every move it made is in the log, the bots' with no user.
      expect(eventRows(table.matchId)).toBe(done.state.version);
    }
    expect(answered, 'actions the bots answered').toBeGreaterThan(10);
  });

  it('frees the channel when finished, and can start a new match at the same table', () => {
    const table = startWithBots();
    playHostToEnd(table.id);
    const firstMatch = table.matchId;
    // No table is open, and the channel's last one finished a match: the refusal says so (New match waits).
    expect(refusal(fx.service.tableInChannel(CHANNEL))).toEqual({ code: 'unknown_table', overHere: true });

    // Another table may open in the channel; while it is active the finished one may not restart.
    const other = accepted(fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: ALICE }));
    expect(refusal(fx.service.start(table.id, HOST))).toEqual({
      code: 'channel_has_table',
      tableId: other.id,
    });
    accepted(fx.service.abandon(other.id, ALICE));

    const again = accepted(fx.service.start(table.id, HOST));
    expect(again.table).toMatchObject({ id: table.id, status: 'playing' });
    expect(again.table.matchId).not.toBe(firstMatch);
    expect(again.state.history).toEqual([]);
    expect(again.state.scores).toEqual([0, 0]);
    expect(again.state.version).toBe(3); // the bots' Grand Tichu decisions
    expect(
      fx.store.db.prepare('SELECT id, status FROM matches WHERE table_id = ? ORDER BY id').all(table.id),
    ).toEqual([
      { id: firstMatch, status: 'finished' },
      { id: again.table.matchId, status: 'playing' },
    ]);
    expect(
      count(fx.store, 'SELECT count(*) AS n FROM match_players WHERE match_id = ?', again.table.matchId),
    ).toBe(0);
    expect(accepted(fx.service.tableInChannel(CHANNEL)).table.id).toBe(table.id);
  });
});
