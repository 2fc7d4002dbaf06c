/**
 * The plays menu through the local Discord, on a lead with more shapes than one menu holds: a kinds
 * menu with counts, a kind chosen shows its plays, a play chosen there is played (two selections);
 * a kind chosen from a panel the table has left behind shows the whole panel, saying so. The deal
 * is chosen so that the Mah Jong's holder leads with more than 25 shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeOf } from '../../src/discord/playMenu.js';
import { enumerateCombos, type Seat, seatAfter } from '../../src/engine/index.js';
import type { MessageView } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  E2ETable,
  failedCalls,
  findSeed,
  fullDeal,
  holderOf,
  lowPicks,
  NAMES,
  scriptedEnv,
  selectWith,
} from '../support/e2eTable.js';
import { componentsOf } from '../support/panelPlayer.js';

/** The lead keeps more than 25 shapes whatever it receives: counted on its hand less what it passes. */
const SEED = findSeed('menu', (s) => {
  const hand = fullDeal(s, holderOf(s, 'mahjong'));
  const given = lowPicks(hand, []);
  const kept = hand.filter((c) => !given.includes(c));
  return new Set(enumerateCombos(kept, null).map(shapeOf)).size > 30;
});

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
const scripted = scriptedEnv('mnu');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, SEED);
  lead = holderOf(table.shadow.state, 'mahjong');
  await table.dealToPlay();
});
afterAll(async () => {
  await fx?.close();
});

const kindsMenu = (panel: MessageView) =>
  componentsOf(panel).find((c) => c.type === 3 && c.custom_id?.startsWith('hand:'));
const count = (label: string) => Number(/\((\d+)\)$/.exec(label)?.[1] ?? Number.NaN);

describe('the plays menu split by kind', () => {
  let first: MessageView;

  it('the lead’s panel offers the kinds with counts, and the first kind’s plays saying how many more', async () => {
    first = await table.panel(lead);
    const kinds = kindsMenu(first);
    expect(kinds?.options?.length).toBeGreaterThan(1);
    const total = (kinds?.options ?? []).reduce((n, o) => n + count(o.label), 0);
    expect(total).toBeGreaterThan(25);
    expect(kinds?.options?.[0]?.label).toMatch(/^Singles \(\d+\)$/);
    expect(kinds?.options?.[0]?.default).toBe(true);
    const plays = selectWith(first, /^Play…/);
    expect(plays?.placeholder).toMatch(
      new RegExp(`^Play… Singles: \\d+ of ${total} \\(\\d+ more: choose another kind above\\)$`),
    );
    expect(plays?.options?.length).toBe(count(kinds?.options?.[0]?.label ?? ''));
  });

  it('choosing a kind shows its plays; choosing one of them plays it', async () => {
    const kinds = kindsMenu(first);
    const last = kinds?.options?.at(-1);
    const panel = await table
      .user(lead)
      .select(first.id, kinds?.custom_id as string, [last?.value as string])
      .reply();
    expect(kindsMenu(panel)?.options?.find((o) => o.default)?.value).toBe(last?.value);
    const plays = selectWith(panel, /^Play…/);
    expect(plays?.options?.length).toBe(count(last?.label ?? ''));
    const choice = plays?.options?.[0];
    await table
      .user(lead)
      .select(panel.id, plays?.custom_id as string, [choice?.value as string])
      .reply();
    const label = (choice?.label ?? '').replace(/ \(.*$/, '');
    const text = await table.waitText((t) => t.includes(`${NAMES[lead]}: ${label}`));
    expect(text).toContain(`**${NAMES[seatAfter(lead, 1)]}**`);
  });

  it('a kind chosen from a panel the table left behind: the whole panel, with a plain notice', async () => {
    // The menu as the first panel showed it (that message has since been updated in place).
    const kinds = kindsMenu(first);
    const ack = await table
      .user(lead)
      .forge(fx.channelId, {
        kind: 'component',
        messageId: first.id,
        customId: kinds?.custom_id as string,
        componentType: 3,
        values: [kinds?.options?.[1]?.value as string],
      })
      .acknowledged();
    const content = String(ack.data?.content ?? '');
    expect(content).toMatch(/^> Those plays are not on offer any more/);
    expect(content).toContain('Your hand');
    expect(JSON.stringify(ack.data?.components ?? [])).not.toContain(':kind');
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.errors).toEqual([]);
  });
});
