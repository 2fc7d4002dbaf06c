/**
 * Every play shown, through the local Discord with the real bot: Ann holds the Mah Jong and the Dog
 * and leads the Dog; the three others are away (the bot plays their seats at once, so the table
 * message's edits are coalesced). The Dog's lead, and to whom it passed, shows on the table message
 * while the next trick is on the table; when the hand ends, the hand summary tells every trick (the
 * Dog lead and each player's last cards included), the table message tells the play that ended the
 * hand after the next deal, and /history replays the same plays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comboWords } from '../../src/discord/cardText.js';
import {
  DECK,
  type HandEnding,
  type HandResult,
  type MatchState,
  type Seat,
} from '../../src/engine/index.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  E2ETable,
  embedText,
  exchangeSelects,
  failedCalls,
  findSeed,
  fullDeal,
  lowPicks,
  NAMES,
  optionFor,
  scriptedEnv,
} from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';
import { cardsShown } from '../support/privacy.js';

let fx: BotFixture;
let table: E2ETable;
const scripted = scriptedEnv('shown');
// Ann (seat 0) is dealt both the Mah Jong (so she leads) and the Dog; her exchange keeps both.
const SEED = findSeed('shown', (s) => fullDeal(s, 0).includes('mahjong') && fullDeal(s, 0).includes('dog'));
const DOG_LINE = 'Ann: 🐕 Dog → the lead passes to Cat';

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, SEED);
});
afterAll(async () => {
  await fx?.close();
});

const ann = () => fx.users[0] as ScriptedUser;
/** The play that ended the hand, in the words the summary and the table use (the Dog is no combo). */
const endingWords = (e: HandEnding) => (e.combo === null ? 'Dog' : comboWords(e.combo, 'en'));
const stored = () => fx.bot.store.matches.load(1)?.state as MatchState;

describe('every play shown', () => {
  let summary: MessageView;
  let state: MatchState;

  it('Ann leads the Dog: the table message says so, and to whom the lead passed', async () => {
    await table.clickButton(0, await table.panel(0), 'No, deal my cards');
    for (const seat of [1, 2, 3] as const) {
      const reply = await table.user(seat).slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
      expect(reply.content).toMatch(/^You are away/);
    }
    // The exchange: three low cards, never the Dog or the Mah Jong.
    let panel = await table.panel(0);
    const picks = lowPicks(fullDeal(stored(), 0), ['dog', 'mahjong']);
    for (let slot = 0; slot < 3; slot++) {
      const select = exchangeSelects(panel)[slot];
      if (!select?.custom_id) throw new Error(`no exchange select ${slot}:\n${panel.content}`);
      panel = await ann()
        .select(panel.id, select.custom_id, [optionFor(select, picks[slot] as never)])
        .reply();
    }
    await table.clickButton(0, panel, 'Confirm exchange');
    await table.waitText((t) => t.includes('▶️ **Ann** leads.'));
    await table.pickAndPlay(0, ['dog']);
    // The bots play on until Ann's turn: the Dog line stays while Cat's trick is on the table.
    const text = await table.waitText((t) => t.includes(DOG_LINE) && t.includes('▶️ **Ann** to play.'));
    expect(text.split('\n')).toContain(`On the table: ${DOG_LINE}`);
    expect(failedCalls(fx)).toEqual([]);
  });

  it('Ann plays the hand out (the bots at once); one summary is posted', async () => {
    const dice = new Dice(11);
    // Until the stored match has the hand over (Ann's answer comes once it is stored), not until
    // the summary is in: that post and Ann's answer travel separately, and the next deal's Grand
    // Tichu question must be left to the last test.
    for (let i = 0; i < 300 && stored().history.length === 0; i++) {
      const acted = await takeTurn(ann(), await openPanel(ann(), fx.channelId), dice);
      if (!acted) break;
    }
    summary = await ann().waitForMessage(fx.channelId, (m) => /^\*\*Hand 1 over\*\*/.test(m.content));
    state = stored();
    expect(state.history).toHaveLength(1);
    expect(state.hand.number).toBe(2);
    expect(failedCalls(fx)).toEqual([]);
  });

  it('the summary tells the Dog lead and every player’s last cards, in words only', () => {
    const result = state.history[0] as HandResult;
    const lines = summary.content.split('\n');
    expect(lines).toContain('Tricks:');
    expect(lines.some((l) => l.startsWith('• Ann: Dog → the lead passes to Cat'))).toBe(true);
    result.out.forEach((seat, i) => {
      expect(lines.some((l) => new RegExp(`${NAMES[seat]}: [^·]+ · 🏁 out #${i + 1}`).test(l))).toBe(true);
    });
    const ending = state.lastEnding;
    if (!ending) throw new Error('no ending kept');
    const place = result.out.indexOf(ending.seat) + 1;
    expect(summary.content).toContain(`${NAMES[ending.seat]}: ${endingWords(ending)} · 🏁 out #${place}`);
    // The cards are dealt again by now: no card's symbol in a public message.
    expect(cardsShown({ content: summary.content }, DECK)).toEqual([]);
  });

  it('after the next deal the table message still tells the play that ended the hand', async () => {
    const ending = state.lastEnding;
    if (!ending) throw new Error('no ending kept');
    const place = (state.history[0] as HandResult).out.indexOf(ending.seat) + 1;
    const line = `Last play: ${NAMES[ending.seat as Seat]}: ${endingWords(ending)} · 🏁 out #${place}`;
    const text = await table.waitText((t) => t.includes(line));
    expect(text).toContain('Grand Tichu?');
    expect(cardsShown(table.message(), DECK)).toEqual([]);
  });

  it('/history replays the same plays, with their cards', async () => {
    const reply = await ann()
      .slash(fx.channelId, 'history', { subcommand: 'hand', options: { match: 1, hand: 1 } })
      .reply();
    expect(reply.ephemeral).toBe(true);
    const log = embedText(reply);
    expect(log.split('\n')).toContain(DOG_LINE);
    const ending = state.lastEnding;
    if (!ending) throw new Error('no ending kept');
    const place = (state.history[0] as HandResult).out.indexOf(ending.seat) + 1;
    // The same play, with its cards here (/history is the reader's alone): name, combo, out mark.
    const ended = log
      .split('\n')
      .find((l) => l.startsWith(`${NAMES[ending.seat]}: `) && l.includes(` · 🏁 out #${place}`));
    expect(ended).toContain(endingWords(ending));
    (state.history[0] as HandResult).out.forEach((seat, i) => {
      expect(log).toMatch(new RegExp(`${NAMES[seat]}: .+ · 🏁 out #${i + 1}`));
    });
  });
});
