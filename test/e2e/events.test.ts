/**
 * Events through the local Discord with the real bot: a duplicate event of eight on two tables in
 * private threads (identical boards seat for seat, nothing of a board public before both tables
 * played it, no card of it visible to a player who has not), and a rotating event of ten over three
 * rounds with sit-outs; the bot restarts in the middle of a round in each.
 */

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../src/app/eventService.js';
import type { Seat } from '../../src/engine/index.js';
import { owesAction } from '../../src/engine/index.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { embedText, failedCalls } from '../support/e2eTable.js';
import { Dice, find, openPanel, takeTurn } from '../support/panelPlayer.js';
import { accepted } from '../support/service.js';

/** How long a round's threads may take to appear (a loaded CI machine; the thread limit is off). */
const THREADS_MS = 20_000;

let fx: BotFixture;
beforeAll(async () => {
  fx = await startFixture({ users: 10 });
  // Thread creation as fast as the bot can go: the limit is tested in test/localDiscord/threads.test.ts.
  fx.discord.threadCreateLimit = null;
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
  expect(fx.errors).toEqual([]);
});

const user = (i: number) => fx.users[i] as ScriptedUser;
const events = () => fx.bot.service.events;

/** A button of the event message (a request to play as a pair carries one of its own). */
const EVENT_BUTTON = /"ev:(?!pairok:)/;

function eventMessage(channelId: string): MessageView | undefined {
  return user(0)
    .messages(channelId)
    .filter((m) => !m.ephemeral && EVENT_BUTTON.test(JSON.stringify(m.components)))
    .at(-1);
}

/** Clicks `verb` on the channel's newest event message (older ones may still be being edited). */
async function clickEvent(u: ScriptedUser, channelId: string, verb: string): Promise<MessageView> {
  const pattern = new RegExp(`ev:${verb}:[a-z0-9]{8}`);
  // The newest event message, once its edit offers the button (it follows the event's state).
  const message = await eventually(() => {
    const newest = u
      .messages(channelId)
      .filter((m) => !m.ephemeral && EVENT_BUTTON.test(JSON.stringify(m.components)))
      .at(-1);
    return newest && pattern.test(JSON.stringify(newest.components)) ? newest : undefined;
  }, `an event message with ${verb} in ${channelId}`);
  const id = JSON.stringify(message.components).match(pattern)?.[0] as string;
  return u.click(message.id, id).reply();
}

function current(channelId: string): EventRecord {
  const found = events()
    .ofServer(fx.guildId)
    .find((e) => e.channelId === channelId);
  if (!found) throw new Error('no event in the channel');
  return found;
}

/** Each user's thread in the event's current round (null: sitting out, or not seated). */
function threadOf(eventId: string, userId: string): string | null {
  const results = events().results(eventId);
  if (!results.ok) return null;
  const round = results.value.event.round;
  const table = results.value.tables.find((t) => t.round === round && t.seats.includes(userId));
  return table?.threadId ?? null;
}

/** Whether `userId` owes a decision at their table of the current round (as committed). */
function owes(eventId: string, userId: string): boolean {
  const results = events().results(eventId);
  if (!results.ok) return false;
  const table = results.value.tables.find(
    (t) => t.round === results.value.event.round && t.seats.includes(userId),
  );
  if (!table?.tableId) return false;
  const record = fx.bot.store.tables.get(table.tableId);
  if (record?.status !== 'playing' || record.matchId === null) return false;
  const state = fx.bot.store.matches.load(record.matchId)?.state;
  return state !== undefined && owesAction(state, table.seats.indexOf(userId) as Seat);
}

/** Everyone plays their panel in turn until `done` holds (at most `rounds` passes over the players). */
async function playUntil(players: readonly ScriptedUser[], eventId: string, done: () => boolean, dice: Dice) {
  for (let pass = 0; pass < 4_000 && !done(); pass++) {
    let acted = false;
    for (const u of players) {
      if (done()) break;
      const thread = threadOf(eventId, u.id);
      if (!thread || !u.canView(thread) || !owes(eventId, u.id)) continue;
      const panel = await openPanel(u, thread);
      if (await takeTurn(u, panel, dice, { passChance: 5 })) acted = true;
    }
    if (!acted) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(done()).toBe(true);
}

describe('a duplicate event of eight on two tables', () => {
  let eventId = '';
  const channel = () => fx.channelId;

  it('opens, checks in eight by button, and starts two tables in private threads', async () => {
    const created = await user(0)
      .slash(channel(), 'event', {
        subcommand: 'create',
        options: { format: 'duplicate', hands: 2, rounds: 1 },
      })
      .reply();
    expect(created.ephemeral).toBe(false);
    expect(created.content).toContain('duplicate pairs');
    expect(created.content).toContain('1 round of 2 boards');
    expect(created.content).toContain('Grand Tichu off');
    for (let i = 0; i < 8; i++) {
      const answer = await clickEvent(user(i), channel(), 'in');
      expect(answer.ephemeral).toBe(true);
      expect(answer.content).toBe('You are checked in.');
    }
    const again = await clickEvent(user(3), channel(), 'in');
    expect(again.content).toBe('You are already checked in.');
    const notHost = await clickEvent(user(1), channel(), 'start');
    expect(notHost.content).toContain('Only the event’s host');
    await eventually(
      () =>
        eventMessage(channel())?.content.includes('Pairs (4): Ann & Ben, Cat & Dan, Eve & Fay, Gus & Hal')
          ? true
          : undefined,
      'roster',
    );
    const started = await clickEvent(user(0), channel(), 'start');
    expect(started.content).toContain('has started');
    eventId = current(channel()).id;
    const threads = await eventually(
      () => {
        const made = fx.discord.threads(channel());
        const opened = events().results(eventId);
        return made.length === 2 && opened.ok && opened.value.tables.every((t) => t.tableId !== null)
          ? made
          : undefined;
      },
      'two threads',
      THREADS_MS,
    );
    for (const thread of threads) {
      expect(thread.type).toBe(12);
      // The four players (the host plays, so watches no other table) and the bot.
      const members = fx.discord.threadMembers(thread.id).filter((id) => fx.users.some((u) => u.id === id));
      expect(members).toHaveLength(4);
    }
    // Nobody sees the other table's thread.
    const [first, second] = threads as unknown as [{ id: string }, { id: string }];
    const atFirst = fx.users.slice(0, 8).filter((u) => u.canView(first.id));
    expect(atFirst).toHaveLength(4);
    for (const u of atFirst) expect(u.canView(second.id)).toBe(false);
    expect(user(9).canView(first.id)).toBe(false);
    // Both tables hold the same cards seat for seat.
    const tables = events().results(eventId);
    if (!tables.ok) expect.fail('results');
    const states = tables.value.tables.map((t) => {
      const record = fx.bot.store.tables.get(t.tableId as string);
      return fx.bot.store.matches.load(record?.matchId as number)?.state;
    });
    expect(states[0]?.hand.hands).toEqual(states[1]?.hand.hands);
    expect(states[0]?.hand.phase).toBe('exchange');
    // The table message in the thread says what the match plays to: its hands, not a target score.
    const member = atFirst[0] as ScriptedUser;
    const shown = await member.waitForMessage(first.id, (m) => !m.ephemeral && find(m, 'hand') !== undefined);
    expect(embedText(shown)).toContain('(2 hands)');
    expect(embedText(shown)).not.toContain('to 1000');
  });

  it('posts a board only once both tables played it; the table behind never sees it', async () => {
    const dice = new Dice(5);
    const results = events().results(eventId);
    if (!results.ok) expect.fail('results');
    const [t1, t2] = results.value.tables as unknown as [
      { seats: readonly (string | null)[]; tableId: string | null },
      { seats: readonly (string | null)[]; tableId: string },
    ];
    const at = (t: { seats: readonly (string | null)[] }) => fx.users.filter((u) => t.seats.includes(u.id));
    const played = (tableId: string | null, n: number) =>
      (fx.bot.store.events.hands(eventId).filter((h) => h.tableId === tableId).length ?? 0) >= n;
    // Table 1 plays its first board while table 2 waits.
    await playUntil(at(t1), eventId, () => played(t1.tableId, 1), dice);
    const summaries = () =>
      user(0)
        .messages(fx.channelId)
        .filter((m) => m.content.includes('every table has played it'));
    expect(summaries()).toEqual([]);
    expect(fx.bot.service.events.deal(eventId, 1, 1)).toBeNull();
    // A player of table 2 asks for the board: its cards stay hidden.
    const asked = await at(t2)[0]
      ?.slash(fx.channelId, 'event', { subcommand: 'results', options: { round: 1, board: 1 } })
      .reply();
    expect(asked?.content).toContain('not over at every table');
    // The bot restarts in the middle of the round: the tables, the board played, the event carry on.
    await fx.restart();
    await playUntil(at(t2), eventId, () => played(t2.tableId, 1), dice);
    await eventually(() => (summaries().length === 1 ? true : undefined), 'board 1 summary');
    const summary = summaries()[0] as MessageView;
    expect(summary.content).toContain('Round 1, board 1');
    expect(summary.content).toMatch(/swing|Table 1: .+ : .+/);
    // Now anyone may see who held which cards.
    const deal = await user(9)
      .slash(fx.channelId, 'event', { subcommand: 'results', options: { round: 1, board: 1 } })
      .reply();
    expect(deal.content).toContain('The deal');
    // Both finish: the event is over, with a team match's final standings.
    await playUntil(fx.users.slice(0, 8), eventId, () => current(fx.channelId).status === 'finished', dice);
    await eventually(() => (summaries().length === 2 ? true : undefined), 'board 2 summary');
    await eventually(
      () =>
        eventMessage(fx.channelId) === undefined && finalMessage()?.includes('Final standings')
          ? true
          : undefined,
      'final standings',
    );
    expect(finalMessage()).toMatch(/1\. Team [AB] \(.+\): [+-]?\d+ IMPs?\b/);
    // And the end is said in a new message that tells everyone.
    const over = user(3)
      .messages(fx.channelId)
      .find((m) => m.content.startsWith('🏁 **The Tichu night is over.**'));
    expect(over?.content).toContain(`<@${user(3).id}>`);
    expect(over?.content).toMatch(/Team [AB]/);
    // /event results lists each board's tables by number and the team match's IMPs.
    const listed = await user(2).slash(fx.channelId, 'event', { subcommand: 'results' }).reply();
    const lines = listed.content.split('\n').filter((l) => l.startsWith('Round 1, board'));
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatch(
        /^Round 1, board \d: table 1 -?\d+:-?\d+, table 2 -?\d+:-?\d+ · (?:no swing|\d+ IMPs? to team [AB])$/,
      );
  });

  function finalMessage(): string | undefined {
    return user(0)
      .messages(fx.channelId)
      .filter((m) => !m.ephemeral && m.content.includes('**Tichu night**'))
      .at(-1)?.content;
  }
});

describe('a rotating event of ten over three rounds, across a restart', () => {
  it('seats eight a round, two sit out in turn, and ends with everyone ranked', async () => {
    const channel = fx.channelIds[0] as string;
    // The first event is over: a new one may open in the same channel.
    await user(0)
      .slash(channel, 'event', { subcommand: 'create', options: { format: 'rotating', hands: 1, rounds: 3 } })
      .reply();
    for (let i = 0; i < 10; i++) await clickEvent(user(i), channel, 'in');
    await clickEvent(user(0), channel, 'start');
    const eventId = current(channel).id;
    const dice = new Dice(9);
    const round = () => current(channel).round;
    const ready = () => {
      const r = events().results(eventId);
      return r.ok && r.value.tables.filter((t) => t.round === round()).every((t) => t.threadId !== null);
    };
    await eventually(() => (ready() ? true : undefined), 'round 1 tables', THREADS_MS);
    const sitting = fx.bot.store.events.sitOuts(eventId).filter((s) => s.round === 1);
    expect(sitting).toHaveLength(2);
    // The event message names them: nobody wonders why they have no table.
    const roster = events().results(eventId);
    const names = sitting
      .map((s) => (roster.ok ? roster.value.players.find((p) => p.userId === s.userId)?.name : s.userId))
      .join(', ');
    await eventually(
      () => (eventMessage(channel)?.content.includes(`Sitting out this round: ${names}`) ? true : undefined),
      'the sit-outs named on the event message',
      THREADS_MS,
    );
    // Round 1 played, then the bot restarts in round 2 before anyone plays there.
    await playUntil(fx.users, eventId, () => round() === 2, dice);
    await fx.restart();
    await eventually(() => (ready() ? true : undefined), 'round 2 tables after the restart', THREADS_MS);
    await playUntil(fx.users, eventId, () => current(channel).status === 'finished', dice);
    const sitOuts = fx.bot.store.events.sitOuts(eventId);
    expect(sitOuts).toHaveLength(6);
    const counts = fx.users.map((u) => sitOuts.filter((s) => s.userId === u.id).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const results = await user(5).slash(channel, 'event', { subcommand: 'results' }).reply();
    expect(results.ephemeral).toBe(true);
    expect(results.content).toContain('**Results** (finished)');
    expect(results.content.match(/^\d+\. .+ VP/gm)).toHaveLength(10);
  });
});

describe('a substitute at a duplicate table', () => {
  it('is let into the private thread when the host hands them the seat', async () => {
    const channel = fx.channelId;
    await user(0)
      .slash(channel, 'event', {
        subcommand: 'create',
        options: { format: 'duplicate', hands: 1, rounds: 1 },
      })
      .reply();
    for (let i = 0; i < 2; i++) await clickEvent(user(i), channel, 'in');
    // Cat asks Dan to be her partner: Dan is not checked in until he accepts, in the channel.
    const pair = await user(2)
      .slash(channel, 'event', { subcommand: 'checkin', options: { partner: user(3).id } })
      .reply();
    expect(pair.content).toMatch(/^You are checked in, and Dan is asked to be your partner: /);
    const inside = () =>
      accepted(events().roster(current(channel).id))
        .players.filter((p) => p.checkedIn)
        .map((p) => [p.name, p.partnerId]);
    expect(inside()).toEqual([
      ['Ann', null],
      ['Ben', null],
      ['Cat', user(3).id],
    ]);
    const request = await eventually(
      () =>
        user(3)
          .messages(channel)
          .find(
            (m) =>
              m.content ===
              `<@${user(3).id}>, <@${user(2).id}> asks you to be partners for the event. Accept, and you are checked in as a pair.`,
          ),
      'Dan asked',
    );
    await eventually(
      () =>
        eventMessage(channel)?.content.includes('Asked to be partners (single until they accept): Cat → ')
          ? true
          : undefined,
      'the request on the event message',
    );
    // Cat counts as a single until Dan accepts (not "Cat & Bot"); with three in, no teams are told yet.
    expect(eventMessage(channel)?.content).toContain('Pairs (2): Ann & Ben, Cat (single)');
    expect(eventMessage(channel)?.content).not.toContain('Team A:');
    const accept = find(request, 'ev');
    expect(accept?.label).toBe('Be Cat’s partner');
    // Ben's click on it is refused, and changes nothing.
    const ben = await user(1)
      .click(request.id, accept?.custom_id as string)
      .reply();
    expect(ben.content).toBe('This request is not to you: only the one asked can accept it.');
    expect(inside()).toHaveLength(3);
    const answered = await user(3)
      .click(request.id, accept?.custom_id as string)
      .acknowledged();
    expect(answered.type).toBe(7);
    await eventually(
      () =>
        user(0)
          .messages(channel)
          .find((m) => m.id === request.id)?.content ===
        `<@${user(2).id}> and <@${user(3).id}> are checked in as a pair for the event.`
          ? true
          : undefined,
      'the request turned into the news of the pair',
    );
    expect(
      find(
        user(0)
          .messages(channel)
          .find((m) => m.id === request.id) as MessageView,
        'ev',
      ),
    ).toBeUndefined();
    expect(inside()).toEqual([
      ['Ann', null],
      ['Ben', null],
      ['Cat', user(3).id],
      ['Dan', user(2).id],
    ]);
    await clickEvent(user(0), channel, 'start');
    const eventId = current(channel).id;
    const thread = await eventually(
      () => {
        const t = threadOf(eventId, user(0).id);
        return t && fx.bot.service.tableInChannel(t).ok ? t : undefined;
      },
      'the host’s table',
      THREADS_MS,
    );
    // Ann's partner Ben steps away; Jon, who is in no event, may not see the thread yet.
    expect(user(9).canView(thread)).toBe(false);
    await user(1).slash(thread, 'table', { subcommand: 'away' }).reply();
    const table = fx.bot.service.tableInChannel(thread);
    if (!table.ok) expect.fail('table');
    const seat = table.value.table.seats.findIndex((o) => o?.kind === 'user' && o.userId === user(1).id);
    const answer = await user(0)
      .slash(thread, 'table', { subcommand: 'replace', options: { seat: seat + 1, player: user(9).id } })
      .reply();
    expect(answer.content).toContain(`<@${user(9).id}>`);
    await eventually(() => (user(9).canView(thread) ? true : undefined), 'Jon let into the thread');
    const panel = await openPanel(user(9), thread);
    expect(panel.ephemeral).toBe(true);
    // Cat and Dan both step away: their table pauses, and the event message and Close round say so.
    const theirs = threadOf(eventId, user(2).id) as string;
    expect(theirs).not.toBe(thread);
    for (const i of [2, 3]) await user(i).slash(theirs, 'table', { subcommand: 'away' }).reply();
    const number = accepted(events().results(eventId)).tables.find((x) => x.threadId === theirs)
      ?.number as number;
    await eventually(
      () =>
        eventMessage(channel)
          ?.content.split('\n')
          .some((line) => line.startsWith(`Table ${number + 1} ·`) && line.endsWith(' (paused)'))
          ? true
          : undefined,
      'the paused table shown on the event message',
    );
    expect(
      eventMessage(channel)
        ?.content.split('\n')
        .filter((line) => line.endsWith(' (paused)')),
    ).toHaveLength(1);
    // Close round asks the host first, privately; a player's click is refused as before.
    expect((await clickEvent(user(2), channel, 'close')).content).toBe('Only the event’s host can do that.');
    const asked = await clickEvent(user(0), channel, 'close');
    expect(asked.ephemeral).toBe(true);
    const listed = [1, 2].map((n) => `Table ${n}${n === number + 1 ? ' (paused)' : ''}`).join(', ');
    expect(asked.content).toMatch(
      new RegExp(`^Close round 1 now\\? Not finished: ${listed.replace(/[()]/g, '\\$&')}\\.`),
    );
    expect(current(channel).status).toBe('running');
    const confirm = JSON.stringify(asked.components).match(/ev:closeok:[a-z0-9]{8}:1/)?.[0] as string;
    const closed = await user(0).click(asked.id, confirm).reply();
    expect(closed.content).toBe('Round 1 is closed.');
    await eventually(() => (current(channel).status === 'finished' ? true : undefined), 'the event closed');
    const message = () =>
      user(0)
        .messages(channel)
        .find((m) => m.id === current(channel).messageId);
    const final = await eventually(
      () => (message()?.content.includes('Final standings') ? message() : undefined),
      'the final standings',
    );
    expect(final.content).not.toContain('\n\n\n');
  });
});
