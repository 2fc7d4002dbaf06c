/**
 * The play page in a real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * a table made from the command box, three bots added, the match started, Grand Tichu declined,
 * the exchange made with its three selects, a card played from the live panel, and the table
 * message follows; another person's page never shows the first one's panel. Screenshots go to
 * test-output/play/ (PLAY_SCREENSHOTS=docs writes the two the README shows into docs/).
 *
 * CI installs Chromium (.ci/run); elsewhere the test needs `apt-get install chromium` and is
 * skipped, saying so, when it is missing.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayServer } from '../../src/play/playServer.js';
import { type PlayFixture, startPlayFixture } from '../support/playFixture.js';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs it with apt-get`);
if (!present) console.warn(`browser test skipped: no ${CHROMIUM} (apt-get install chromium)`);

const SHOTS = process.env.PLAY_SCREENSHOTS === 'docs' ? 'docs' : join('test-output', 'play');
const WAIT_MS = 10_000;

let play: PlayFixture | undefined;
let server: PlayServer;
let browser: Browser;

beforeAll(async () => {
  if (!present) return;
  play = await startPlayFixture();
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

/** A page playing as the `index`th person of the session. */
async function open(index: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.url);
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

/** The newest message showing `text`. */
const message = (page: Page, text: string | RegExp) =>
  page.getByTestId('message').filter({ hasText: text }).last();

describe.skipIf(!present)('the play page in Chromium', () => {
  it('plays a hand’s first moves against three bots, each person seeing only their own panel', async () => {
    const you = await open(0);
    // The first-visit hint says what to type; dismissed, it stays away (and out of the screenshots).
    const hint = you.getByText(/then add bots with/);
    await hint.waitFor({ state: 'visible', timeout: WAIT_MS });
    await you.getByRole('button', { name: 'Got it' }).click();
    await hint.waitFor({ state: 'hidden', timeout: WAIT_MS });
    await command(you, '/table create');
    const lobby = message(you, 'Waiting for players');
    await lobby.waitFor({ timeout: WAIT_MS });
    for (let bot = 1; bot <= 3; bot++) {
      await command(you, '/table bot do:add');
      await you
        .getByText(/bot sits down/i)
        .nth(bot - 1)
        .waitFor({ timeout: WAIT_MS });
    }
    await lobby.getByRole('button', { name: 'Start' }).click();
    const table = message(you, /hand 1/);
    await table.getByRole('button', { name: 'My hand' }).click({ timeout: WAIT_MS });

    const panel = you.getByTestId('message').filter({ hasText: 'Only you can see this' }).last();
    await panel.getByRole('button', { name: /No, deal my cards/ }).click({ timeout: WAIT_MS });
    // The exchange: one select per other player, then Confirm.
    const selects = panel.locator('select[data-custom-id^="exs:"]');
    await selects.first().waitFor({ timeout: WAIT_MS });
    for (let slot = 0; slot < 3; slot++) {
      const select = panel.locator('select[data-custom-id^="exs:"]').nth(slot);
      await select.selectOption({ index: slot + 1 });
      await you.waitForTimeout(50);
    }
    // The cards show as their pictures: the hand's emoji images, each loaded from the page's server.
    const cards = panel.locator('img.md-emoji');
    expect(await cards.count()).toBeGreaterThanOrEqual(14);
    const loaded = () =>
      cards.evaluateAll((imgs) =>
        imgs.every((img) => {
          const picture = img as unknown as { complete: boolean; naturalWidth: number };
          return picture.complete && picture.naturalWidth === 128;
        }),
      );
    await expect.poll(loaded, { timeout: WAIT_MS }).toBe(true);
    await you.screenshot({ path: join(SHOTS, 'play-exchange.png') });
    await panel.getByRole('button', { name: /Confirm exchange/ }).click({ timeout: WAIT_MS });

    // The bots play at once; the live panel offers our plays when our turn comes.
    const plays = panel.locator('select[data-custom-id^="lp:"]');
    await plays.waitFor({ timeout: WAIT_MS });
    const before = (await table.textContent()) ?? '';
    await plays.selectOption({ index: 1 });
    await expect.poll(async () => (await table.textContent()) ?? '', { timeout: WAIT_MS }).not.toBe(before);
    await expect.poll(async () => (await table.textContent()) ?? '', { timeout: WAIT_MS }).toContain('Ann');
    await you.screenshot({ path: join(SHOTS, 'play-table.png'), fullPage: true });

    // Ben's page shows the table, but never Ann's panel.
    const ben = await open(1);
    await message(ben, /hand 1/).waitFor({ timeout: WAIT_MS });
    const panelId = await panel.getAttribute('data-message-id');
    expect(panelId).toBeTruthy();
    expect(await ben.locator(`[data-message-id="${panelId}"]`).count()).toBe(0);
    expect(await ben.getByText('Only you can see this').count()).toBe(0);
  });
});
