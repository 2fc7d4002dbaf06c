/**
 * The two settings events use (docs/RULES.md "Table settings"): `grandTichu` off deals all fourteen
 * cards at once and starts at the exchange; `handLimit` ends the match after that many hands, the
 * higher total winning and equal totals a draw. And the property duplicate boards rest on: the same
 * match seed deals the same cards to the same seats at every table, whatever the play.
 */
import { describe, expect, it } from 'vitest';
import { nextMove, playOut } from '../../src/bots/selfPlay.js';
import {
  apply,
  type GameEvent,
  type LoggedAction,
  type MatchState,
  makeSettings,
  newMatch,
  Rng,
  replay,
  SEATS,
  seedRng,
  settingsDetail,
} from '../../src/engine/index.js';
import { settingsSchema } from '../../src/store/records.js';

/** Plays a whole match at random, recording the log and every hand's opening cards. */
function recorded(settingsLimit: number, seed: string, playSeed: string, grandTichu = false) {
  const settings = makeSettings({ handLimit: settingsLimit, grandTichu });
  const log: LoggedAction[] = [];
  const events: GameEvent[] = [];
  const openings: string[][][] = [];
  let state: MatchState = newMatch(settings, seed);
  const rng = new Rng(seedRng(playSeed));
  for (let step = 0; step < 20_000 && state.status !== 'finished'; step++) {
    if (state.hand.phase === 'exchange' && state.hand.exchange.every((e) => e === null))
      if (openings.length < state.hand.number) openings.push(state.hand.hands.map((h) => [...h]));
    const move = nextMove(state, rng);
    if (!move) throw new Error('no move');
    const result = apply(state, move.seat, move.action);
    if (!result.ok) throw new Error(result.error.code);
    log.push({ seat: move.seat, action: move.action });
    events.push(...result.value.events);
    state = result.value.state;
  }
  return { settings, state, log, events, openings };
}

describe('grandTichu off', () => {
  it('deals fourteen cards each and starts at the exchange, nobody asked about Grand Tichu', () => {
    const state = newMatch(makeSettings({ grandTichu: false }), 'no-grand');
    expect(state.hand.phase).toBe('exchange');
    for (const seat of SEATS) {
      expect(state.hand.hands[seat]).toHaveLength(14);
      expect(state.hand.undealt[seat]).toHaveLength(0);
      expect(state.hand.grand[seat]).toBe(false);
    }
    const refused = apply(state, 0, { type: 'grandTichu', call: true });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toEqual({ code: 'wrong_phase', phase: 'exchange' });
  });

  it('gives each seat the cards it would hold after the Grand Tichu decisions with it on', () => {
    const off = newMatch(makeSettings({ grandTichu: false }), 'same-cards');
    let on = newMatch(makeSettings({ grandTichu: true }), 'same-cards');
    for (const seat of SEATS) {
      const step = apply(on, seat, { type: 'grandTichu', call: false });
      if (!step.ok) throw new Error(step.error.code);
      on = step.value.state;
    }
    expect(on.hand.phase).toBe('exchange');
    expect(off.hand.hands).toEqual(on.hand.hands);
  });

  it('keeps Tichu: a seat may still call before its first card', () => {
    const state = newMatch(makeSettings({ grandTichu: false }), 'tichu-still');
    const called = apply(state, 2, { type: 'tichu' });
    expect(called.ok).toBe(true);
  });
});

describe('handLimit', () => {
  it.each([1, 2, 4])('ends the match after exactly %i hands, whatever the score', (limit) => {
    const { state, events } = recorded(limit, `limit-${limit}`, 'play');
    expect(state.status).toBe('finished');
    expect(state.history).toHaveLength(limit);
    const ended = events.filter((e) => e.type === 'matchEnded');
    expect(ended).toHaveLength(1);
    const [a, b] = state.scores;
    expect(state.winner).toBe(a === b ? null : a > b ? 0 : 1);
    expect(ended[0]).toMatchObject({ winner: state.winner, scores: state.scores });
    // No hand after the last: no handStarted past the limit.
    expect(events.filter((e) => e.type === 'handStarted')).toHaveLength(limit - 1);
  });

  it('ends level as a draw: no winner', () => {
    // Search a few seeds for a one-hand match that ends 50:50 (a common card split).
    let found: MatchState | null = null;
    for (let i = 0; i < 400 && !found; i++) {
      const { state } = recorded(1, `draw-${i}`, `p-${i}`);
      if (state.scores[0] === state.scores[1]) found = state;
    }
    expect(found).not.toBeNull();
    expect(found?.status).toBe('finished');
    expect(found?.winner).toBeNull();
  });

  it.each(['a', 'b', 'c', 'd', 'e', 'f'])(
    'plays all its hands even when a team passes the target long before (seed %s)',
    (seed) => {
      const settings = makeSettings({ handLimit: 3, targetScore: 50, grandTichu: false });
      const state = playOut(newMatch(settings, `past-target-${seed}`), new Rng(seedRng(seed)), true);
      expect(state.history).toHaveLength(3);
      expect(
        state.history.some((_, i) => {
          const sum = state.history.slice(0, i + 1).map((h) => h.total);
          const a = sum.reduce((x, t) => x + t[0], 0);
          const b = sum.reduce((x, t) => x + t[1], 0);
          return i < 2 && (a >= 50 || b >= 50) && a !== b;
        }),
      ).toBe(true);
    },
  );

  it('replays exactly from settings, seed and log', () => {
    const { settings, state, log } = recorded(3, 'replayed', 'r');
    const rebuilt = replay(settings, 'replayed', log);
    expect(rebuilt.ok).toBe(true);
    if (rebuilt.ok) expect(rebuilt.value).toEqual(state);
  });

  it.each([0, -1, 33, 1.5])('refuses a hand limit of %s', (handLimit) => {
    expect(settingsDetail(makeSettings({ handLimit }))).toEqual({ kind: 'handLimit', min: 1, max: 32 });
  });

  it('reads settings stored before events as the old game: Grand Tichu on, no hand limit', () => {
    const old = { targetScore: 1000, callsAfterFirstOut: true, wishOptional: true, bombIgnoresWish: true };
    expect(settingsSchema.parse(old)).toEqual(makeSettings());
  });
});

describe('duplicate boards', () => {
  it('deal the same cards to the same seats at every table of a round, however each table plays', () => {
    const a = recorded(4, 'round-seed', 'table-a');
    const b = recorded(4, 'round-seed', 'table-b');
    expect(a.openings).toHaveLength(4);
    expect(b.openings).toEqual(a.openings);
    // The play itself differed (or the comparison above proves nothing about play independence).
    expect(b.log).not.toEqual(a.log);
  });
});
