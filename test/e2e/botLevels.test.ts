/**
 * Bot levels through Discord: the host seats bots of a chosen level with `/table bot do:add level:`,
 * the table message names each level, and two people play a whole match with two hard bots whose
 * decisions come from the bot's worker threads (its real composition root, as in `npm start`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, isTableMessage, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ users: 2, env: scriptedEnv('lvl').env });
  [ann, ben] = fx.users as [ScriptedUser, ScriptedUser];
});
afterAll(async () => {
  await fx?.close();
});

async function table(user: ScriptedUser, subcommand: string, options?: Record<string, string | number>) {
  const reply = await user
    .slash(fx.channelId, 'table', { subcommand, ...(options ? { options } : {}) })
    .reply();
  expect(reply.ephemeral).toBe(true);
  return reply.content;
}

/** Waits (bounded) until the public table message's text passes `test`. */
async function tableText(test: (text: string) => boolean): Promise<string> {
  const m = await ann.waitForMessage(fx.channelId, (x) => isTableMessage(x) && test(embedText(x)), 3_000);
  return embedText(m);
}

describe('bot levels', () => {
  it('the host seats bots at a level; the table message names it; a level it does not know is refused', async () => {
    await ann.slash(fx.channelId, 'table', { subcommand: 'create', options: { target: 200 } }).reply();
    expect(await table(ben, 'join', { seat: 3 })).toMatch(/You are seated/);
    expect(await table(ann, 'bot', { do: 'add', seat: 2, level: 'hard' })).toBe('A hard bot sits down.');
    await tableText((t) => t.includes('2. Bot 2 (hard)'));
    // Discord offers only the four choices, but a request can say anything: refused, nothing changes.
    expect(await table(ann, 'bot', { do: 'add', seat: 4, level: 'normal@v1' })).toBe(
      'Bots play at one of these levels: easy, normal, hard, expert.',
    );
    expect(await table(ann, 'bot', { do: 'add', seat: 4, level: 'easy' })).toBe('An easy bot sits down.');
    await tableText((t) => t.includes('4. Bot 4 (easy)'));
    expect(await table(ann, 'bot', { do: 'remove', seat: 4 })).toBe('The bot left.');
    expect(await table(ann, 'bot', { do: 'add', seat: 4, level: 'expert' })).toBe(
      'An expert bot sits down. It thinks about a second a move.',
    );
    await tableText((t) => t.includes('4. Bot 4 (expert)'));
    expect(await table(ann, 'bot', { do: 'remove', seat: 4 })).toBe('The bot left.');
    expect(await table(ann, 'bot', { do: 'add', level: 'hard' })).toBe('A hard bot sits down.');
    const text = await tableText((t) => t.includes('4. Bot 4 (hard)'));
    expect(text).toContain('2. Bot 2 (hard)');
  });

  it('two people play a whole match with two hard bots, who think in worker threads', async () => {
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const dice = new Dice(11);
    let finished = false;
    let actions = 0;
    for (let round = 0; round < 3_000 && !finished; round++) {
      let acted = false;
      for (const user of [ann, ben]) {
        if (!fx.bot.service.tableInChannel(fx.channelId).ok) break; // the match ended
        const panel = await openPanel(user, fx.channelId);
        if (await takeTurn(user, panel, dice)) {
          acted = true;
          actions++;
        }
      }
      finished = !fx.bot.service.tableInChannel(fx.channelId).ok;
      // Neither person could act: the hard bots owe the next move. Wait for their answers (events,
      // not time); a table that waited for nobody would fail here.
      if (!acted && !finished) await fx.bot.service.botsIdle();
    }
    expect(finished).toBe(true);
    expect(actions).toBeGreaterThan(20);
    const [match] = fx.bot.store.db
      .prepare("SELECT id FROM matches WHERE status = 'finished' ORDER BY id DESC LIMIT 1")
      .all() as Array<{ id: number }>;
    const log = fx.bot.store.matches.actions(match?.id as number);
    expect(log.filter((a) => a.seat === 1 || a.seat === 3).length).toBeGreaterThan(20);
    expect(failedCalls(fx)).toEqual([]);
    // Every hard decision came from a worker: none failed over to the normal level on this thread.
    expect(fx.errors).toEqual([]);
    // The public message shows the result, and still names the bots' level.
    const final = await ann.waitForMessage(
      fx.channelId,
      (m) => isTableMessage(m) && /win \d+ to -?\d+/.test(embedText(m)),
    );
    expect(tableMessage(ann, fx.channelId)?.id).toBe(final.id);
    expect(embedText(final)).toContain('2. Bot 2 (hard)');
  });
});
