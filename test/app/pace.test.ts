/**
 * Paced bots (src/app/pace.ts): at a table where a person watches, each bot move of the play waits
 * the table's pace after the move before it, one move at a time; a person can bomb during that
 * pause; Grand Tichu and exchange decisions stay at once; a table nobody watches, or a service
 * with no pace, never waits; a person's clock is not eaten by bots' pauses; a restart makes the
 * owed move again after its pause. Time moves only when the test says (a manual clock).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Action,
  type Card,
  cardRank,
  isBomb,
  legalActions,
  type MatchState,
  readCombos,
} from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { findSeed, fourOfAKindRanks, fullDeal } from '../support/e2eTable.js';
import {
  accepted,
  committedState,
  createFixture,
  type Fixture,
  HOST,
  openLobby,
  owingSeat,
} from '../support/service.js';

const PACE = 900;
let fx: Fixture;

afterEach(() => {
  fx?.cleanup();
});

/** A bomb seat 0 still holds after giving away its three lowest other cards. */
const bombSeed = findSeed('pace', (state) => fourOfAKindRanks(fullDeal(state, 0)).length > 0);

/** Host in seat 0 and three bots, started at `seed`, with the host's Grand Tichu and exchange made. */
function inPlay(
  options: { botPaceMs?: number; pace?: TableRecord['pace']; timer?: TableRecord['timer'] } = {},
): { table: TableRecord; state: MatchState } {
  fx = createFixture({ botPaceMs: options.botPaceMs ?? PACE });
  fx.env.seeds.push(bombSeed);
  const lobby = openLobby(fx, [HOST, 'bot', 'bot', 'bot']);
  const settings = {
    ...(options.pace ? { pace: options.pace } : {}),
    ...(options.timer ? { timer: options.timer } : {}),
  };
  if (Object.keys(settings).length > 0) accepted(fx.service.changeSettings(lobby.id, HOST, settings));
  let state = accepted(fx.service.start(lobby.id, HOST)).state;
  // The bots decide Grand Tichu and the exchange at once, paced table or not.
  expect(state.hand.phase).toBe('grandTichu');
  state = accepted(fx.service.act(lobby.id, HOST, { type: 'grandTichu', call: false }, state.version)).state;
  expect(state.hand.phase).toBe('exchange');
  state = accepted(fx.service.act(lobby.id, HOST, keepBomb(state), state.version)).state;
  expect(state.hand.phase).toBe('play');
  return { table: tableOf(lobby.id), state };
}

/** The host's exchange: its three lowest cards that are not of a four of a kind. */
function keepBomb(state: MatchState): Action {
  const hand = state.hand.hands[0];
  const bombRanks = fourOfAKindRanks(hand);
  const given = hand
    .filter((c) => !bombRanks.includes(cardRank(c)) && c !== 'phoenix' && c !== 'dragon')
    .slice(0, 3) as [Card, Card, Card];
  return { type: 'exchange', next: given[0], partner: given[1], previous: given[2] };
}

function tableOf(tableId: string): TableRecord {
  return accepted(fx.service.tableView(tableId)).table;
}

function stateOf(table: TableRecord): MatchState {
  return committedState(fx.store, tableOf(table.id));
}

/** The host's plainest move when it owes one (a pass if it may, else its first play). */
function hostMove(state: MatchState): Action {
  const legal = legalActions(state, 0, { exchanges: false }).filter((a) => a.type !== 'tichu');
  if (state.hand.pending?.kind === 'wish') return { type: 'wish', rank: null };
  const pass = legal.find((a) => a.type === 'pass');
  const play = legal.find((a) => a.type === 'play' && !readCombos(a.cards).some(isBomb));
  return (pass ?? play ?? legal[0]) as Action;
}

describe('paced bots', () => {
  it('each bot move of the play waits the pace after the move before it, one at a time', () => {
    const { table } = inPlay();
    let checked = 0;
    for (let step = 0; step < 60 && stateOf(table).status === 'playing' && checked < 12; step++) {
      const state = stateOf(table);
      if (owingSeat(state) === 0 && state.hand.phase === 'play') {
        accepted(fx.service.act(table.id, HOST, hostMove(state), state.version));
        continue;
      }
      if (state.hand.phase !== 'play') break;
      // A bot owes: nothing happens before the pause is over...
      fx.env.advance(PACE - 5);
      expect(stateOf(table).version).toBe(state.version);
      // ...then exactly one move (the next may be the host's, or the next bot's after its own pause).
      fx.env.advance(10);
      expect(stateOf(table).version).toBe(state.version + 1);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('a person holding a bomb drops it during a bot’s pause, and the bots go on from there', () => {
    const { table } = inPlay();
    for (let step = 0; step < 200; step++) {
      const state = stateOf(table);
      expect(state.status).toBe('playing');
      const bomb = legalActions(state, 0, { exchanges: false }).find(
        (a) => a.type === 'play' && readCombos(a.cards).some(isBomb),
      );
      const botToMove = owingSeat(state) !== 0 && state.hand.phase === 'play';
      if (bomb && botToMove && state.hand.trick) {
        // In the pause before a bot's move, with a trick on the table: the bomb is taken.
        fx.env.advance(PACE / 2);
        expect(stateOf(table).version).toBe(state.version);
        const after = accepted(fx.service.act(table.id, HOST, bomb, state.version));
        expect(after.state.version).toBe(state.version + 1);
        expect(after.state.hand.trick?.plays.at(-1)?.seat).toBe(0);
        // The next bot move waits a whole pause from the bomb.
        fx.env.advance(PACE - 5);
        expect(stateOf(table).version).toBe(state.version + 1);
        fx.env.advance(10);
        expect(stateOf(table).version).toBe(state.version + 2);
        return;
      }
      if (owingSeat(state) === 0) accepted(fx.service.act(table.id, HOST, hostMove(state), state.version));
      else fx.env.advance(PACE);
    }
    expect.fail('the host never had a bomb to drop in a bot’s pause');
  });

  it('a quick table waits half the pace, a slow one twice', () => {
    for (const [pace, ms] of [
      ['quick', PACE / 2],
      ['slow', PACE * 2],
    ] as const) {
      const { table } = inPlay({ pace });
      expect(tableOf(table.id).pace).toBe(pace);
      // Each bot move takes exactly this table's pause; the host plays its own turns at once.
      let bots = 0;
      for (let step = 0; step < 30 && bots < 4 && stateOf(table).hand.phase === 'play'; step++) {
        const state = stateOf(table);
        if (owingSeat(state) === 0) {
          accepted(fx.service.act(table.id, HOST, hostMove(state), state.version));
          continue;
        }
        fx.env.advance(ms - 5);
        expect(stateOf(table).version).toBe(state.version);
        fx.env.advance(10);
        expect(stateOf(table).version).toBe(state.version + 1);
        bots++;
      }
      expect(bots).toBe(4);
      fx.cleanup();
    }
  });

  it('a hard bot thinks during its pause: its move lands when the pause is over, not before', async () => {
    fx = createFixture({ botPaceMs: PACE });
    fx.env.seeds.push(bombSeed);
    const lobby = openLobby(fx, [HOST]);
    for (const seat of [1, 2, 3]) accepted(fx.service.addBot(lobby.id, HOST, seat, 'hard'));
    let state = accepted(fx.service.start(lobby.id, HOST)).state;
    state = accepted(
      fx.service.act(lobby.id, HOST, { type: 'grandTichu', call: false }, state.version),
    ).state;
    // Their Grand Tichu decisions are searches too, made without a pause (no decision of the play).
    await fx.service.botsIdle();
    state = stateOf(lobby);
    expect(state.hand.phase).toBe('exchange');
    state = accepted(fx.service.act(lobby.id, HOST, keepBomb(state), state.version)).state;
    let checked = 0;
    for (let step = 0; step < 40 && checked < 4 && stateOf(lobby).hand.phase === 'play'; step++) {
      const now = stateOf(lobby);
      if (owingSeat(now) === 0) {
        accepted(fx.service.act(lobby.id, HOST, hostMove(now), now.version));
        continue;
      }
      // Its search is done (off the clock here), and its answer waits for the pause.
      await fx.service.botsIdle();
      fx.env.advance(PACE - 5);
      await fx.service.botsIdle();
      expect(stateOf(lobby).version).toBe(now.version);
      fx.env.advance(10);
      await fx.service.botsIdle();
      expect(stateOf(lobby).version).toBe(now.version + 1);
      checked++;
    }
    expect(checked).toBe(4);
  });

  it('no pace: every bot move is made at once, as before', () => {
    const { table, state } = inPlay({ botPaceMs: 0 });
    // Whoever led, the bots have moved until the host owes (or the hand moved on without it).
    expect(owingSeat(state) === 0 || state.hand.phase !== 'play').toBe(true);
    expect(stateOf(table).version).toBe(state.version);
  });

  it('a person’s clock starts when the decision is theirs: bots’ pauses do not eat it', () => {
    const { table } = inPlay({ timer: '30s' });
    // The host moves (if it leads), then the bots move one pause at a time until it is the host's turn.
    let state = stateOf(table);
    if (owingSeat(state) === 0) accepted(fx.service.act(table.id, HOST, hostMove(state), state.version));
    let pauses = 0;
    for (; pauses < 10 && owingSeat(stateOf(table)) !== 0; pauses++) {
      // While the bots owe, nobody's clock runs.
      expect(tableOf(table.id).deadline).toBeNull();
      fx.env.advance(PACE);
    }
    state = stateOf(table);
    if (owingSeat(state) !== 0) expect.fail('the host never owed a move');
    expect(pauses).toBeGreaterThanOrEqual(1);
    const deadline = tableOf(table.id).deadline;
    expect(deadline).not.toBeNull();
    // Armed at the commit of the bot move that made it the host's turn: the whole 30 s from then.
    expect((deadline?.at ?? 0) - fx.env.clock.now()).toBeGreaterThan(30_000 - PACE);
  });

  it('a restart forgets the pause but not the move: it is made again after a whole pause', () => {
    const { table } = inPlay();
    for (let step = 0; step < 20 && owingSeat(stateOf(table)) === 0; step++) {
      const state = stateOf(table);
      accepted(fx.service.act(table.id, HOST, hostMove(state), state.version));
    }
    const version = stateOf(table).version;
    expect(owingSeat(stateOf(table))).not.toBe(0);
    fx.env.advance(PACE / 2);
    fx.restart();
    // The table is read again when first touched (the bot re-renders every table at start-up).
    expect(tableOf(table.id).status).toBe('playing');
    fx.env.advance(PACE - 5);
    expect(stateOf(table).version).toBe(version);
    fx.env.advance(10);
    expect(stateOf(table).version).toBe(version + 1);
  });
});
