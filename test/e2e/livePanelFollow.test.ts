/**
 * How soon a live panel follows: at once when the change asks something of its player (their turn
 * comes), and otherwise within a short delay, so a run of plays they only watch costs one edit.
 * The delay is set long here, so what the test sees does not depend on how fast the machine is:
 * the watcher's panel is edited once, when their turn comes, showing every play before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, type Seat, seatAfter } from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { E2ETable, failedCalls, NAMES, scriptedEnv } from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
const scripted = scriptedEnv('follow');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env, panelFollowMs: 60_000 });
  table = await E2ETable.open(fx, scripted.useSeed, 'live-follow-seed');
  await table.dealToPlay({ keep: ['mahjong'] });
});
afterAll(async () => {
  await fx?.close();
});

const lowestSingle = (seat: Seat) => table.shadow.singles(seat)[0] as Card;

describe('a live panel follows', () => {
  it('a watcher’s panel: one edit when their turn comes, showing the plays they watched', async () => {
    const lead = table.shadow.holder('mahjong');
    const [first, second, watcher] = [1, 2, 3].map((n) => seatAfter(lead, n)) as [Seat, Seat, Seat];
    const panel = await table.panel(watcher);
    // The token of the click that opened it (the watcher's latest interaction).
    const token = [...fx.discord.hub.world.interactions.values()].findLast(
      (i) => i.userId === table.user(watcher).id,
    )?.token;
    if (!token) throw new Error('no token for the watcher’s panel');
    const edits = () =>
      fx.discord.calls.filter(
        (c) => c.method === 'PATCH' && c.path.includes(`/webhooks/`) && c.path.includes(token),
      ).length;

    // Three changes that ask nothing of the watcher: their panel is not edited for them.
    await table.play(lead, [lowestSingle(lead)]);
    await table.pass(first);
    await table.pass(second);
    await table.waitText((t) => t.includes(`▶️ **${NAMES[watcher]}** to play.`));
    // The watcher's turn came with the last pass: one edit, at once, with everything before it.
    const followed = await table
      .user(watcher)
      .waitForMessage(fx.channelId, (m) => m.id === panel.id && /\*\*your turn\*\*/.test(m.content));
    expect(followed.content).toContain(`by ${NAMES[lead]}`);
    expect(edits()).toBe(1);
    expect(failedCalls(fx)).toEqual([]);
  });
});
