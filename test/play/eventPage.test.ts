/**
 * An event on the play page in a real headless Chromium, with eight people (`npm run play --
 * --users 8`): the host makes a duplicate event from the command box, each of the eight checks in
 * with the event message's button (switching person on the page), the host presses Start, and the
 * two table threads appear in the channel list without a reload. In her thread the host opens her
 * hand and uses a slash command; a person at the other table sees the channel and their own thread,
 * never hers. A screenshot goes to test-output/play/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlayServer, startPlayServer } from '../../src/play/playServer.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs it with apt-get`);
const SHOTS = join('test-output', 'play');
const WAIT_MS = 10_000;

let fx: BotFixture;
let server: PlayServer;
let browser: Browser;

beforeAll(async () => {
  if (!present) return;
  fx = await startFixture({ users: 8 });
  server = await startPlayServer({
    discord: fx.discord,
    guildId: fx.guildId,
    channelId: fx.channelId,
    users: fx.users,
    port: 0,
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fx?.close();
});

async function command(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('command-input');
  await input.fill(text);
  await input.press('Enter');
}

/** The channel list's tabs, as they read ("#tichu", "🔒Round 1 · Table 1"). */
const tabs = (page: Page) => page.getByTestId('channel').allTextContents();

describe.skipIf(!present)('an event on the play page', () => {
  it('eight check in, the host starts, and each person sees their own table’s thread only', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const switcher = page.getByTestId('user-switcher');
    await switcher.waitFor({ timeout: WAIT_MS });
    expect(await switcher.locator('option').allTextContents()).toEqual([
      'Ann (you)',
      'Ben',
      'Cat',
      'Dan',
      'Eve',
      'Fay',
      'Gus',
      'Hal',
    ]);
    // Only the channel: no channel list yet.
    expect(await page.getByTestId('channels').isHidden()).toBe(true);
    await command(page, '/event create format:duplicate hands:1 rounds:1');
    await page.getByText('used /event create').waitFor({ timeout: WAIT_MS });

    for (let i = 0; i < 8; i++) {
      await switcher.selectOption({ index: i });
      await page.getByRole('button', { name: 'Check in' }).last().click({ timeout: WAIT_MS });
      await page.getByText('You are checked in.').waitFor({ timeout: WAIT_MS });
    }
    await switcher.selectOption({ index: 0 });
    await page.getByText('Pairs (4)').last().waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Start' }).last().click({ timeout: WAIT_MS });

    // Her table's thread appears without a reload, marked as news; the other table's never does.
    const nav = page.getByTestId('channels');
    await nav.waitFor({ state: 'visible', timeout: WAIT_MS });
    await expect.poll(() => tabs(page), { timeout: WAIT_MS }).toHaveLength(2);
    // Both threads made, and each of the eight added to one of them.
    const seated = () => {
      const made = fx.discord.threads(fx.channelId);
      return made.length === 2 && fx.users.every((u) => made.filter((t) => u.canView(t.id)).length === 1);
    };
    await expect.poll(seated, { timeout: WAIT_MS }).toBe(true);
    const threads = fx.discord.threads(fx.channelId);
    const ann = fx.users[0]?.id as string;
    const hers = threads.find((t) => fx.discord.canView(ann, t.id));
    const other = threads.find((t) => !fx.discord.canView(ann, t.id));
    if (!hers || !other) throw new Error('Ann should see exactly one of the two threads');
    expect(await tabs(page)).toEqual(['#tichu', `🔒${hers.name}`]);
    const tab = page.locator(`[data-channel-id="${hers.id}"]`);
    await expect.poll(() => tab.locator('.unread-dot').count(), { timeout: WAIT_MS }).toBe(1);

    // In the thread: the welcome, the table message, and My hand's panel, as in the channel.
    await tab.click();
    expect(await tab.getAttribute('aria-current')).toBe('page');
    expect(await page.locator('#channel-name').textContent()).toBe(hers.name);
    expect(await tab.locator('.unread-dot').count()).toBe(0);
    await page.getByText(/your table for round 1/).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'My hand' }).last().click({ timeout: WAIT_MS });
    await page
      .getByTestId('message')
      .filter({ hasText: 'Only you can see this' })
      .filter({ has: page.locator('[data-custom-id^="exs:"]') })
      .last()
      .waitFor({ timeout: WAIT_MS });
    // A slash command typed in the thread is used in the thread.
    await command(page, '/event results');
    await page.getByText('used /event results').waitFor({ timeout: WAIT_MS });
    await page.screenshot({ path: join(SHOTS, 'play-event-thread.png') });
    await page.locator(`[data-channel-id="${fx.channelId}"]`).click();
    await page.getByText('used /event create').waitFor({ timeout: WAIT_MS });
    expect(await page.getByText('used /event results').count()).toBe(0);

    // Someone at the other table: the channel and their own thread, never Ann's.
    const index = fx.users.findIndex((u) => fx.discord.canView(u.id, other.id));
    await switcher.selectOption({ index });
    await expect.poll(() => tabs(page), { timeout: WAIT_MS }).toEqual(['#tichu', `🔒${other.name}`]);
    expect(await page.locator(`[data-channel-id="${hers.id}"]`).count()).toBe(0);
    await page.locator(`[data-channel-id="${other.id}"]`).click();
    await page.getByText(/your table for round 1/).waitFor({ timeout: WAIT_MS });
    expect(await page.getByText('used /event results').count()).toBe(0);
    expect(fx.errors).toEqual([]);
    await context.close();
  });
});
