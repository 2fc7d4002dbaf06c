/**
 * The table's channel speaks the server's language, through the local Discord with the real bot:
 * in a server whose preferred locale is German, the table message (lobby, every version of it in
 * play, the finished match), each hand's summary and the match's result are German; in a server
 * with the default locale the same game reads in English. The players' own clients are English in
 * both (their panels are theirs: English; only the channel follows the server).
 *
 * Ann hosts a match to 50, the three others step away (the bot plays their seats at once) and Ann
 * plays it out from her panel: a hand or two, every loop bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';
import { interactive, isV2, v2Parts } from '../support/tableParts.js';

/** What each language says at the places this test looks. */
interface Words {
  readonly newTable: string;
  readonly lobbyButtons: readonly string[];
  readonly lobby: string;
  readonly grandPhase: string;
  readonly away: string;
  readonly myHand: string;
  readonly handTitle: RegExp;
  readonly overTitle: RegExp;
  readonly trickField: string;
  readonly lastTrick: RegExp;
  readonly summary: RegExp;
  readonly summaryLines: readonly RegExp[];
  readonly matchOver: RegExp;
  /** What the match's result says comes next. */
  readonly next: RegExp;
  readonly won: RegExp;
  readonly finishedButtons: readonly string[];
  /** Words of the other language that must not appear. */
  readonly foreign: RegExp;
}

const GERMAN: Words = {
  newTable: 'Tichu · neuer Tisch',
  lobbyButtons: ['Beitreten', 'Verlassen', 'Starten'],
  lobby: 'Warten auf Spieler: setz dich auf einen Platz, dann startet der Gastgeber.',
  grandPhase: 'Großes Tichu?',
  away: '· abwesend (Bot spielt) —',
  myHand: 'Meine Karten',
  handTitle: /^Tichu · Runde \d+$/,
  overTitle: /^Tichu · Partie vorbei nach \d+ Runden?$/,
  trickField: 'Auf dem Tisch',
  lastTrick: /^Letzter Stich: .+ hat den Stich (mit .+ )?genommen · -?\d+ Punkte/m,
  summary: /^\*\*Runde (\d+) vorbei\*\*: 🟦 [+-]?\d+ — [+-]?\d+ 🟧$/m,
  summaryLines: [
    /^Reihenfolge: 1\. /m,
    /^(Kartenpunkte: 🟦|Doppelsieg: \*\*)/m,
    /^Stand: 🟦 \*\*Ann & Cat\*\* .+ \(bis 50\)$/m,
  ],
  matchOver: /^🏁 \*\*Partie vorbei\*\* nach \d+ Runden?: /,
  next: /\n▶️ \*\*Neue Partie\*\* an der Tischnachricht spielt eine weitere mit denselben Plätzen; `\/history match number:\d+` zeigt diese/,
  won: /🏆 \*\*.+\*\* gewinnen/,
  finishedButtons: ['Neue Partie', 'Verlassen'],
  foreign:
    /\b(Waiting|Seats|Standard rules|House rules|leads|to play|took it|pass|passes|card|cards|points|hand|Hand|host|away|empty|Join|Leave|Start|My hand|Take seat|New match|decision|Out|Score|over|win)\b/,
};

const ENGLISH: Words = {
  newTable: 'Tichu · new table',
  lobbyButtons: ['Join', 'Leave', 'Start'],
  lobby: 'Waiting for players: join a seat, then the host starts.',
  grandPhase: 'Grand Tichu?',
  away: '· away (bot playing) —',
  myHand: 'My hand',
  handTitle: /^Tichu · hand \d+$/,
  overTitle: /^Tichu · match over after \d+ hands?$/,
  trickField: 'On the table',
  lastTrick: /^Last trick: .+ took it( with .+)? · -?\d+ points/m,
  summary: /^\*\*Hand (\d+) over\*\*: 🟦 [+-]?\d+ — [+-]?\d+ 🟧$/m,
  summaryLines: [
    /^Out: 1\. /m,
    /^(Card points: 🟦|Double victory: \*\*)/m,
    /^Score: 🟦 \*\*Ann & Cat\*\* .+ \(to 50\)$/m,
  ],
  matchOver: /^🏁 \*\*Match over\*\* after \d+ hands?: /,
  next: /\n▶️ \*\*New match\*\* on the table message plays another with the same seats; `\/history match number:\d+` keeps this one/,
  won: /🏆 \*\*.+\*\* win the match!/,
  finishedButtons: ['New match', 'Leave'],
  foreign:
    /\b(Warten|Plätze|Standardregeln|Hausregeln|spielt aus|am Zug|genommen|passt|passen|gepasst|Karten?|Punkte|Runde|Gastgeber|abwesend|frei|Beitreten|Verlassen|Starten|Meine Karten|übernehmen|Partie|Entscheidung|Reihenfolge|Stand|vorbei|gewinnen)\b/,
};

/** Custom emoji (`<:name:id>`) say nothing in any language: left out before looking for words. */
const withoutEmoji = (text: string) => text.replace(/<a?:\w+:\d+>/g, '');

interface Embed {
  title?: string;
  description?: string;
  fields?: Array<{ name: string; value: string }>;
}
interface Body {
  embeds?: Embed[];
  components?: Array<{ type?: number; components?: Array<{ label?: string }> }>;
  data?: Body;
}

function textOf(embed: Embed): string {
  const fields = (embed.fields ?? []).map((f) => `${f.name}: ${f.value}`);
  return [embed.title ?? '', embed.description ?? '', ...fields].join('\n');
}

function labels(message: MessageView): string[] {
  return interactive(message.components).map((c) => (c.label as string | undefined) ?? '');
}

describe.each([
  { where: 'a German server', guildLocale: 'de', words: GERMAN, prefix: 'gde' },
  { where: 'a server with the default locale', guildLocale: undefined, words: ENGLISH, prefix: 'gen' },
])('the table channel in $where', ({ guildLocale, words, prefix }) => {
  let fx: BotFixture;
  const scripted = scriptedEnv(prefix);
  const user = (seat: number) => fx.users[seat] as ScriptedUser;
  let tableMessageId = '';

  beforeAll(async () => {
    fx = await startFixture({ env: scripted.env, ...(guildLocale ? { guildLocale } : {}) });
  });
  afterAll(async () => {
    await fx?.close();
  });

  /** Every table message the bot wrote (posted, edited, or as an interaction's answer), as text. */
  function tableVersions(): string[] {
    return fx.discord.calls.flatMap((call) => {
      const body = (call.body ?? {}) as Body;
      const embeds = body.embeds ?? body.data?.embeds ?? [];
      // A V2 table message: the same title, lines and parts, from its text displays.
      const components = body.components ?? body.data?.components ?? [];
      if (isV2({ components })) {
        const parts = v2Parts(components);
        embeds.push({ title: parts.title, description: parts.description, fields: [...parts.fields] });
      }
      return embeds.filter((e) => e.title?.startsWith('Tichu · ')).map(textOf);
    });
  }

  async function waitTable(test: (text: string) => boolean): Promise<MessageView> {
    return user(0).waitForMessage(fx.channelId, (m) => m.id === tableMessageId && test(embedText(m)), 3_000);
  }

  it('the lobby: the table message in the server’s language', async () => {
    const created = await user(0)
      .slash(fx.channelId, 'table', { subcommand: 'create', options: { target: 50 } })
      .reply();
    tableMessageId = created.id;
    expect(created.ephemeral).toBe(false);
    const text = embedText(created);
    expect(text.split('\n')[0]).toBe(words.newTable);
    expect(text).toContain(words.lobby);
    expect(labels(created)).toEqual(words.lobbyButtons);
    for (const seat of [1, 2, 3])
      await user(seat).slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    const full = await waitTable((t) => t.includes('4. Dan'));
    expect(withoutEmoji(embedText(full))).not.toMatch(words.foreign);
  });

  it('a match played out: every version of the table message, each hand’s summary and the result', async () => {
    scripted.useSeed(`${prefix}-seed`);
    await user(0).slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const dealt = await waitTable((t) => t.includes(words.grandPhase));
    expect(labels(dealt)[0]).toBe(words.myHand);
    for (const seat of [1, 2, 3])
      await user(seat).slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
    const away = await waitTable((t) => t.split('\n').filter((l) => l.includes(words.away)).length === 3);
    expect(embedText(away)).toContain(`3. Cat ${words.away}`);

    const dice = new Dice(7);
    const playing = () => fx.bot.service.tableInChannel(fx.channelId).ok;
    for (let i = 0; i < 2_000 && playing(); i++) {
      const acted = await takeTurn(user(0), await openPanel(user(0), fx.channelId), dice);
      // Ann cannot act: a bot seat owes the next move. Wait for it (events, not time).
      if (!acted && playing()) await fx.bot.service.botsIdle();
    }
    expect(playing()).toBe(false);
    const result = await user(0).waitForMessage(fx.channelId, (m) => words.matchOver.test(m.content), 3_000);
    expect(result.content).toMatch(words.next);

    // The table message, every version of it the bot wrote, in the server's language only.
    const versions = tableVersions();
    expect(versions.length).toBeGreaterThan(5);
    for (const text of versions) expect(withoutEmoji(text)).not.toMatch(words.foreign);
    const inPlay = versions.filter((t) => words.handTitle.test(t.split('\n')[0] ?? ''));
    expect(inPlay.some((t) => t.includes(`${words.trickField}: `))).toBe(true);
    expect(inPlay.some((t) => words.lastTrick.test(t))).toBe(true);
    const finished = await waitTable((t) => t.includes('🏆'));
    expect(labels(finished)).toEqual(words.finishedButtons);
    expect(embedText(finished).split('\n')[0]).toMatch(words.overTitle);
    const status = await user(0).slash(fx.channelId, 'table', { subcommand: 'status' }).reply();
    // Not "no table here": the table's New match waits (a private answer, in Ann's own language).
    expect(status.content).toContain(
      'The match here is over, and no table is open: **New match** on its table message',
    );

    // One summary per hand, then the result: all in the server's language.
    const summaries = fx.discord.channelMessages(fx.channelId).filter((m) => words.summary.test(m.content));
    const hands = fx.bot.store.matches.load(1)?.state.history.length ?? 0;
    expect(hands).toBeGreaterThan(0);
    expect(summaries).toHaveLength(hands);
    for (const summary of summaries) {
      for (const line of words.summaryLines) expect(summary.content).toMatch(line);
      expect(summary.content).not.toMatch(words.foreign);
    }
    expect(result.content).toMatch(words.won);
    expect(result.content.replace(/<@\d+>/g, '')).not.toMatch(words.foreign);
    expect(failedCalls(fx)).toEqual([]);
  });
});
