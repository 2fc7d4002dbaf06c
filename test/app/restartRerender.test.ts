/**
 * Which table messages start-up re-renders: every lobby, playing and paused table with a message,
 * and one that ended within the last hour. Found by `npm run chaos`: a bot killed between the
 * commit that ended a match and its message's edit left the message showing the match in play (with
 * its My hand button) for good, since only tables in play were re-rendered.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accepted,
  CHANNEL,
  createFixture,
  type Fixture,
  HOST,
  OTHER_CHANNEL,
  openLobby,
  startFourHumans,
} from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

describe('the tables start-up re-renders', () => {
  it('lobbies and tables in play with a message, and tables ended within the hour', () => {
    const ended = startFourHumans(fx).table;
    accepted(fx.service.setMessageId(ended.id, '900000000000000001'));
    accepted(fx.service.abandon(ended.id, HOST));
    const lobby = openLobby(fx, [HOST], { channelId: OTHER_CHANNEL });
    fx.restart();
    expect(new Set(fx.service.tablesShownInPlay())).toEqual(new Set([ended.id]));
    accepted(fx.service.setMessageId(lobby.id, '900000000000000002'));
    expect(new Set(fx.service.tablesShownInPlay())).toEqual(new Set([ended.id, lobby.id]));
    // An hour on, the ended table's message has long been edited (or the bot was down that long).
    fx.env.advance(61 * 60_000);
    fx.restart();
    expect(fx.service.tablesShownInPlay()).toEqual([lobby.id]);
    expect(fx.store.tables.activeInChannelId(CHANNEL)).toBeNull();
  });
});
