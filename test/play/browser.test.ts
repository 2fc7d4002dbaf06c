/**
 * The play page in a real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * a table made from the command box, three bots added, the match started, Grand Tichu declined,
 * the exchange made with its three selects, a card played from the live panel, and the table
 * message follows; another person's page never shows the first one's panel. Cards in menus and
 * checkboxes are pictures, never ":tc_3sw_1655fcf9:" text; the people have names; with the page in
 * German its words and its countdowns are German. Screenshots go to test-output/play/
 * (PLAY_SCREENSHOTS=docs writes the two the README shows into docs/).
 *
 * CI installs Chromium (.ci/run); elsewhere the test needs `apt-get install chromium` and is
 * skipped, saying so, when it is missing.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemEnvironment } from '../../src/app/ids.js';
import { type PlayServer, startPlayServer } from '../../src/play/playServer.js';
import { startFixture } from '../support/botFixture.js';
import { type PlayFixture, startPlayFixture } from '../support/playFixture.js';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs it with apt-get`);
if (!present) console.warn(`browser test skipped: no ${CHROMIUM} (apt-get install chromium)`);

const SHOTS = process.env.PLAY_SCREENSHOTS === 'docs' ? 'docs' : join('test-output', 'play');
/** Generous: CI runs this beside the other test files on two cores, Chromium included. */
const WAIT_MS = 20_000;
/** The deal of the first test: Ann's first turn offers plays (BROWSER_TEST_SEED tries another). */
const SEED = 'browser-seed-2';

let play: PlayFixture | undefined;
let server: PlayServer;
let browser: Browser;

beforeAll(async () => {
  if (!present) return;
  // A fixed deal: with a random one, a bot could lead what Ann cannot beat, and her first turn
  // would offer only Pass, no plays menu (the test would wait for one in vain).
  let tables = 0;
  play = await startPlayFixture({
    env: {
      ...systemEnvironment,
      newTableId: () => `browser${tables++}`,
      newSeed: () => process.env.BROWSER_TEST_SEED ?? SEED,
      randomInt: () => 0,
    },
  });
  server = play.server;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await play?.close();
});

/** A page playing as the `index`th person of the session (of `url`: the English page by default). */
async function open(index: number, url = server.url): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  const switcher = page.getByTestId('user-switcher');
  await switcher.waitFor({ timeout: WAIT_MS });
  await switcher.selectOption({ index });
  return page;
}

async function command(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('command-input');
  await input.fill(text);
  await input.press('Enter');
}

/**
 * Every text node on the page (options and hidden ones included) that spells a custom emoji's
 * name, as a card emoji drawn as text would read: ":tc_3sw_1655fcf9:". Should be none.
 */
const emojiAsText = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page: the DOM's globals, which this file's (Node) types do not declare.
    const { document, NodeFilter } = globalThis as unknown as {
      document: {
        body: unknown;
        createTreeWalker(root: unknown, show: number): { nextNode(): { textContent: string | null } | null };
      };
      NodeFilter: { SHOW_TEXT: number };
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (/:[A-Za-z]+_\w+_[0-9a-f]{8}:/.test(node.textContent ?? '')) found.push(node.textContent ?? '');
    return found;
  });

/** Whether every picture `images` finds has loaded from the page's server (the card PNGs are 128 px wide). */
const allLoaded = (images: Locator) => () =>
  images.evaluateAll(
    (imgs) =>
      imgs.length > 0 &&
      imgs.every((img) => {
        const picture = img as unknown as { complete: boolean; naturalWidth: number };
        return picture.complete && picture.naturalWidth === 128;
      }),
  );

/** Opens the select menu (a button and its listbox) and chooses its `index`th option. */
async function chooseOption(menu: Locator, index: number): Promise<void> {
  await menu.locator('.select-toggle').click({ timeout: WAIT_MS });
  await menu.getByRole('option').nth(index).click({ timeout: WAIT_MS });
}

describe.skipIf(!present)('the play page in Chromium', () => {
  it('plays a hand’s first moves against three bots, each person seeing only their own panel', async () => {
    const you = await open(0);
    // The page's people have names; the one you play as is marked "(you)" in the switcher only.
    const switcher = you.getByTestId('user-switcher');
    expect(await switcher.locator('option').allTextContents()).toEqual(['Ann (you)', 'Ben', 'Cat', 'Dan']);
    // The first-visit hint says what to type; dismissed, it stays away (and out of the screenshots).
    const hint = you.getByText(/then add bots with/);
    await hint.waitFor({ state: 'visible', timeout: WAIT_MS });
    await you.getByRole('button', { name: 'Got it' }).click();
    await hint.waitFor({ state: 'hidden', timeout: WAIT_MS });
    // What Discord would not let one type is said, not dropped: words that are no option, a
    // command without its subcommand.
    await command(you, '/tichu now');
    await you
      .getByRole('alert')
      .filter({ hasText: '/tichu takes no options: “now” is not one.' })
      .waitFor({ timeout: WAIT_MS });
    await command(you, '/table settings');
    await you
      .getByRole('alert')
      .filter({ hasText: /^\/table needs one of: create, timer, pace, away, join, leave,/ })
      .waitFor({ timeout: WAIT_MS });
    // Commands, not the table message's buttons: the test holds whatever form that message takes.
    await command(you, '/table create');
    await you.getByText('used /table create').waitFor({ timeout: WAIT_MS });
    for (let bot = 1; bot <= 3; bot++) {
      await command(you, '/table bot do:add');
      await you
        .getByText(/bot sits down/i)
        .nth(bot - 1)
        .waitFor({ timeout: WAIT_MS });
    }
    await command(you, '/table start');
    await you.getByText(/The match begins/).waitFor({ timeout: WAIT_MS });
    await command(you, '/hand');

    const panel = you.getByTestId('message').filter({ hasText: 'Only you can see this' }).last();
    await panel.getByRole('button', { name: /No, deal my cards/ }).click({ timeout: WAIT_MS });
    // The exchange: one select menu per other player, then Confirm.
    const menus = panel.locator('[data-testid="select"][data-custom-id^="exs:"]');
    await menus.first().waitFor({ timeout: WAIT_MS });
    // Open, the menu lists the cards as pictures, one per option, each loaded.
    await menus.first().locator('.select-toggle').click();
    const options = menus.first().getByRole('option');
    expect(await options.count()).toBeGreaterThanOrEqual(14);
    expect(await menus.first().locator('[role="option"] img.emoji').count()).toBe(await options.count());
    await expect
      .poll(allLoaded(menus.first().locator('[role="option"] img.emoji')), { timeout: WAIT_MS })
      .toBe(true);
    expect(await emojiAsText(you)).toEqual([]);
    await you.keyboard.press('Escape');
    for (let slot = 0; slot < 3; slot++) {
      const menu = panel.locator('[data-testid="select"][data-custom-id^="exs:"]').nth(slot);
      await chooseOption(menu, slot);
      // Closed, the menu shows the chosen card's picture (as Discord does), not its emoji's name.
      await menu.locator('.select-value img.emoji').waitFor({ timeout: WAIT_MS });
    }
    await expect.poll(allLoaded(panel.locator('.select-value img.emoji')), { timeout: WAIT_MS }).toBe(true);
    expect(await panel.locator('.select-value img.emoji').count()).toBe(3);
    // The cards show as their pictures: the hand's emoji images, each loaded from the page's server.
    const cards = panel.locator('img.md-emoji');
    expect(await cards.count()).toBeGreaterThanOrEqual(14);
    await expect.poll(allLoaded(cards), { timeout: WAIT_MS }).toBe(true);
    expect(await emojiAsText(you)).toEqual([]);
    await you.screenshot({ path: join(SHOTS, 'play-exchange.png') });
    await panel.getByRole('button', { name: /Confirm exchange/ }).click({ timeout: WAIT_MS });

    // The bots play, each after its pause; the live panel offers our plays when our turn comes.
    const plays = panel.locator('[data-testid="select"][data-custom-id^="lp:"]');
    await plays.waitFor({ timeout: WAIT_MS });
    // The card picker's checkboxes show each card's picture beside its box.
    const boxes = panel.locator('.multi-option');
    expect(await boxes.count()).toBeGreaterThanOrEqual(1);
    expect(await panel.locator('.multi-option img.emoji').count()).toBe(await boxes.count());
    expect(await emojiAsText(you)).toEqual([]);
    // Our first play of the hand: the panel's trick log then has a line of ours ("You: single 5").
    expect((await panel.textContent()) ?? '').not.toMatch(/You: /);
    // The bots after us take their time (the page's bot runs at the default pace, 900 ms): the
    // panel's trick log grows one move at a time, the bots' moves far apart, not all at once.
    const trickLog = async () =>
      ((await panel.innerText()) ?? '')
        .split('\n')
        .filter((line) => /^(?:Bot \d|You): /.test(line))
        .join('|');
    const before = await trickLog();
    await chooseOption(plays, 0);
    const seen: Array<{ at: number; log: string }> = [];
    for (let i = 0, last = before; i < 400 && seen.length < 3; i++) {
      const log = await trickLog();
      if (log !== last) seen.push({ at: Date.now(), log });
      last = log;
      await you.waitForTimeout(20);
    }
    // Our play, then two bot moves, each at least most of a pause after the move before it.
    expect(seen.map((s) => s.log.split('|').length)).toHaveLength(3);
    const [ours, next, after] = seen as unknown as [{ at: number }, { at: number }, { at: number }];
    expect(next.at - ours.at).toBeGreaterThan(500);
    expect(after.at - next.at).toBeGreaterThan(500);
    await expect.poll(async () => (await panel.textContent()) ?? '', { timeout: WAIT_MS }).toMatch(/You: /);
    // The bot names people by their names: no "You's Tichu" or "You passes" anywhere.
    expect(await you.locator('body').textContent()).not.toMatch(/\bYou(?:['’]s| passes)\b/);
    expect(await emojiAsText(you)).toEqual([]);
    await you.screenshot({ path: join(SHOTS, 'play-table.png'), fullPage: true });

    // Ben's page shows the table, but never Ann's panel; there he is the one marked "(you)".
    const ben = await open(1);
    expect(await ben.getByTestId('user-switcher').locator('option').allTextContents()).toEqual([
      'Ann',
      'Ben (you)',
      'Cat',
      'Dan',
    ]);
    await ben.getByText('used /table create').waitFor({ timeout: WAIT_MS });
    const panelId = await panel.getAttribute('data-message-id');
    expect(panelId).toBeTruthy();
    expect(await ben.locator(`[data-message-id="${panelId}"]`).count()).toBe(0);
    expect(await ben.getByText('Only you can see this').count()).toBe(0);
    // Ann, on a page of her own that never dismissed the getting-started hint, holds a panel: the
    // hint goes by itself and leaves the room to play.
    const annAgain = await open(0);
    await annAgain.locator(`[data-message-id="${panelId}"]`).waitFor({ timeout: WAIT_MS });
    await annAgain.getByText(/then add bots with/).waitFor({ state: 'hidden', timeout: WAIT_MS });
  });

  it('speaks German with --lang de: its own words, the bot’s, and the countdowns', async () => {
    const fx = await startFixture({ cardEmoji: true, guildLocale: 'de', locales: ['de', 'de', 'de', 'de'] });
    const german = await startPlayServer({
      discord: fx.discord,
      guildId: fx.guildId,
      channelId: fx.channelId,
      users: fx.users,
      port: 0,
      lang: 'de',
    });
    try {
      const page = await open(0, german.url);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.getByTestId('user-switcher').locator('option').first().textContent()).toBe(
        'Ann (du)',
      );
      await page.getByRole('button', { name: 'Verstanden' }).click({ timeout: WAIT_MS });
      expect(await page.getByTestId('command-send').textContent()).toBe('Senden');
      await command(page, '/table create');
      await page.getByText('hat /table create verwendet').waitFor({ timeout: WAIT_MS });
      for (let bot = 1; bot <= 2; bot++) {
        await command(page, '/table bot do:hinzufügen');
        await page
          .getByText(/nimmt Platz/)
          .nth(bot - 1)
          .waitFor({ timeout: WAIT_MS });
      }
      // A level typed as the German list shows it (its name is "Experte: rechnet am längsten…").
      await command(page, '/table bot do:hinzufügen level:Experte');
      await page.getByText('Ein Bot (Stufe Experte) nimmt Platz').waitFor({ timeout: WAIT_MS });
      await command(page, '/table start');
      // The start's own answer first, so the last private message is the panel /hand brings.
      await page.getByText(/Die Partie beginnt/).waitFor({ timeout: WAIT_MS });
      await command(page, '/hand');
      const panel = page
        .getByTestId('message')
        .filter({ hasText: 'Nur du kannst das sehen' })
        .filter({ hasText: 'Deine Karten' })
        .last();
      await panel.waitFor({ timeout: WAIT_MS });
      // The turn timer's <t:…:R> reads as Discord's German client shows it: "in 2 Minuten".
      const countdown = panel.locator('time[data-style="R"]').first();
      await expect
        .poll(async () => (await countdown.textContent()) ?? '', { timeout: WAIT_MS })
        .toMatch(/^in \d+ (Minuten?|Sekunden?)$/);
      expect(await page.getByText('Only you can see this').count()).toBe(0);
      expect(await emojiAsText(page)).toEqual([]);
      // For a person to read: the German words and the cards as pictures.
      await page.screenshot({ path: join(SHOTS, 'play-de.png'), fullPage: true });
    } finally {
      await german.close();
      await fx.close();
    }
  });
});
