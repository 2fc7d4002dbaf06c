/**
 * Turn timers through the local Discord with the real bot, time moved by hand (the bot's clock and
 * Discord's together, never real waiting): the countdown on the table message, the panel and the
 * turn message; a timeout forcing a pass and the table going on; the timed-out action in /history;
 * pause stopping the clock; and restarts re-arming a deadline, or starting one that passed while
 * the bot was down afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import { apply, type Card, legalActions, type Seat, seatAfter } from '../../src/engine/index.js';
import type { MessageView } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import {
  E2ETable,
  embedText,
  failedCalls,
  lowPicks,
  NAMES,
  Shadow,
  scriptedEnv,
} from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

const TWO_MINUTES = 120_000;
const KEEP: Card[] = ['mahjong', 'dragon'];

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
let ben: Seat;
const clock = new ManualClock(Date.now());
const scripted = scriptedEnv('tmr');

/** A deal where the Mah Jong's holder also holds the Dragon and the next seat has no bomb to beat it. */
function dragonSeed(): string {
  for (let i = 0; i < 5_000; i++) {
    const seed = `timers-${i}`;
    const shadow = new Shadow(seed);
    for (const seat of [0, 1, 2, 3] as const) shadow.act(seat, { type: 'grandTichu', call: false });
    for (const seat of [0, 1, 2, 3] as const) {
      const [next, partner, previous] = lowPicks(shadow.hand(seat), KEEP);
      shadow.act(seat, { type: 'exchange', next, partner, previous });
    }
    const holder = shadow.holder('mahjong');
    if (!shadow.hand(holder).includes('dragon')) continue;
    const step = apply(shadow.state, holder, { type: 'play', cards: ['dragon'] });
    if (!step.ok) continue;
    const answers = legalActions(step.value.state, seatAfter(holder, 1));
    if (answers.every((a) => a.type === 'pass' || a.type === 'tichu')) return seed;
  }
  throw new Error('no seed');
}

function deadline(): number {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok || !here.value.table.deadline) throw new Error('no deadline at the table');
  return here.value.table.deadline.at;
}

const stamp = (at: number) => `<t:${Math.floor(at / 1000)}:R>`;
const toPlay = (seat: Seat) => `▶️ **${NAMES[seat]}** to play.`;
const turnMessages = () =>
  fx.discord.channelMessages(fx.channelId).filter((m) => m.content.includes('it is your turn'));

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env, clock, turnPingIntervalMs: 0 });
  table = await E2ETable.open(fx, scripted.useSeed, dragonSeed());
  await table.dealToPlay({ keep: KEEP });
  lead = table.shadow.holder('mahjong');
  ben = seatAfter(lead, 1);
  await table.play(lead, ['dragon']);
});
afterAll(async () => {
  await fx?.close();
});

describe('a turn on the clock', () => {
  let ping: MessageView;

  it('shows the countdown on the table message, the owner’s panel and the turn message', async () => {
    const at = deadline();
    const text = await table.waitText(
      (t) => t.includes(toPlay(ben)) && t.includes(`⏰ Time runs out ${stamp(at)}`),
    );
    expect(text).toContain('Standard rules · ⏱️ 2 minutes a decision');
    const mine = await table.panel(ben);
    expect(mine.content).toContain(`⏰ Your time runs out ${stamp(at)}`);
    const theirs = await table.panel(seatAfter(lead, 2));
    expect(theirs.content).not.toContain('Your time runs out');
    const id = table.user(ben).id;
    ping = await table
      .user(ben)
      .waitForMessage(fx.channelId, (m) => m.content.startsWith(`<@${id}> it is your turn`));
    expect(ping.content).toContain(`time runs out ${stamp(at)}`);
  });

  it('when it runs out, the bot passes for the player, says so, and the table goes on', async () => {
    const before = deadline();
    // The turn message is replaced by the next one, not left to pile up.
    const replaced = fx.discord.nextCall((c) => c.method === 'DELETE' && c.path.endsWith(`/${ping.id}`));
    fx.advance(TWO_MINUTES - 1_000);
    expect(table.text()).toContain(toPlay(ben));
    fx.advance(1_000);
    table.shadow.act(ben, { type: 'pass' });
    const next = seatAfter(lead, 2);
    const text = await table.waitText(
      (t) => t.includes(`⏰ **${NAMES[ben]}** ran out of time: passed`) && t.includes(toPlay(next)),
    );
    expect(deadline()).toBeGreaterThanOrEqual(before + TWO_MINUTES - 1_000);
    expect(text).toContain(`⏰ Time runs out ${stamp(deadline())}`);
    await replaced;
    const id = table.user(next).id;
    await table
      .user(next)
      .waitForMessage(fx.channelId, (m) => m.content.startsWith(`<@${id}> it is your turn`));
    expect(turnMessages().map((m) => m.content.split(' ')[0])).toEqual([`<@${id}>`]);
  });

  it('the timed-out pass is in /history, marked, once the hand is over', async () => {
    // Everyone but Ben steps away: the bot plays their seats at once, and Ben plays the hand out.
    for (const seat of [seatAfter(lead, 2), seatAfter(lead, 3), lead]) {
      const reply = await table.user(seat).slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
      expect(reply.content).toMatch(/^You are away/);
    }
    await table.waitText(new RegExp(`${NAMES[lead]}( \\(host\\))? · away \\(bot playing\\)`));
    const dice = new Dice(7);
    const hand = () => {
      const here = fx.bot.service.tableInChannel(fx.channelId);
      return here.ok ? (here.value.view?.handNumber ?? 0) : 0;
    };
    for (let i = 0; i < 200 && hand() === 1; i++) {
      // Every other seat is played at once: whenever the hand is not over, Ben owes the next move.
      const panel = await openPanel(table.user(ben), fx.channelId);
      expect(await takeTurn(table.user(ben), panel, dice)).toBe(true);
    }
    await table.waitText((t) => t.includes('Tichu · hand 2'));
    const log = await table
      .user(ben)
      .slash(fx.channelId, 'history', { subcommand: 'hand', options: { match: 1, hand: 1 } })
      .reply();
    const shown = embedText(log);
    expect(shown).toContain(`${NAMES[ben]} passes ⏰ (ran out of time)`);
    expect(shown).toContain('💤 (away: bot played)');
    // The hand's last turn message went with it (deletions are sent after the edits that matter).
    await eventually(() => (turnMessages().length === 0 ? true : undefined), 'the turn message deleted');
  });
});

describe('pause and restarts', () => {
  it('a pause stops the clock; the resume starts it with the full time', async () => {
    await table.waitText((t) => t.includes('Grand Tichu?') && t.includes('⏰ Time runs out'));
    const paused = await table.user(0).slash(fx.channelId, 'table', { subcommand: 'pause' }).reply();
    expect(paused.content).toBe('The match is paused.');
    const text = await table.waitText((t) => t.includes('Paused') && !t.includes('Time runs out'));
    fx.advance(600_000);
    expect(table.text()).toBe(text);
    await table.user(0).slash(fx.channelId, 'table', { subcommand: 'resume' }).reply();
    const at = deadline();
    expect(at).toBe(clock.now() + TWO_MINUTES);
    await table.waitText((t) => t.includes(`⏰ Time runs out ${stamp(at)}`));
  });

  it('a restart re-arms the deadline: it falls when it said, and the players it ran for are decided for', async () => {
    const at = deadline();
    const before = table.text();
    await fx.restart();
    expect(fx.bot.service.armedTimers).toBeGreaterThanOrEqual(1);
    expect(table.text()).toBe(before);
    fx.advance(at - clock.now());
    // Ben had not decided on Grand Tichu (the others had, Ann while she was away).
    await table.waitText(
      (t) => t.includes(`⏰ **${NAMES[ben]}** ran out of time: no Grand Tichu`) && t.includes('Exchange:'),
    );
  });

  it('a deadline that passed while the bot was down starts again with the full time', async () => {
    const at = deadline();
    await fx.restart(() => clock.step(600_000));
    expect(clock.now()).toBeGreaterThan(at);
    const fresh = deadline();
    expect(fresh).toBe(clock.now() + TWO_MINUTES);
    fx.advance(0);
    // The table message follows: the new countdown, nobody forced.
    const text = await table.waitText((t) => t.includes(`⏰ Time runs out ${stamp(fresh)}`));
    // The away seats' bots pass after their partners, who are here and may call Tichu first.
    expect(text).toContain('Exchange: 0/4');
    // When it does run out, it is Ben's second in a row: away. Ann's first (she resumed): when hers
    // comes round again too, nobody is left, and the table pauses rather than play bots against bots.
    fx.advance(TWO_MINUTES);
    await table.waitText((t) => /Ben · away \(bot playing\)/.test(t) && t.includes('to play'));
    const status = () => {
      const here = fx.bot.service.tableInChannel(fx.channelId);
      return here.ok ? here.value.table.status : 'gone';
    };
    for (let i = 0; i < 20 && status() === 'playing'; i++) fx.advance(TWO_MINUTES);
    await table.waitText((t) => t.includes('Paused: nobody is at the table'));
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
