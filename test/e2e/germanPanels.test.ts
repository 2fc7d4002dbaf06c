/**
 * One German player among three English ones: a whole hand played through the local Discord, with
 * every panel each player was shown recorded (click answers, slash-command answers and live edits
 * alike). Ann's Discord speaks German: all her panels are German, and Ben's, Cat's and Dan's
 * English, throughout. Ann holds the Mah Jong and the Dragon: she is asked her wish in German
 * (and for the Dragon's gift, when her Dragon takes a trick); she calls Tichu and passes by slash
 * command, whose notices are German too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePlay, encodeCards, parseId } from '../../src/discord/customIds.js';
import type { Card, Seat, SeatView } from '../../src/engine/index.js';
import { t } from '../../src/i18n/index.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import type { StoredMessage } from '../../src/localDiscord/world.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { failedCalls, findSeed, fullDeal, lowPicks, scriptedEnv } from '../support/e2eTable.js';
import { phrasesIn, textsOf } from '../support/panelCheck.js';
import { componentsOf, Dice, find, openPanel, takeTurn } from '../support/panelPlayer.js';

const SEED = findSeed('german', (s) =>
  ['mahjong', 'dragon'].every((c) => fullDeal(s, 0).includes(c as Card)),
);
const RETIRED = [t('en', 'panel.retired'), t('de', 'panel.retired')];

let fx: BotFixture;
const scripted = scriptedEnv('ger');
/** Every panel each user was shown, as the texts they read, in order. */
const seen = new Map<string, string[][]>();

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env, locales: ['de', 'en-US', 'en-US', 'en-US'] });
  fx.discord.hub.on('message', (m: StoredMessage) => {
    if (m.visibleTo === null || m.channelId !== fx.channelId || m.deleted || (m.flags & 128) !== 0) return;
    const ids = m.components.flatMap((row) => (row.components ?? []) as Array<{ custom_id?: string }>);
    // A panel: it offers Refresh (hand:), or it is one a newer panel retired.
    if (!ids.some((c) => c.custom_id?.startsWith('hand:')) && !RETIRED.includes(m.content)) return;
    const texts = textsOf({ content: m.content, components: m.components as Array<Record<string, unknown>> });
    seen.set(m.visibleTo, [...(seen.get(m.visibleTo) ?? []), texts]);
  });
});
afterAll(async () => {
  await fx?.close();
});

/** The seat's view, as the service holds it now. */
function viewOf(tableId: string, user: ScriptedUser): SeatView {
  const found = fx.bot.service.playerView(tableId, user.id);
  if (!found.ok) throw new Error(`no panel for ${user.id}: ${found.error.code}`);
  return found.value.view;
}

/** Whether the seat owes the table a decision now (the turn, the wish or gift, the deal's calls). */
function owes(view: SeatView): boolean {
  if (view.pending) return view.pending.seat === view.seat;
  if (view.phase === 'grandTichu') return !view.grandDecided[view.seat];
  if (view.phase === 'exchange') return !view.exchangeChosen[view.seat];
  return view.turn === view.seat;
}

/** The version a panel shows (its Refresh button's id carries it). */
function versionOf(panel: MessageView): number {
  return parseId(find(panel, 'hand')?.custom_id ?? '')?.version ?? -1;
}

describe('a German player and three English ones at one table', () => {
  it('each reads every panel in their own language, through a whole hand', async () => {
    const users = fx.users.slice(0, 4) as ScriptedUser[];
    const [ann, ben] = users as [ScriptedUser, ScriptedUser];
    scripted.useSeed(SEED);
    await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    for (const u of users.slice(1)) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const here = fx.bot.service.tableInChannel(fx.channelId);
    if (!here.ok) throw new Error('no table');
    const tableId = here.value.table.id;

    const live = new Map<string, string>();
    /** The user's live panel once it shows the table as it is now (else a newly opened one). */
    const panelOf = async (user: ScriptedUser): Promise<MessageView> => {
      const id = live.get(user.id);
      if (id) {
        const current = (m: MessageView) => m.id === id && versionOf(m) === viewOf(tableId, user).version;
        const shown = await user.waitForMessage(fx.channelId, current, 2_000).catch(() => undefined);
        if (shown) return shown;
      }
      const panel = await openPanel(user, fx.channelId);
      live.set(user.id, panel.id);
      return panel;
    };
    const fromSlash = async (user: ScriptedUser, name: string) => {
      const panel = await user.slash(fx.channelId, name).reply();
      live.set(user.id, panel.id);
    };

    const dice = new Dice(7);
    const called = new Set<string>();
    let annPassed = false;
    let moves = 0;
    for (let step = 0; step < 1_500; step++) {
      const first = viewOf(tableId, ann);
      if (first.handNumber > 1 || first.status === 'finished') break;
      const seat = ([0, 1, 2, 3] as const).find((s) => owes(viewOf(tableId, users[s] as ScriptedUser)));
      if (seat === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      const user = users[seat] as ScriptedUser;
      const view = viewOf(tableId, user);
      const panel = await panelOf(user);
      moves++;
      if (view.phase === 'exchange' && seat === 0) {
        await exchangeKeeping(user, panel, lowPicks(view.hand, ['mahjong', 'dragon', 'phoenix']));
        continue;
      }
      if (view.phase !== 'play' || view.pending) {
        expect(await takeTurn(user, panel, dice)).toBe(true);
        continue;
      }
      // Ann and Ben call Tichu before their first card, by slash command.
      if (seat <= 1 && !called.has(user.id) && view.calls[seat] === 'none' && view.hand.length === 14) {
        called.add(user.id);
        await fromSlash(user, 'tichu');
        continue;
      }
      const pass = find(panel, 'pass');
      if (seat === 0 && pass && !annPassed) {
        annPassed = true;
        await fromSlash(user, 'pass');
        continue;
      }
      await playFrom(user, panel, seat, dice);
    }
    const end = viewOf(tableId, ann);
    expect(end.handNumber > 1 || end.status === 'finished').toBe(true);
    expect(moves).toBeGreaterThan(10);
    // The last edits land: every live panel shows the table as it is.
    for (const user of users) await panelOf(user);

    const annSaw = seen.get(ann.id) ?? [];
    expect(annSaw.length).toBeGreaterThan(10);
    for (const texts of annSaw) {
      expect(phrasesIn(texts, 'en')).toEqual([]);
      expect(texts[0]).toMatch(/\*\*Deine Karten\*\* \(\d+\)|^\*Dieses Kartenfenster/);
    }
    const annText = annSaw.flat().join('\n');
    for (const german of [
      'Das sind deine ersten 8 Karten.',
      'Nein, gib mir meine Karten',
      'Schupfen bestätigen',
      'Du schupfst',
      'Erhalten:',
      '> Du hast Tichu angesagt!',
      '> Du hast gepasst.',
      'Rang wünschen',
      'Wunsch: ',
      'Du hast den Stich mit dem Drachen gewonnen (',
      'Karten zum Spielen wählen',
      'Aktualisieren',
      t('de', 'panel.retired'),
    ])
      expect(annText).toContain(german);
    expect(annText).toMatch(/\*\*du spielst aus\*\*|\*\*du bist am Zug\*\*/);

    for (const user of users.slice(1)) {
      const saw = seen.get(user.id) ?? [];
      expect(saw.length).toBeGreaterThan(5);
      for (const texts of saw) {
        expect(phrasesIn(texts, 'de')).toEqual([]);
        expect(texts[0]).toMatch(/\*\*Your hand\*\* \(\d+\)|^\*This panel/);
      }
      const text = saw.flat().join('\n');
      for (const english of ['No, deal my cards', 'Confirm exchange', 'Received:', 'Refresh'])
        expect(text).toContain(english);
    }
    expect((seen.get(ben.id) ?? []).flat().join('\n')).toContain('> You called Tichu!');
    // Who confirmed the exchange before the last one waited, told what they pass.
    expect((seen.get(ben.id) ?? []).flat().join('\n')).toMatch(/You pass .+ → Cat, .+ → Dan, .+ → Ann\./);
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.errors).toEqual([]);
  });
});

/** Ann's exchange: these three cards (she keeps her specials), chosen by value, then Confirm. */
async function exchangeKeeping(
  user: ScriptedUser,
  first: MessageView,
  picks: readonly Card[],
): Promise<void> {
  let panel = first;
  for (let slot = 0; slot < 3; slot++) {
    const select = componentsOf(panel).filter((c) => c.custom_id?.startsWith('exs:'))[slot];
    if (!select?.custom_id) throw new Error(`no exchange select ${slot}:\n${panel.content}`);
    panel = await user.select(panel.id, select.custom_id, [encodeCards([picks[slot] as Card])]).reply();
  }
  const confirm = find(panel, 'ex');
  if (!confirm?.custom_id) throw new Error(`no Confirm:\n${panel.content}`);
  await user.click(panel.id, confirm.custom_id).reply();
}

/**
 * A turn in play from the panel's plays menu: Ann plays the Mah Jong and the Dragon when she can;
 * otherwise a play at random, or a pass one time in four.
 */
async function playFrom(user: ScriptedUser, panel: MessageView, seat: Seat, dice: Dice): Promise<void> {
  const plays = find(panel, 'lp');
  const pass = find(panel, 'pass');
  const options = plays?.options ?? [];
  const special = options.find((o) => {
    const cards = decodePlay(o.value)?.cards ?? [];
    return seat === 0 && cards.length === 1 && (cards[0] === 'mahjong' || cards[0] === 'dragon');
  });
  if (pass?.custom_id && (options.length === 0 || (!special && dice.next(4) === 0))) {
    await user.click(panel.id, pass.custom_id).reply();
    return;
  }
  const choice = special ?? options[dice.next(options.length)];
  if (!plays?.custom_id || !choice) throw new Error(`nothing to play:\n${panel.content}`);
  await user.select(panel.id, plays.custom_id, [choice.value]).reply();
}
