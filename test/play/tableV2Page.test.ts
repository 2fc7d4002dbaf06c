/**
 * The play page draws the Components V2 table message as Discord does, in a real headless Chromium:
 * the container with its accent colour as a left bar (grey in the lobby, the acting team's colour in
 * play), its title as a markdown heading, separators as rules, each seat that can be taken as a
 * section with its Take seat button to the right of the seat's line, and buttons that answer.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlayFixture, startPlayFixture } from '../support/playFixture.js';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs it with apt-get`);
const WAIT_MS = 10_000;

let play: PlayFixture | undefined;
let browser: Browser;

beforeAll(async () => {
  if (!present) return;
  play = await startPlayFixture();
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
});
afterAll(async () => {
  await browser?.close();
  await play?.close();
});

async function command(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('command-input');
  await input.fill(text);
  await input.press('Enter');
}

const borderColour = (page: Page) =>
  page
    .getByTestId('container')
    .last()
    .evaluate((box) => (box as unknown as { style: { borderLeftColor: string } }).style.borderLeftColor);

describe.skipIf(!present)('the V2 table message on the play page', () => {
  it('draws the container, its heading, rules and a Take seat button beside its seat', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    await page.goto((play as PlayFixture).server.url);
    await page.getByTestId('command-input').waitFor({ timeout: WAIT_MS });
    await command(page, '/table create');
    const box = page.getByTestId('container').last();
    await box.waitFor({ timeout: WAIT_MS });
    // The title is a heading (### in the text display), the lobby grey, its buttons inside the box.
    await expect
      .poll(() => box.locator('h3').first().textContent(), { timeout: WAIT_MS })
      .toBe('Tichu · new table');
    expect(await borderColour(page)).toBe('rgb(136, 136, 136)');
    expect(await box.locator('hr.v2-rule').count()).toBeGreaterThanOrEqual(2);
    expect(await box.getByRole('button', { name: 'Join' }).count()).toBe(1);
    // Words are markdown, not raw text: "**Seats**" reads as bold "Seats".
    expect(await box.locator('strong', { hasText: 'Seats' }).count()).toBe(1);

    for (let seat = 2; seat <= 4; seat++) {
      await command(page, '/table bot do:add');
      await expect.poll(() => box.textContent(), { timeout: WAIT_MS }).toContain(`${seat}. Bot ${seat}`);
    }
    await box.getByRole('button', { name: 'Start' }).click({ timeout: WAIT_MS });
    const take = box.getByRole('button', { name: 'Take seat 2' });
    await take.waitFor({ timeout: WAIT_MS });
    // The seat's section: its line on the left, its button to the right of it.
    const section = page.getByTestId('section').filter({ hasText: '2. Bot 2' }).last();
    const line = await section.locator('.v2-section-texts').boundingBox();
    const button = await take.boundingBox();
    expect(line && button && button.x >= line.x + line.width - 1).toBe(true);
    // Grand Tichu: the bots decided at once, so Ann's team (🟦) is the one to act.
    await expect.poll(() => borderColour(page), { timeout: WAIT_MS }).toBe('rgb(85, 172, 238)');
    // My hand, in the container's row, answers with the panel.
    await box.getByRole('button', { name: 'My hand' }).click({ timeout: WAIT_MS });
    await page
      .getByTestId('message')
      .filter({ hasText: /No, deal my cards/ })
      .last()
      .waitFor({ timeout: WAIT_MS });
    await context.close();
  });
});
