/**
 * Hard bot seats search off the main thread: their exchange and wish are made at once, like any
 * bot's; their Grand Tichu decision, a play they owe (with its Tichu call) and a Dragon gift with
 * both opponents in are asked of the decider, a player's action is answered without it, and the answer is committed when it comes back if the match is still where it was
 * asked; otherwise it is asked again. Paused, abandoned, failed and restarted tables, and a whole
 * match against hard bots in real worker threads.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, type Core, saveTable, withSeat } from '../../src/app/core.js';
import type { ActOutcome, BotFault, DecisionFailure } from '../../src/app/outcomes.js';
import type { LoadedTable } from '../../src/app/tables.js';
import { type Decider, type DecisionRequest, requestAt, runDecision } from '../../src/bots/decisionJob.js';
import type { BotLevel, Policy } from '../../src/bots/policy.js';
import { POLICIES, questionFor } from '../../src/bots/registry.js';
import { WorkerPool } from '../../src/bots/workerPool.js';
import {
  type Action,
  apply,
  type MatchState,
  makeSettings,
  newMatch,
  owesAction,
  replay,
  type Seat,
  seedRng,
} from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { HeldDecider, type HeldQuestion } from '../support/heldDecider.js';
import {
  ALICE,
  accepted,
  BOB,
  committedState,
  createFixture,
  type Fixture,
  HOST,
  openLobby,
  plainPolicy,
  STRANGER,
} from '../support/service.js';

let fx: Fixture;
let decider: HeldDecider;
let faults: BotFault[];
let failures: DecisionFailure[];
let heard: ActOutcome[];

/** The tests below are about card play: the hard seat's Grand Tichu question is answered as it comes. */
const grandAtOnce = (request: DecisionRequest) =>
  request.question.view.phase === 'grandTichu' ? runDecision(request) : null;

beforeEach(() => {
  decider = new HeldDecider(grandAtOnce);
  faults = [];
  failures = [];
  heard = [];
  fx = createFixture({
    decider,
    hardBudgetMs: 40,
    onBotFault: (f) => faults.push(f),
    onDecisionFailed: (f) => failures.push(f),
  });
  fx.service.onBotsMoved((o) => heard.push(o));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fx.service.stopBots();
  fx.cleanup();
});

const PEOPLE: Readonly<Record<number, Actor>> = { 0: HOST, 1: ALICE, 2: BOB };
const LEAD_MAHJONG: Action = { type: 'play', cards: ['mahjong'] };

/**
 * The first seed whose deal gives seat 3 the Mah Jong. No level passes it to an opponent (and the
 * people, who do not hold it, cannot), so the hard seat leads the first trick.
 */
function seedWhereSeat3Leads(): string {
  for (let i = 0; i < 100; i++) {
    const seed = `hard-lead-${i}`;
    const { hand } = newMatch(makeSettings(), seed);
    if ([...hand.hands[3], ...hand.undealt[3]].includes('mahjong')) return seed;
  }
  throw new Error('no deal in 100 seeds gives seat 3 the Mah Jong');
}

/** Three people in seats 0-2 and a hard (or expert) bot in seat 3, started on a deal where it leads. */
function startWithHardBot(level: BotLevel = 'hard'): ActOutcome {
  fx.env.seeds.push(seedWhereSeat3Leads());
  const table = openLobby(fx, [HOST, ALICE, BOB]);
  accepted(fx.service.addBot(table.id, HOST, 3, level));
  return accepted(fx.service.start(table.id, HOST));
}

const state = (table: TableRecord) => committedState(fx.store, table);

/**
 * Waits until no hard decision is in flight, but no longer than `ms`: a question asked and left
 * unanswered (the decider here answers nothing by itself) fails the test instead of hanging it.
 */
async function idle(ms = 5_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still thinking after ${ms} ms: ${decider.asked.length} questions asked`)),
      ms,
    );
  });
  try {
    await Promise.race([fx.service.botsIdle(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The people make every decision they owe (no calls; the first three cards passed; the first legal
 * play) until the decider has been asked `n` questions. Each act is synchronous, and so is asking
 * the decider; when nobody owes anything the hard seat's Grand Tichu answer is awaited, and a table
 * that then still waits on nobody fails at once.
 */
async function peopleUntilAsked(table: TableRecord, n: number): Promise<HeldQuestion> {
  for (let i = 0; i < 100 && decider.asked.length < n; i++) {
    const now = state(table);
    const seat = ([0, 1, 2] as const).find((s) => owesAction(now, s));
    if (seat === undefined) {
      await idle();
      if (state(table).version === now.version) break;
      continue;
    }
    accepted(fx.service.act(table.id, PEOPLE[seat] as Actor, plainPolicy(now, seat), now.version));
  }
  const question = decider.asked[n - 1];
  if (!question) return expect.fail(`question ${n} was never asked (at version ${state(table).version})`);
  return question;
}

/** Started, and the people's calls and exchange made: the hard seat owes the lead, its first question. */
async function toHardLead(): Promise<{ table: TableRecord; question: HeldQuestion; at: MatchState }> {
  const table = startWithHardBot().table;
  const question = await peopleUntilAsked(table, 1);
  // Its Grand Tichu decision came back on its own and was announced: the setup's, not the test's.
  heard.length = 0;
  const at = state(table);
  expect(question.request.version).toBe(at.version);
  expect(question.request.question).toEqual(questionFor(at, 3));
  // The premise of these tests: the hard seat holds the Mah Jong and leads, nobody has played.
  expect(at.hand).toMatchObject({ phase: 'play', turn: 3, trick: null, pending: null });
  expect(at.hand.hands[3]).toContain('mahjong');
  expect(at.hand.hands.map((h) => h.length)).toEqual([14, 14, 14, 14]);
  return { table, question, at };
}

/** The seat-3 moves in the match's log, each with the state it was made from. */
function hardMoves(table: TableRecord): Array<{ before: MatchState; action: unknown; version: number }> {
  const log = fx.store.matches.actions(table.matchId as number);
  let now = newMatch(state(table).settings, state(table).seed);
  const moves: Array<{ before: MatchState; action: unknown; version: number }> = [];
  for (const entry of log) {
    if (entry.seat === 3) moves.push({ before: now, action: entry.action, version: entry.version });
    const step = apply(now, entry.seat, entry.action);
    if (!step.ok) return expect.fail(`the log does not replay at version ${entry.version}`);
    now = step.value.state;
  }
  return moves;
}

describe('a hard bot seat', () => {
  it('its Grand Tichu decision is a search of the pool; its exchange is made at once, without it', async () => {
    await fx.service.stopBots();
    fx.cleanup();
    decider = new HeldDecider();
    fx = createFixture({ decider, hardBudgetMs: 40 });
    fx.service.onBotsMoved((o) => heard.push(o));
    const started = startWithHardBot();
    const table = started.table;
    // The start asked for its Grand Tichu decision, and the people are not kept waiting for it.
    expect(started.state.hand.grand[3]).toBeNull();
    const grand = await decider.question(1);
    expect(grand.request).toEqual(
      requestAt('hard', started.state, 3, `${started.state.seed}:bots:${started.state.version}:3`, 40),
    );
    expect(grand.request.question.view.hand).toHaveLength(8);
    const answer = runDecision(grand.request);
    expect(answer).toMatchObject({ ok: true, action: { type: 'grandTichu' } });
    grand.answer(answer);
    await idle();
    expect(state(table).hand.grand[3]).not.toBeNull();
    // The people decide and exchange; nothing more is asked until the hard seat owes a play.
    const first = await peopleUntilAsked(table, 2);
    expect(first.request.question.view).toMatchObject({ phase: 'play', turn: 3, pending: null });
    expect(decider.asked).toHaveLength(2);
    const moves = hardMoves(table);
    expect(moves.map((m) => (m.action as Action).type)).toEqual(['grandTichu', 'exchange']);
    // The exchange was the hard level's own decision, from the seed its question would have had.
    const exchanged = moves[1] as (typeof moves)[number];
    const request = requestAt(
      'hard',
      exchanged.before,
      3,
      `${exchanged.before.seed}:bots:${exchanged.before.version}:3`,
      40,
    );
    expect(runDecision(request)).toEqual({ ok: true, action: exchanged.action });
    expect([faults, failures]).toEqual([[], []]);
  });

  it('is asked for its play off the main thread; the answer is committed and announced, its wish at once', async () => {
    const { table, question, at } = await toHardLead();
    expect(decider.asked.map((q) => q.request)).toEqual([
      requestAt('hard', at, 3, `${at.seed}:bots:${at.version}:3`, 40),
    ]);
    question.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    // The Mah Jong left a wish owed by the hard seat: made at once, in the same transaction.
    const now = state(table);
    expect(now.version).toBe(at.version + 2);
    expect(now.hand).toMatchObject({ pending: null, turn: 0 });
    expect(now.hand.hands[3]).not.toContain('mahjong');
    // No player's answer carries the bot's moves: the service announces them, once.
    expect(heard.map((o) => [o.table.id, o.state.version])).toEqual([[table.id, at.version + 2]]);
    expect(heard[0]?.events.length).toBeGreaterThanOrEqual(2);
    expect(fx.store.matches.actions(table.matchId as number).slice(-2)).toEqual([
      expect.objectContaining({ seat: 3, userId: null, action: LEAD_MAHJONG, version: at.version + 1 }),
      expect.objectContaining({ seat: 3, userId: null, action: { type: 'wish', rank: expect.anything() } }),
    ]);
    expect(decider.asked).toHaveLength(1);
    expect([faults, failures]).toEqual([[], []]);
  });

  it('is sent only what its seat may know: no card of another hand, not the match seed', async () => {
    const { question, at } = await toHardLead();
    const sent = JSON.stringify(question.request);
    // The cards it passed in the exchange are in other hands, but it knows where: it gave them.
    const gave = Object.values(at.hand.exchange[3] ?? {});
    expect(gave).toHaveLength(3);
    const hidden = [0, 1, 2].flatMap((s) => at.hand.hands[s as Seat]).filter((c) => !gave.includes(c));
    expect(hidden.length).toBe(39);
    expect(hidden.filter((card) => sent.includes(`"${card}"`))).toEqual([]);
    expect(sent).not.toContain(at.seed);
    for (const card of at.hand.hands[3]) expect(sent).toContain(`"${card}"`);
  });

  it('a player is answered while it thinks; an answer for a version the match left is dropped and asked again', async () => {
    const { table, question, at } = await toHardLead();
    // Alice calls Tichu out of turn while the hard seat thinks: answered at once.
    expect(accepted(fx.service.act(table.id, ALICE, { type: 'tichu' }, at.version)).state.version).toBe(
      at.version + 1,
    );
    expect(decider.asked).toHaveLength(1); // one question per table at a time
    // The answer from the old version is still a legal move: only its version keeps it out.
    question.answer({ ok: true, action: LEAD_MAHJONG });
    const again = await decider.question(2);
    expect(again.request).toMatchObject({
      seat: 3,
      version: at.version + 1,
      rng: seedRng(`${at.seed}:bots:${at.version + 1}:3`),
    });
    expect(again.request.question.view.calls[1]).toBe('tichu');
    expect(state(table).version).toBe(at.version + 1);
    expect(state(table).hand.hands[3]).toContain('mahjong');
    expect(heard).toEqual([]);
    again.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).hand.hands[3]).not.toContain('mahjong');
    expect(state(table).version).toBe(at.version + 3);
    expect(decider.asked).toHaveLength(2);
  });

  it('an answer for a seat a person has taken over meanwhile is dropped, even at the same version', async () => {
    const { table, question, at } = await toHardLead();
    // A handover changes the table, not the match's version: only the seat's occupant tells.
    const core = (fx.service as unknown as { core: Core }).core;
    const loaded = core.tables.get(table.id) as LoadedTable;
    const stranger = { kind: 'user' as const, userId: STRANGER.userId, name: STRANGER.name };
    saveTable(core, loaded, withSeat(loaded.table, 3, stranger), () =>
      core.store.tables.upsertPlayer(STRANGER.userId, STRANGER.name, core.env.now()),
    );
    question.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).version).toBe(at.version);
    expect(state(table).hand.hands[3]).toContain('mahjong');
    expect(
      fx.store.matches.actions(table.matchId as number).filter((a) => a.seat === 3 && a.userId === null),
    ).toEqual(
      fx.store.matches
        .actions(table.matchId as number)
        .filter((a) => a.seat === 3 && a.userId === null && a.version <= at.version),
    );
    expect(decider.asked).toHaveLength(1); // a person's seat: nothing asked again
  });

  it('paused while it thinks: the answer is dropped; the resume asks again and plays on', async () => {
    const { table, question, at } = await toHardLead();
    accepted(fx.service.pause(table.id, HOST));
    question.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).version).toBe(at.version);
    expect(decider.asked).toHaveLength(1);
    accepted(fx.service.resume(table.id, HOST));
    const again = await decider.question(2);
    expect(again.request).toEqual(question.request);
    again.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).version).toBe(at.version + 2);
    expect(state(table).hand.hands[3]).not.toContain('mahjong');
  });

  it('a table ended while it thinks takes no answer and asks nothing more', async () => {
    const { table, question, at } = await toHardLead();
    accepted(fx.service.abandon(table.id, HOST));
    question.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).version).toBe(at.version);
    expect(decider.asked).toHaveLength(1);
    expect(heard).toEqual([]);
    expect(fx.store.tables.get(table.id)?.status).toBe('abandoned');
  });

  it('a decision its worker could not make is reported and made at normal level here', async () => {
    const { table, question, at } = await toHardLead();
    const normal = vi.spyOn(POLICIES as Record<BotLevel, Policy>, 'normal');
    const hard = vi.spyOn(POLICIES as Record<BotLevel, Policy>, 'hard');
    question.answer({ ok: false, reason: 'decision worker exited (code 1)' });
    await idle();
    expect(failures).toEqual([
      {
        tableId: table.id,
        matchId: table.matchId,
        version: at.version,
        seat: 3,
        reason: 'decision worker exited (code 1)',
      },
    ]);
    // Asked of the normal level, not the hard one, at the version the question was about.
    const asked = (spy: typeof normal) => spy.mock.calls.filter(([view]) => view.version === at.version);
    expect(asked(normal).map(([view]) => view.seat)).toEqual([3]);
    expect(asked(hard)).toEqual([]);
    const decided = runDecision({ ...question.request, level: 'normal' });
    const [made] = hardMoves(table).filter((m) => m.version === at.version + 1);
    expect(decided).toEqual({ ok: true, action: made?.action });
    expect(faults).toEqual([]);
  });

  it('an answer the engine refuses is reported as a fault and replaced by a legal move that is no call', async () => {
    const { table, question, at } = await toHardLead();
    // Calling Tichu is legal here, and the engine lists it first: the replacement must not be it.
    expect(apply(at, 3, { type: 'tichu' }).ok).toBe(true);
    question.answer({ ok: true, action: { type: 'pass' } });
    await idle();
    expect(faults).toEqual([
      { tableId: table.id, matchId: table.matchId, version: at.version, seat: 3, code: 'cannot_pass_lead' },
    ]);
    const [made] = hardMoves(table).filter((m) => m.version === at.version + 1);
    expect(made?.action).toMatchObject({ type: 'play' });
    expect(state(table).hand.calls[3]).toBe(at.hand.calls[3]);
    expect(failures).toEqual([]);
  });

  it('after a restart, a table read with a hard decision owed asks for it; answers after a stop are dropped', async () => {
    const { table, question, at } = await toHardLead();
    await fx.service.stopBots();
    question.answer({ ok: true, action: LEAD_MAHJONG }); // too late: the service stopped
    expect(state(table).version).toBe(at.version);
    fx.restart();
    expect(decider.asked).toHaveLength(1); // loading is lazy: nothing asked until the table is read
    accepted(fx.service.tableView(table.id));
    const again = await decider.question(2);
    expect(again.request).toEqual(question.request);
    again.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).hand.hands[3]).not.toContain('mahjong');
    expect(state(table).version).toBe(at.version + 2);
  });
});

describe('an expert bot seat', () => {
  it('is asked off the main thread like hard, with its own level and its own longer budget', async () => {
    await fx.service.stopBots();
    fx.cleanup();
    decider = new HeldDecider(grandAtOnce);
    fx = createFixture({ decider, hardBudgetMs: 40, expertBudgetMs: 90 });
    fx.service.onBotsMoved((o) => heard.push(o));
    const table = startWithHardBot('expert').table;
    const question = await peopleUntilAsked(table, 1);
    const at = state(table);
    expect(question.request).toEqual(requestAt('expert', at, 3, `${at.seed}:bots:${at.version}:3`, 90));
    question.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).hand.hands[3]).not.toContain('mahjong');
    expect(fx.store.matches.actions(table.matchId as number).at(-2)).toEqual(
      expect.objectContaining({ seat: 3, action: LEAD_MAHJONG, version: at.version + 1 }),
    );
  });
});

describe('start-up', () => {
  it('wakes the playing tables where bots play, so a question lost with the last process is asked again unprompted', async () => {
    const { table, question, at } = await toHardLead();
    const lobby = openLobby(fx, [HOST, 'bot'], { channelId: '300000000000000099' });
    await fx.service.stopBots();
    fx.restart();
    expect(decider.asked).toHaveLength(1);
    // Only playing tables with a bot or an away seat are read: not the lobby, and no click needed.
    expect(fx.store.tables.playingWithStandIns()).toEqual([table.id]);
    expect(fx.service.wakeStandIns()).toBe(1);
    const again = await decider.question(2);
    expect(again.request).toEqual(question.request);
    again.answer({ ok: true, action: LEAD_MAHJONG });
    await idle();
    expect(state(table).version).toBe(at.version + 2);
    expect(fx.store.tables.get(lobby.id)?.status).toBe('lobby');
  });
});

describe('a whole match against hard bots in worker threads', () => {
  it('plays to the end through the asynchronous path, every move logged and replayable', async () => {
    const pool = new WorkerPool({ size: 2 });
    // The pool, with every question it is asked written down.
    const asked: DecisionRequest[] = [];
    const recording: Decider = {
      decide: (request) => {
        asked.push(request);
        return pool.decide(request);
      },
      close: () => pool.close(),
    };
    const local = createFixture({
      decider: recording,
      hardBudgetMs: 10,
      onBotFault: (f) => faults.push(f),
      onDecisionFailed: (f) => failures.push(f),
    });
    try {
      local.service.onBotsMoved((o) => heard.push(o));
      const lobby = openLobby(local, [HOST], { settings: { targetScore: 200 } });
      accepted(local.service.join(lobby.id, ALICE, 2));
      accepted(local.service.addBot(lobby.id, HOST, 1, 'hard'));
      accepted(local.service.addBot(lobby.id, HOST, 3, 'hard'));
      const table = accepted(local.service.start(lobby.id, HOST)).table;
      const people: Record<number, Actor> = { 0: HOST, 2: ALICE };
      let now: MatchState = committedState(local.store, table);
      for (let step = 0; step < 5_000 && now.status === 'playing'; step++) {
        const seat = ([0, 2] as const).find((s) => owesAction(now, s));
        if (seat !== undefined) {
          accepted(local.service.act(table.id, people[seat] as Actor, plainPolicy(now, seat), now.version));
        } else {
          const waited = now.version;
          await local.service.botsIdle();
          now = committedState(local.store, table);
          // Nobody owes anything and no bot is thinking: the table would wait for ever.
          expect(now.version, `stuck at version ${waited}`).toBeGreaterThan(waited);
        }
        now = committedState(local.store, table);
      }
      expect(now.status).toBe('finished');
      expect(local.store.tables.get(table.id)?.status).toBe('finished');
      const log = local.store.matches.actions(table.matchId as number);
      expect(replay(now.settings, now.seed, log)).toEqual({ ok: true, value: now });
      const bots = log.filter((a) => a.seat === 1 || a.seat === 3);
      expect(bots.length).toBeGreaterThan(20);
      // Their calls and exchanges are in the log, yet the pool was asked only for their searches.
      const types = new Set(bots.map((a) => (a.action as Action).type));
      expect([types.has('grandTichu'), types.has('exchange')]).toEqual([true, true]);
      expect(asked.length).toBeGreaterThan(5);
      // Grand Tichu, card play on the seat's own turn, or the Dragon's gift (while both opponents are in).
      const notSearches = asked.filter((r) => {
        const view = r.question.view;
        if (view.phase === 'grandTichu') return r.level !== 'hard' || view.grandDecided[r.seat as Seat];
        const ownPlay = view.pending === null && view.turn === (r.seat as Seat);
        const gift = view.pending?.kind === 'dragonGift' && view.pending.seat === r.seat;
        return r.level !== 'hard' || view.phase !== 'play' || !(ownPlay || gift);
      });
      expect(asked.some((r) => r.question.view.phase === 'grandTichu')).toBe(true);
      expect(notSearches).toEqual([]);
      expect(heard.length).toBeGreaterThan(5);
      expect(pool.workers).toBeGreaterThanOrEqual(1);
      expect([faults, failures]).toEqual([[], []]);
    } finally {
      await local.service.stopBots();
      local.cleanup();
    }
  });
});
