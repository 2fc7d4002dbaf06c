/**
 * Bombs out of turn: a player holding four of a kind sees "Bomb!" and a "Bomb now…" select while a
 * combination lies on the table (not before), and the bomb is played out of turn, even from a panel
 * the table has moved on from (bombs are judged on the current state).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankLabel } from '../../src/discord/cardText.js';
import { type Card, cardRank, isNormal, type Seat, seatAfter } from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  E2ETable,
  failedCalls,
  findSeed,
  fourOfAKindRanks,
  fullDeal,
  holderOf,
  NAMES,
  scriptedEnv,
  selectWith,
} from '../support/e2eTable.js';

// The seat before the Mah Jong's holder (it plays last in the first trick) holds four of a kind.
const SEED = findSeed('bombs', (s) => {
  const lead = holderOf(s, 'mahjong');
  return fourOfAKindRanks(fullDeal(s, seatAfter(lead, 3))).length > 0;
});

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
let bomber: Seat;
let bomb: Card[];
const scripted = scriptedEnv('bmb');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, SEED);
  lead = holderOf(table.shadow.state, 'mahjong');
  bomber = seatAfter(lead, 3);
  const rank = fourOfAKindRanks(fullDeal(table.shadow.state, bomber))[0] as number;
  bomb = fullDeal(table.shadow.state, bomber).filter((c) => isNormal(c) && cardRank(c) === rank);
  await table.dealToPlay({ keep: ['mahjong', ...bomb] });
});
afterAll(async () => {
  await fx?.close();
});

describe('bombs out of turn', () => {
  const rankOf = () => rankLabel(cardRank(bomb[0] as Card));

  it('no bomb is offered on an empty table', async () => {
    const panel = await table.panel(bomber);
    expect(buttonLabelled(panel, 'Bomb!')).toBeUndefined();
    expect(selectWith(panel, /^Bomb now/)).toBeUndefined();
    expect(buttonLabelled(panel, 'Pass')).toBeUndefined();
    expect(panel.content).not.toContain('You hold a bomb');
  });

  it('with a combination on the table the holder sees "Bomb!" and "Bomb now…", and bombs from a stale panel', async () => {
    const single = table.shadow
      .hand(lead)
      .filter((c) => isNormal(c))
      .sort((a, b) => cardRank(a) - cardRank(b))[0] as Card;
    await table.play(lead, [single]);
    await table.waitText(new RegExp(`${NAMES[lead]}: single`));

    const panel = await table.panel(bomber);
    expect(panel.content).toContain(`${NAMES[seatAfter(lead, 1)]} to play`);
    expect(buttonLabelled(panel, 'Pass')).toBeUndefined();
    // Said in words too: a newcomer does not know a bomb may go out of turn.
    expect(panel.content).toContain('💣 You hold a bomb: you may play it now, even out of turn (**Bomb!**).');
    const select = selectWith(panel, /^Bomb now/);
    expect(select).toBeDefined();
    const labels = select?.options?.map((o) => o.label) ?? [];
    for (const label of labels) expect(label).toMatch(/^bomb: /);
    expect(labels.some((l) => l.startsWith(`bomb: four ${rankOf()}s`))).toBe(true);
    // One bomb held: "Bomb!" drops it in one click.
    expect(labels).toHaveLength(1);
    expect(buttonLabelled(panel, 'Bomb!')).toBeDefined();

    // The table moves on: the live panel follows, but a click can race its edit. The click sent
    // with the panel's old ids is still a bomb (bombs are judged on the current state).
    const oldBomb = buttonLabelled(panel, 'Bomb!')?.custom_id as string;
    await table.pass(seatAfter(lead, 1));
    await table.waitText(new RegExp(`▶️ \\*\\*${NAMES[seatAfter(lead, 2)]}\\*\\* to play`));

    const after = await table.user(bomber).forgeClick(panel.id, oldBomb).reply();
    table.shadow.act(bomber, { type: 'play', cards: bomb });
    expect(after.content).not.toContain('moved on');
    expect(after.content).toContain('(10)');
    const text = await table.waitText(/bomb: four/);
    expect(text).toContain(`${NAMES[bomber]}: bomb: four ${rankOf()}s`);
    // Play goes on with the seat after the bomber.
    expect(text).toContain(`▶️ **${NAMES[seatAfter(bomber, 1)]}** to play.`);
  });

  it('a bomb that stands wins the trick and its player leads', async () => {
    for (const offset of [1, 2, 3]) await table.pass(seatAfter(bomber, offset));
    const text = await table.waitText(new RegExp(`Last trick: ${NAMES[bomber]} took`));
    expect(text).toContain(`▶️ **${NAMES[bomber]}** leads.`);
    expect(text).not.toContain('On the table');
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
