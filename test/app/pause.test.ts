/**
 * Pause, resume and abandon. The rule (src/app/pause.ts): the host pauses or resumes at once; any
 * other seated player may ask, and it happens when every seated player has asked. Only the host abandons.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicView, seatView } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  CHANNEL,
  committedState,
  createFixture,
  driveHumans,
  type Fixture,
  GUILD,
  HOST,
  openLobby,
  owingSeat,
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

function tableOf(id: string): TableRecord {
  return accepted(fx.service.tableView(id)).table;
}

/** Four humans a few tricks into the first hand. */
function midHand(): { id: string; table: TableRecord } {
  const { table } = startFourHumans(fx);
  driveHumans(fx, table.id, (s) => s.hand.phase === 'play' && s.hand.hands.some((h) => h.length <= 10));
  return { id: table.id, table: tableOf(table.id) };
}

describe('pausing and resuming', () => {
  it('the host pauses at once, and resumes at once', () => {
    const { id } = midHand();
    const paused = accepted(fx.service.pause(id, HOST));
    expect(paused).toMatchObject({ changed: true, table: { status: 'paused', pauseVotes: [] } });
    expect(fx.store.tables.get(id)?.status).toBe('paused');
    const resumed = accepted(fx.service.resume(id, HOST));
    expect(resumed).toMatchObject({ changed: true, table: { status: 'playing', pauseVotes: [] } });
    expect(fx.store.tables.get(id)?.status).toBe('playing');
  });

  it('refuses every action while paused (wrong_status), and shows no legal actions', () => {
    const { id, table } = midHand();
    const before = committedState(fx.store, table);
    accepted(fx.service.pause(id, HOST));
    const seat = owingSeat(before);
    expect(seat).not.toBeNull();
    const action = plainPolicy(before, seat as 0);
    expect(refusal(fx.service.act(id, USERS[seat as 0]!, action, before.version))).toMatchObject({
      code: 'wrong_status',
      status: 'paused',
    });
    expect(committedState(fx.store, table)).toEqual(before);
    expect(accepted(fx.service.playerView(id, USERS[seat as 0]!.userId)).legal).toEqual([]);
  });

  it("counts another player's request as a vote, and refuses the same vote twice", () => {
    const { id } = midHand();
    const asked = accepted(fx.service.pause(id, ALICE));
    expect(asked.changed).toBe(false);
    expect(asked.votes).toBe(1);
    expect(asked.needed).toBeGreaterThan(1);
    expect(asked.table).toMatchObject({ status: 'playing', pauseVotes: [ALICE.userId] });
    expect(fx.store.tables.get(id)?.pauseVotes).toEqual([ALICE.userId]);
    expect(refusal(fx.service.pause(id, ALICE))).toEqual({ code: 'already_voted' });
    const second = accepted(fx.service.pause(id, BOB));
    expect(second).toMatchObject({ changed: false, votes: 2, table: { status: 'playing' } });
    expect(second.table.pauseVotes).toEqual([ALICE.userId, BOB.userId]);
  });

  it('pauses at once when the host asks after some of the others', () => {
    const { id } = midHand();
    for (const user of [ALICE, BOB]) expect(accepted(fx.service.pause(id, user)).changed).toBe(false);
    const last = accepted(fx.service.pause(id, HOST));
    expect(last).toMatchObject({ changed: true, table: { status: 'paused', pauseVotes: [] } });
  });

  // The issue asks for "pause and resume by the host, or by all seated players agreeing". If the host's
  // own request is what completes the vote, the vote never matters: the host pauses at once anyway.
  // So the seated players other than the host must be able to pause (and resume) together.
  it('pauses when all the other seated players have asked, without the host', () => {
    const { id } = midHand();
    accepted(fx.service.pause(id, ALICE));
    accepted(fx.service.pause(id, BOB));
    const last = accepted(fx.service.pause(id, CAROL));
    expect(last.changed).toBe(true);
    expect(last.table.status).toBe('paused');
  });

  it('does not wait for bots: with three humans and a bot, fewer than four requests are needed', () => {
    const table = openLobby(fx, [HOST, ALICE, BOB]);
    accepted(fx.service.addBot(table.id, HOST));
    accepted(fx.service.start(table.id, HOST));
    const asked = accepted(fx.service.pause(table.id, ALICE));
    expect(asked).toMatchObject({ changed: false, votes: 1 });
    expect(asked.needed).toBeLessThan(4);
  });

  it('clears the votes when the status changes, and counts resume votes afresh', () => {
    const { id } = midHand();
    accepted(fx.service.pause(id, ALICE));
    accepted(fx.service.pause(id, HOST));
    expect(tableOf(id).pauseVotes).toEqual([]);
    expect(accepted(fx.service.resume(id, ALICE))).toMatchObject({ changed: false, votes: 1 });
    expect(refusal(fx.service.resume(id, ALICE))).toEqual({ code: 'already_voted' });
    expect(accepted(fx.service.resume(id, HOST))).toMatchObject({
      changed: true,
      table: { status: 'playing', pauseVotes: [] },
    });
  });

  it('refuses a user who is not seated, a pause in the lobby and a resume while playing', () => {
    const lobby = openLobby(fx, [HOST, ALICE], { channelId: '200000000000000099' });
    expect(refusal(fx.service.pause(lobby.id, HOST))).toMatchObject({
      code: 'wrong_status',
      status: 'lobby',
    });
    const { id } = midHand();
    expect(refusal(fx.service.pause(id, STRANGER))).toEqual({ code: 'not_seated' });
    expect(refusal(fx.service.resume(id, HOST))).toMatchObject({ code: 'wrong_status', status: 'playing' });
    accepted(fx.service.pause(id, HOST));
    expect(refusal(fx.service.pause(id, HOST))).toMatchObject({ code: 'wrong_status', status: 'paused' });
    expect(refusal(fx.service.resume(id, STRANGER))).toEqual({ code: 'not_seated' });
  });

  it('keeps the votes across a restart', () => {
    const { id } = midHand();
    accepted(fx.service.pause(id, ALICE));
    fx.restart();
    expect(tableOf(id).pauseVotes).toEqual([ALICE.userId]);
    expect(refusal(fx.service.pause(id, ALICE))).toEqual({ code: 'already_voted' });
  });

  it('keeps a paused match paused across a restart, and resumes it exactly where it stopped', () => {
    const { id, table } = midHand();
    const before = committedState(fx.store, table);
    accepted(fx.service.pause(id, HOST));
    fx.restart();
    expect(fx.service.loadedTables).toBe(0);
    const seen = accepted(fx.service.tableView(id));
    expect(seen.table.status).toBe('paused');
    expect(seen.view).toEqual(publicView(before));
    const seat = owingSeat(before) as 0;
    expect(refusal(fx.service.act(id, USERS[seat]!, plainPolicy(before, seat), before.version)).code).toBe(
      'wrong_status',
    );

    fx.restart();
    expect(accepted(fx.service.resume(id, HOST)).table.status).toBe('playing');
    expect(committedState(fx.store, table)).toEqual(before);
    for (const s of [0, 1, 2, 3] as const)
      expect(accepted(fx.service.playerView(id, USERS[s]!.userId)).view).toEqual(seatView(before, s));
    // The player who owed the next action takes it, from the view they saw before the pause.
    const next = accepted(fx.service.act(id, USERS[seat]!, plainPolicy(before, seat), before.version));
    expect(next.state.version).toBe(before.version + 1);
  });
});

describe('abandoning', () => {
  it('is for the host only: not_host for anyone else', () => {
    const { id } = midHand();
    expect(refusal(fx.service.abandon(id, ALICE))).toEqual({ code: 'not_host' });
    expect(refusal(fx.service.abandon(id, STRANGER))).toEqual({ code: 'not_host' });
    expect(tableOf(id).status).toBe('playing');
  });

  it.each([
    ['playing', () => undefined],
    ['paused', (id: string) => accepted(fx.service.pause(id, HOST))],
  ])('ends a %s match for good: the table and its match row are abandoned', (_status, prepare) => {
    const { id, table } = midHand();
    prepare(id);
    const state = committedState(fx.store, table);
    const done = accepted(fx.service.abandon(id, HOST));
    expect(done.status).toBe('abandoned');
    expect(
      fx.store.db
        .prepare(
          'SELECT status, winner, score_a, score_b, ended_at IS NOT NULL AS ended FROM matches WHERE id = ?',
        )
        .get(table.matchId),
    ).toEqual({
      status: 'abandoned',
      winner: null,
      score_a: state.scores[0],
      score_b: state.scores[1],
      ended: 1,
    });
    expect(fx.store.db.prepare('SELECT count(*) AS n FROM match_players').get()).toEqual({ n: 0 });
    for (const refused of [
      fx.service.act(id, HOST, { type: 'pass' }),
      fx.service.pause(id, HOST),
      fx.service.resume(id, HOST),
      fx.service.start(id, HOST),
      fx.service.abandon(id, HOST),
      fx.service.join(id, STRANGER),
    ])
      expect(refusal(refused)).toMatchObject({ code: 'wrong_status', status: 'abandoned' });
    fx.restart();
    expect(tableOf(id).status).toBe('abandoned');
    expect(accepted(fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: ALICE })).status).toBe(
      'lobby',
    );
  });

  it('closes a lobby without creating a match', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(accepted(fx.service.abandon(table.id, HOST)).status).toBe('abandoned');
    expect(fx.store.db.prepare('SELECT count(*) AS n FROM matches').get()).toEqual({ n: 0 });
  });
});
