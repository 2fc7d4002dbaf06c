/**
 * The table message tells the trick in full through the local Discord: every play since the lead,
 * each followed by the passes after it, the seat whose turn it is, and, once the trick is taken,
 * who took it with what and for how many points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankLabel } from '../../src/discord/cardText.js';
import { type Card, cardRank, type Seat, seatAfter } from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { E2ETable, failedCalls, NAMES, scriptedEnv } from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
const scripted = scriptedEnv('trick');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'table-trick-seed');
  await table.dealToPlay({ keep: ['mahjong'] });
});
afterAll(async () => {
  await fx?.close();
});

const singles = (seat: Seat): Card[] => table.shadow.singles(seat);

const name = (seat: Seat) => NAMES[seat];
const rank = (card: Card) => rankLabel(cardRank(card));

describe('the trick on the table message', () => {
  it('shows every play with the passes after it, whose turn it is, then who took it', async () => {
    const lead = table.shadow.holder('mahjong');
    const [first, second, third] = [1, 2, 3].map((n) => seatAfter(lead, n)) as [Seat, Seat, Seat];
    const low = singles(lead)[0] as Card;
    const high = singles(second).find((c) => cardRank(c) > cardRank(low) && cardRank(c) < 14);
    if (!high) throw new Error('the seed gives the second seat no single to beat the lead');

    await table.play(lead, [low]);
    await table.pass(first);
    await table.play(second, [high]);
    await table.pass(third);
    const text = await table.waitText((t) => t.includes(`${name(third)} passes`));
    expect(text).toMatch(new RegExp(`${name(lead)}: single ${rank(low)} \\(.+\\) · ${name(first)} passes`));
    expect(text).toMatch(
      new RegExp(`${name(second)}: single ${rank(high)} \\(.+\\) · ${name(third)} passes`),
    );
    // The lead's seat is to play again, and the message says so.
    expect(text).toContain(`▶️ **${name(lead)}** to play.`);

    await table.pass(lead);
    await table.pass(first);
    const taken = await table.waitText((t) => t.includes('took it'));
    expect(taken).toMatch(new RegExp(`${name(second)} took it with single ${rank(high)} · \\d+ points`));
    expect(taken).toContain(`▶️ **${name(second)}** leads.`);
    expect(taken).not.toContain('On the table');
    expect(failedCalls(fx)).toEqual([]);
  });
});
