/**
 * Paced bots through the local Discord with the real bot: the host sets the pace in the lobby
 * (`/table pace`), and at a table of one person and three bots the trick unfolds on the table
 * message one bot move per pause (the bot's clock moved by hand), and the person drops a bomb from
 * the panel's **Bomb!** during a bot's pause: the engine takes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import {
  type Card,
  cardRank,
  isBomb,
  isNormal,
  type MatchState,
  owesAction,
  readCombos,
} from '../../src/engine/index.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  embedText,
  findSeed,
  fourOfAKindRanks,
  fullDeal,
  scriptedEnv,
} from '../support/e2eTable.js';
import { openPanel, tableMessage } from '../support/panelPlayer.js';

const PACE = 900;
const clock = new ManualClock(Date.now());
const scripted = scriptedEnv('pace');
let fx: BotFixture;
let ann: ScriptedUser;
let tableId = '';

const settle = () => new Promise((r) => setTimeout(r, 120));

beforeAll(async () => {
  scripted.useSeed(findSeed('pace', (state) => fourOfAKindRanks(fullDeal(state, 0)).length > 0));
  fx = await startFixture({ users: 1, env: scripted.env, clock, botPaceMs: PACE });
  ann = fx.users[0] as ScriptedUser;
});
afterAll(async () => {
  await fx?.close();
});

function state(): MatchState {
  const view = fx.bot.service.tableView(tableId);
  if (!view.ok || view.value.table.matchId === null) throw new Error('no match');
  const stored = fx.bot.store.matches.load(view.value.table.matchId);
  if (!stored) throw new Error('no match');
  return stored.state;
}

function shown(): string {
  return embedText(tableMessage(ann, fx.channelId));
}

describe('paced bots at a table with a person', () => {
  it('the host sets the pace in the lobby; the table message says so', async () => {
    const here = fx.channelId;
    await ann.slash(here, 'table', { subcommand: 'create', options: { timer: 'off' } }).reply();
    const slow = await ann.slash(here, 'table', { subcommand: 'pace', options: { speed: 'slow' } }).reply();
    expect(slow.content).toBe('Bots’ pace: 🐢 slow bots.');
    await ann.waitForMessage(here, (m) => !m.ephemeral && embedText(m).includes('🐢 slow bots'));
    const normal = await ann
      .slash(here, 'table', { subcommand: 'pace', options: { speed: 'normal' } })
      .reply();
    expect(normal.content).toBe('Bots’ pace: bots at normal pace.');
    await ann.waitForMessage(here, (m) => !m.ephemeral && !embedText(m).includes('slow bots'));
    for (const seat of [2, 3, 4])
      await ann
        .slash(here, 'table', { subcommand: 'bot', options: { do: 'add', seat, level: 'easy' } })
        .reply();
    await ann.slash(here, 'table', { subcommand: 'start' }).reply();
    const found = fx.bot.service.tableInChannel(here);
    if (!found.ok) throw new Error('no table');
    tableId = found.value.table.id;
  });

  it('each bot move shows on the table message after its pause, not before', async () => {
    // Grand Tichu and the exchange: the host's own, through the service (the bots' are made at once).
    let now = state();
    const host = { userId: ann.id, name: 'Ann' };
    fx.bot.service.act(tableId, host, { type: 'grandTichu', call: false }, now.version);
    now = state();
    // The host keeps its four of a kind: it gives three other normal cards.
    const hand = now.hand.hands[0];
    const keep = fourOfAKindRanks(hand);
    const [next, partner, previous] = hand.filter((c) => isNormal(c) && !keep.includes(cardRank(c))) as [
      Card,
      Card,
      Card,
    ];
    const ex = fx.bot.service.act(tableId, host, { type: 'exchange', next, partner, previous }, now.version);
    expect(ex.ok).toBe(true);
    let watched = 0;
    for (let step = 0; step < 40 && watched < 3; step++) {
      now = state();
      if (now.hand.phase !== 'play') break;
      if (owesAction(now, 0)) {
        const pass = fx.bot.service.playerView(tableId, ann.id);
        const legal = pass.ok ? pass.value.legal : [];
        const move =
          legal.find((a) => a.type === 'pass') ??
          legal.find((a) => a.type === 'play' && !readCombos(a.cards).some(isBomb)) ??
          legal.find((a) => a.type === 'wish');
        if (!move) throw new Error('the host has nothing to do');
        fx.bot.service.act(tableId, host, move, now.version);
        continue;
      }
      await settle();
      const before = shown();
      fx.advance(PACE - 50);
      await settle();
      expect(state().version).toBe(now.version);
      expect(shown()).toBe(before);
      fx.advance(60);
      expect(state().version).toBe(now.version + 1);
      await ann.waitForMessage(fx.channelId, (m) => !m.ephemeral && embedText(m) !== before);
      watched++;
    }
    expect(watched).toBe(3);
  });

  it('the host drops a bomb from the panel during a bot’s pause, and it is taken', async () => {
    for (let step = 0; step < 200; step++) {
      const now = state();
      expect(now.status).toBe('playing');
      const view = fx.bot.service.playerView(tableId, ann.id);
      const legal = view.ok ? view.value.legal : [];
      const bomb = legal.find((a) => a.type === 'play' && readCombos(a.cards).some(isBomb));
      if (bomb && !owesAction(now, 0) && now.hand.trick && now.hand.phase === 'play') {
        fx.advance(PACE / 3);
        await settle();
        const panel: MessageView = await openPanel(ann, fx.channelId);
        const bombButton = buttonLabelled(panel, 'Bomb!');
        expect(bombButton).toBeDefined();
        const after = await ann.click(panel.id, bombButton?.custom_id as string).reply();
        if (state().version === now.version) {
          // Several bombs: the panel offers them in a menu; the first is dropped.
          const menu = after.components
            .flatMap(
              (row) =>
                (row.components ?? []) as Array<{
                  custom_id?: string;
                  type: number;
                  options?: Array<{ value: string }>;
                }>,
            )
            .find((c) => c.type === 3 && c.custom_id?.startsWith('lp:'));
          const value = menu?.options?.[0]?.value;
          expect(value).toBeDefined();
          await ann.select(after.id, menu?.custom_id as string, [value as string]).reply();
        }
        // Still within the bot's pause: the bomb is the table's last play, and the next bot move
        // waits a whole pause from it.
        expect(state().version).toBe(now.version + 1);
        expect(state().hand.trick?.plays.at(-1)?.seat).toBe(0);
        fx.advance(PACE - 50);
        expect(state().version).toBe(now.version + 1);
        fx.advance(60);
        expect(state().version).toBe(now.version + 2);
        expect(fx.errors).toEqual([]);
        return;
      }
      if (owesAction(now, 0)) {
        const move =
          legal.find((a) => a.type === 'pass') ??
          legal.find((a) => a.type === 'play' && !readCombos(a.cards).some(isBomb)) ??
          legal.find((a) => a.type === 'wish');
        if (!move) throw new Error('the host has nothing to do');
        fx.bot.service.act(tableId, { userId: ann.id, name: 'Ann' }, move, now.version);
      } else fx.advance(PACE);
    }
    expect.fail('no bot pause with a bomb in hand came');
  });
});
