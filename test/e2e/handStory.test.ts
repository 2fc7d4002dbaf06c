/**
 * The story of a hand and a match through the local Discord with the real bot: Ben calls Grand
 * Tichu in hand 1, the three others step away (the bot plays their seats at once) and Ben plays the
 * match to 1000 from his panel, with a restart of the bot in the middle. Each hand gets exactly one
 * summary message (order out, calls, card points, scores), the match one result message that
 * mentions its four players with their rating changes, and /history shows the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK, type HandResult, type MatchState, SEATS, type Seat } from '../../src/engine/index.js';
import type { MessageView, RestCall, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { E2ETable, failedCalls, NAMES, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';
import { cardsShown } from '../support/privacy.js';

let fx: BotFixture;
const scripted = scriptedEnv('hst');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
});
afterAll(async () => {
  await fx?.close();
});

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const team = (t: number) => `${NAMES[t]} & ${NAMES[t + 2]}`;
const titleOf = (m: MessageView) => m.content.split('\n')[0] ?? '';
const summaries = () =>
  fx.discord.channelMessages(fx.channelId).filter((m) => /^\*\*Hand \d+ over\*\*/.test(m.content));
const posts = (test: (body: Record<string, unknown>) => boolean): RestCall[] =>
  fx.discord.calls.filter(
    (c) => c.method === 'POST' && c.route === '/channels/:channel/messages' && test((c.body ?? {}) as never),
  );

/** The lines a hand's summary must say, from the engine's result and the match's history. */
function expectedLines(hand: HandResult, history: readonly HandResult[]): string[] {
  const upTo = history.filter((h) => h.number <= hand.number);
  const score = [0, 1].map((t) => upTo.reduce((n, h) => n + (h.total[t] as number), 0));
  const rest = SEATS.filter((s) => !hand.out.includes(s));
  const out =
    hand.doubleVictory === null
      ? [...hand.out, ...rest].map((s, i) => `${i + 1}. ${NAMES[s]}`).join(' · ')
      : `${hand.out.map((s, i) => `${i + 1}. ${NAMES[s]}`).join(' · ')} (double victory)`;
  return [
    `**Hand ${hand.number} over**: 🟦 ${signed(hand.total[0])} — ${signed(hand.total[1])} 🟧`,
    `Out: ${out}`,
    hand.doubleVictory === null
      ? `Card points: 🟦 ${hand.cardPoints[0]} — ${hand.cardPoints[1]} 🟧`
      : `Double victory: **${team(hand.doubleVictory)}** take 200`,
    `Score: 🟦 **${team(0)}** ${score[0]} — ${score[1]} **${team(1)}** 🟧  (to 1000)`,
  ];
}

describe('the story of a hand and a match', () => {
  let state: MatchState;
  let result: MessageView;
  let restarted = false;
  const user = (seat: Seat) => fx.users[seat] as ScriptedUser;

  it('Ben calls Grand Tichu, the others step away, Ben plays the match out (the bot restarted midway)', async () => {
    const table = await E2ETable.open(fx, scripted.useSeed, 'story-1', { target: 1000 });
    await table.decideGrand(1, true);
    for (const seat of [0, 2, 3] as const) {
      const reply = await user(seat).slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
      expect(reply.content).toMatch(/^You are away/);
    }
    const dice = new Dice(5);
    const playing = () => fx.bot.service.tableInChannel(fx.channelId).ok;
    for (let i = 0; i < 3_000 && playing(); i++) {
      // Every other seat plays at once: while the match goes on, Ben owes the next decision.
      expect(await takeTurn(user(1), await openPanel(user(1), fx.channelId), dice)).toBe(true);
      if (!restarted && summaries().length >= 2) {
        await fx.restart();
        restarted = true;
      }
    }
    expect(playing()).toBe(false);
    expect(restarted).toBe(true);
    state = fx.bot.store.matches.load(1)?.state as MatchState;
    expect(state.status).toBe('finished');
    // 1000 points take at least three hands (at most 400 a hand): a rated match.
    expect(state.history.length).toBeGreaterThanOrEqual(3);
    result = await user(0).waitForMessage(fx.channelId, (m) => m.content.includes('**Match over**'));
    expect(failedCalls(fx)).toEqual([]);
  });

  it('posts one summary per hand, none twice across the restart, each telling the hand', () => {
    const posted = summaries();
    expect(posted.map(titleOf).map((t) => t.split(':')[0])).toEqual(
      state.history.map((h) => `**Hand ${h.number} over**`),
    );
    posted.forEach((m, i) => {
      const hand = state.history[i] as HandResult;
      const lines = m.content.split('\n');
      expect(m.embeds).toEqual([]);
      // The head, then the hand's tricks (every play, in words: test/e2e/shownPlays.test.ts).
      const tricks = lines.indexOf('Tricks:');
      expect(tricks).toBeGreaterThan(0);
      const head = lines.slice(0, tricks);
      expect(head.filter((l) => !l.startsWith('Calls:'))).toEqual(expectedLines(hand, state.history));
      expect(lines.slice(tricks + 1).every((l) => l.startsWith('• ') || l.startsWith('… '))).toBe(true);
      expect(m.ephemeral).toBe(false);
    });
    // Hand 1: Ben's Grand Tichu, made only if he went out first.
    const first = posted[0] as MessageView;
    const made = state.history[0]?.out[0] === 1;
    expect(first.content).toContain(`Ben's Grand Tichu ${made ? '✅ made' : '❌ failed'}`);
    // Names only: no summary pings anyone, and none shows a card's symbol (plays are told in words).
    const sent = posts((b) => /^\*\*Hand \d+ over\*\*/.test(String(b.content ?? '')));
    expect(sent).toHaveLength(state.history.length);
    for (const call of sent) {
      expect(call.body?.allowed_mentions).toEqual({ parse: [] });
      expect(cardsShown(call.body, DECK)).toEqual([]);
    }
  });

  it('posts the match result after the last summary: mentions the four, the winners, each rating change', () => {
    const messages = fx.discord.channelMessages(fx.channelId);
    const last = summaries().at(-1) as MessageView;
    expect(messages.findIndex((m) => m.id === result.id)).toBeGreaterThan(
      messages.findIndex((m) => m.id === last.id),
    );
    const ids = SEATS.map((s) => user(s).id);
    for (const id of ids) expect(result.content).toContain(`<@${id}>`);
    const [call, ...more] = posts((b) => String(b.content ?? '').includes('**Match over**'));
    expect(more).toEqual([]);
    expect(call?.body?.allowed_mentions).toEqual({ parse: [], users: ids });
    expect(result.content).toContain(`**${state.scores[0]}** — **${state.scores[1]}**`);
    expect(result.content).toContain(`🏆 **${team(state.winner as number)}** win the match!`);
    const ordinals = fx.bot.store.db
      .prepare('SELECT user_id AS id, ordinal FROM ratings WHERE guild_id = ?')
      .all(fx.guildId) as Array<{ id: string; ordinal: number }>;
    expect(ordinals).toHaveLength(4);
    for (const seat of SEATS) {
      const after = ordinals.find((o) => o.id === user(seat).id)?.ordinal as number;
      const shown = (Math.round(after * 10) / 10).toFixed(1);
      // Their first rated match: each started from 0.0; winners went up, losers down.
      expect(result.content).toContain(`• ${NAMES[seat]} 0.0 → ${shown} (${after > 0 ? '+' : ''}${shown})`);
      expect(after > 0).toBe(seat % 2 === state.winner);
    }
  });

  it('/history shows each hand’s card points and the running score, and the rating changes', async () => {
    const reply = await user(2)
      .slash(fx.channelId, 'history', { subcommand: 'match', options: { number: 1 } })
      .reply();
    const text = (reply.embeds[0] as { description: string }).description;
    let score: [number, number] = [0, 0];
    for (const hand of state.history) {
      score = [score[0] + hand.total[0], score[1] + hand.total[1]];
      const line = text.split('\n').find((l) => l.startsWith(`**Hand ${hand.number}**`)) as string;
      const cards =
        hand.doubleVictory === null
          ? `cards ${hand.cardPoints[0]} — ${hand.cardPoints[1]}`
          : 'double victory';
      expect(line).toContain(
        `${hand.total[0]} — ${hand.total[1]} · ${cards} · score ${score[0]} — ${score[1]}`,
      );
    }
    const ratings = result.content.split('\n').filter((l) => l.startsWith('• '));
    expect(ratings).toHaveLength(4);
    for (const l of ratings) expect(text).toContain(l);
  });
});
