/**
 * When Discord fails, through the real bot: each failure Discord produces is injected by the local
 * Discord on cue (src/localDiscord/faults.ts) while four scripted players play on, and for each:
 * - every interaction is acknowledged within Discord's 3 s (the local Discord records an ack only
 *   then; the bot defers when it must),
 * - the table does not get stuck (the players' moves keep being accepted),
 * - no interaction is acknowledged twice (a second callback would be refused with 40060),
 * - once Discord recovers, the table message shows the true state (its text is a fresh render's).
 * One table runs through all the scenarios in order, so each starts from wherever the last left it;
 * the last scenario opens a second table in a second channel, to fail its first post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { embedText, scriptedEnv } from '../support/e2eTable.js';
import { Dice, find, isTableMessage, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
const dice = new Dice(12);

beforeAll(async () => {
  fx = await startFixture({ env: scriptedEnv('fault').env, moreChannels: ['lobby'] });
  const [ann, ...others] = fx.users as [ScriptedUser, ...ScriptedUser[]];
  await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
  for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
  await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
});
afterAll(async () => {
  fx?.discord.faults.clear();
  await fx?.close();
});

const TABLE_EDIT = /^PATCH \/channels\/\d+\/messages\/\d+$/;
const CHANNEL_WRITE = /^(POST|PATCH|DELETE) \/channels\/\d+\/messages/;
const CALLBACK = /^POST \/interactions\/\d+\/[^/]+\/callback$/;
const PANEL_EDIT = /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/;

function version(): number {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  return here.ok ? (here.value.view?.version ?? 0) : -1;
}

interface Mark {
  readonly calls: number;
  readonly interactions: ReadonlySet<string>;
  readonly version: number;
}

function mark(): Mark {
  return {
    calls: fx.discord.calls.length,
    interactions: new Set(fx.discord.hub.world.interactions.keys()),
    version: version(),
  };
}

/** Each player in turn opens their panel and does what it offers, `rounds` times. */
async function play(rounds: number, users: readonly ScriptedUser[] = fx.users): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const user of users) {
      const panel = await openPanel(user, fx.channelId);
      await takeTurn(user, panel, dice, { passChance: 60 });
    }
  }
}

/**
 * What must hold whatever Discord did: every interaction since `since` acknowledged in time, none
 * acknowledged twice (beyond `retriedAcks` the scenario caused), no error line, and the table moved.
 */
function expectAnswered(since: Mark, retriedAcks = 0): void {
  const created = [...fx.discord.hub.world.interactions.values()].filter(
    (i) => !since.interactions.has(i.id),
  );
  expect(created.length).toBeGreaterThan(0);
  expect(created.filter((i) => i.ack === null).map((i) => i.command ?? i.id)).toEqual([]);
  const calls = fx.discord.calls.slice(since.calls);
  const code = (c: { response: unknown }) => (c.response as { code?: number } | undefined)?.code;
  expect(calls.filter((c) => code(c) === 10062).map((c) => c.path)).toEqual([]);
  expect(calls.filter((c) => code(c) === 40060)).toHaveLength(retriedAcks);
  expect(fx.errors).toEqual([]);
  expect(version()).toBeGreaterThan(since.version);
}

/** The table message's text as a fresh render of the stored table would write it. */
function trueText(): string {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok) return '';
  return embedText({
    embeds: [],
    components: renderTable(here.value, EN_TEXT).components,
  } as unknown as MessageView);
}

/**
 * Waits (bounded) until the bot's requests have met `fault`. The table message follows a change
 * after a coalescing pause and a live panel a change that asks nothing of its player after
 * FOLLOW_MS, so on a quiet machine the players' moves may all be answered before either is sent.
 */
async function met(fault: { readonly hits: number }, what: string, hits = 1): Promise<void> {
  await eventually(() => (fault.hits >= hits ? true : undefined), what);
}

/** Once Discord has recovered (no fault left), the table message converges to the stored state. */
async function expectConverged(): Promise<void> {
  fx.discord.faults.clear();
  const user = fx.users[0] as ScriptedUser;
  await eventually(
    () => (embedText(tableMessage(user, fx.channelId)) === trueText() ? true : undefined),
    'the table message to show the stored state',
    10_000,
  );
}

describe('when Discord fails, the bot answers, the table moves on, and its message converges', () => {
  it("429 on the table message's route: discord.js waits, play goes on, the message catches up", async () => {
    const since = mark();
    const fault = fx.discord.faults.rest({ route: TABLE_EDIT, status: 429, retryAfterMs: 800, times: 3 });
    await play(2);
    await met(fault, "an edit of the table message to meet the route's 429");
    expectAnswered(since);
    await expectConverged();
  });

  it('429 of the global limit on every request of the bot: answers are exempt, channel writes wait', async () => {
    const since = mark();
    const fault = fx.discord.faults.rest({ status: 429, global: true, retryAfterMs: 800, times: 3 });
    await play(2);
    // Only requests with the bot's token meet it: the channel writes, none of which play waits for.
    await met(fault, 'a channel write of the bot to meet the global 429');
    // Interaction callbacks never meet the global limit.
    const limited = fx.discord.calls.slice(since.calls).filter((c) => c.status === 429);
    expect(limited.filter((c) => CALLBACK.test(`${c.method} ${c.path}`))).toEqual([]);
    expectAnswered(since);
    await expectConverged();
  });

  it("429 on the live panels' edits: each is sent again after the wait, none lost", async () => {
    const since = mark();
    const fault = fx.discord.faults.rest({ route: PANEL_EDIT, status: 429, retryAfterMs: 500, times: 2 });
    await play(2);
    await met(fault, "a live panel's edit to meet the 429");
    expectAnswered(since);
    await expectConverged();
  });

  it('5xx on channel writes, more in a row than discord.js retries: the edit is tried again later', async () => {
    const since = mark();
    // Four 503s exhaust one request (discord.js tries 4 times), so an edit fails outright.
    const fault = fx.discord.faults.rest({ route: TABLE_EDIT, status: 503, times: 4 });
    await play(1);
    await eventually(() => (fault.hits === 4 ? true : undefined), 'the edits to meet every 503');
    expectAnswered(since);
    // Nobody moves again: only the bot's own retry can bring the message up to date.
    await eventually(
      () =>
        embedText(tableMessage(fx.users[0] as ScriptedUser, fx.channelId)) === trueText() ? true : undefined,
      'the table message to show the stored state without another move',
      10_000,
    );
  });

  it('5xx on interaction callbacks, before and after Discord took them: each answered once', async () => {
    const since = mark();
    // Before the work: discord.js sends it again and it is taken.
    const before = fx.discord.faults.rest({ route: CALLBACK, status: 500, times: 2 });
    await play(1);
    expect(before.hits).toBe(2);
    // After the work (the answer lost on its way back): the retry is refused with 40060, once each.
    const mid = fx.discord.calls.length;
    const after = fx.discord.faults.rest({ route: CALLBACK, status: 502, times: 2, processed: true });
    await play(1);
    // The player has its answer with the first try; discord.js's tries again go on behind it.
    await met(after, 'both 502s to be met', 2);
    // discord.js sends each lost one again, and Discord refuses it (40060): once per interaction.
    const lost = new Set(
      fx.discord.calls
        .slice(mid)
        .filter((c) => c.status === 502)
        .map((c) => c.path),
    );
    await eventually(
      () =>
        fx.discord.calls.slice(mid).filter((c) => c.status === 400).length === lost.size ? true : undefined,
      'the retries of the lost answers',
    );
    expectAnswered(since, lost.size);
    await expectConverged();
  });

  it('a very slow Discord: slow channel writes and panel edits, callbacks answered late', async () => {
    const since = mark();
    fx.discord.faults.slow(CHANNEL_WRITE, 1_500);
    fx.discord.faults.slow(PANEL_EDIT, 1_000);
    // Discord takes the acknowledgement at once but its answer comes back late.
    fx.discord.faults.slow(CALLBACK, 1_200, { times: 4, phase: 'response' });
    await play(1);
    expectAnswered(since);
    await expectConverged();
  });

  it('op 7 (reconnect) mid-play: the bot resumes and answers on', async () => {
    const since = mark();
    const { resumes, identifies } = fx.discord.gateway;
    fx.discord.faults.reconnect();
    await play(1);
    expect(fx.discord.gateway.resumes).toBe(resumes + 1);
    expect(fx.discord.gateway.identifies).toBe(identifies);
    expectAnswered(since);
    await expectConverged();
  });

  it('op 9 resumable: the bot resumes its session and answers on', async () => {
    const since = mark();
    const { resumes } = fx.discord.gateway;
    // A click in the same moment: its event is on its way while the client resumes, and the resume
    // replays it (the client had not recorded its sequence yet). It must be handled once.
    const table = await (fx.users[0] as ScriptedUser).waitForMessage(
      fx.channelId,
      (m) => !m.ephemeral && find(m, 'hand') !== undefined,
    );
    const hand = find(table, 'hand')?.custom_id as string;
    fx.discord.faults.invalidSession(true);
    const clicks = fx.users.map((u) => u.click(table.id, hand));
    for (const click of clicks) await click.reply();
    await play(1);
    expect(fx.discord.gateway.resumes).toBe(resumes + 1);
    expectAnswered(since);
    await expectConverged();
  });

  it('op 9 not resumable: the bot identifies anew and answers on; the table lost nothing', async () => {
    const { identifies } = fx.discord.gateway;
    const before = version();
    fx.discord.faults.invalidSession(false);
    // Until the new session, Discord has nobody to send interactions to (they fail for the user,
    // as on Discord): the players wait for it.
    await eventually(
      () =>
        fx.discord.gateway.identifies === identifies + 1 && fx.discord.gateway.connected === 1
          ? true
          : undefined,
      'the bot to identify anew',
      10_000,
    );
    expect(version()).toBe(before);
    const since = mark();
    await play(1);
    expectAnswered(since);
    await expectConverged();
  });

  it('the connection dropped in the middle of a burst of clicks: each delivered once and answered', async () => {
    const since = mark();
    const { resumes } = fx.discord.gateway;
    const dropped = fx.discord.faults.dropAfter(2);
    // Everyone opens their panel at once: four events in flight when the connection goes.
    const panels = await Promise.all(fx.users.map((u) => openPanel(u, fx.channelId)));
    await dropped;
    for (const [i, panel] of panels.entries()) await takeTurn(fx.users[i] as ScriptedUser, panel, dice);
    await play(1);
    expect(fx.discord.gateway.resumes).toBe(resumes + 1);
    expectAnswered(since);
    await expectConverged();
  });

  it('5xx after Discord posted a new table message (the answer lost): the bot keeps that one message', async () => {
    const channelId = fx.channelIds[1] as string;
    const [ann, ben] = fx.users as [ScriptedUser, ScriptedUser];
    // A lobby, whose message (the answer to /table create) someone deletes: its next change posts anew.
    await ann.slash(channelId, 'table', { subcommand: 'create' }).reply();
    const stored = () => {
      const here = fx.bot.service.tableInChannel(channelId);
      return here.ok ? (here.value.table.messageId ?? undefined) : undefined;
    };
    const first = await eventually(stored, 'the table message id to be stored');
    const deleted = fx.discord.hub.world.messages.get(first);
    if (!deleted) throw new Error('no table message');
    deleted.deleted = true;
    fx.discord.hub.messageChanged(deleted);
    // Every try of the post is taken by Discord and answered 502: discord.js's four, the outbox's first.
    const since = fx.discord.calls.length;
    const post = new RegExp(`^POST /channels/${channelId}/messages$`);
    const fault = fx.discord.faults.rest({ route: post, status: 502, times: 5, processed: true });
    await ben.slash(channelId, 'table', { subcommand: 'join' }).reply();
    const id = await eventually(
      () => (stored() !== first ? stored() : undefined),
      'the new table message id to be stored',
      10_000,
    );
    expect(fault.hits).toBe(5);
    const tableMessages = () => fx.discord.channelMessages(channelId).filter(isTableMessage);
    expect(tableMessages().map((m) => m.id)).toEqual([id]);
    expect(embedText(tableMessages()[0] as MessageView)).toContain('Ben');
    // Discord answers again: the table's next change edits that message, and posts nothing.
    await ben.slash(channelId, 'table', { subcommand: 'leave' }).reply();
    await eventually(
      () => (embedText(tableMessages()[0] as MessageView).includes('Ben') ? undefined : true),
      'the table message to show Ben gone',
    );
    expect(tableMessages().map((m) => m.id)).toEqual([id]);
    const posts = fx.discord.calls
      .slice(since)
      .filter((c) => c.method === 'POST' && post.test(`POST ${c.path}`));
    expect(posts).toHaveLength(6);
    expect(fx.errors).toEqual([]);
  });
});
