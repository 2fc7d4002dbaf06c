/**
 * Health and metrics through the real bot process (`npm start`'s code, with METRICS_PORT) against
 * the local Discord: /healthz is 200 once connected; /metrics parses as Prometheus text and its
 * counters move with a hand played by a person and three bots (one of each level), a 429 is counted
 * by route; no card, hand, id or token appears in any metric or label (as the log's tests check the
 * log); /healthz turns 503 naming the file when the database is made read-only under the running
 * bot, and 200 again when it is writable; SIGTERM closes the endpoint. Root writes through any file
 * mode, so as root (CI) the bot runs without the capabilities that allow it, as test/startup.test.ts does.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/deploy.js';
import { DECK, formatCard } from '../../src/engine/index.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { freePort } from '../support/freePort.js';
import {
  botEnv,
  killGroup,
  logOrExit,
  type MainProcess,
  plainLines,
  type RunOptions,
  runMain,
  within,
} from '../support/mainProcess.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';
import { parsePrometheus, type Scrape } from '../support/promText.js';

const WAIT_MS = 20_000;
const AS_ROOT = process.getuid?.() === 0;
/** As root: root without the powers that pass file modes by (test/startup.test.ts does the same). */
const asUser: RunOptions = AS_ROOT
  ? { withoutCapabilities: ['dac_override', 'dac_read_search', 'fowner', 'kill'] }
  : {};

let discord: LocalDiscord;
let dir: string;
let database: string;
let port: number;
let run: MainProcess;
let ann: ScriptedUser;
let channel: string;
let first: Scrape;

/** A port nothing listens on right now. */
async function get(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, body: await response.text() };
}

async function scrape(): Promise<Scrape> {
  const { status, body } = await get('/metrics');
  expect(status).toBe(200);
  return parsePrometheus(body);
}

/** Polls /healthz (bounded) until its status is `status`; returns the body. */
async function healthBecomes(status: number): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const answer = await get('/healthz');
    if (answer.status === status) return answer.body;
    if (Date.now() > deadline) throw new Error(`/healthz stayed ${answer.status} (${answer.body.trim()})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const { guild, channels } = discord.addGuild('Metrics', ['tichu']);
  ann = discord.addUser('Ann');
  channel = (channels[0] as { id: string }).id;
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  dir = mkdtempSync(join(tmpdir(), 'tichu-metrics-'));
  database = join(dir, 'tichu.sqlite');
  port = await freePort();
  run = runMain(
    botEnv({
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: database,
      LOG_LEVEL: 'info',
      METRICS_PORT: String(port),
      BOT_HARD_BUDGET_MS: '20',
      BOT_WORKERS: '1',
    }),
    { ...asUser, detached: true },
  );
  const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
  expect(typeof ready === 'object', `the bot did not start:\n${run.out()}`).toBe(true);
}, 30_000);

afterAll(async () => {
  killGroup(run?.child.pid);
  await discord?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('METRICS_PORT: /healthz and /metrics of the running bot', () => {
  it('/healthz is 200 "ok" once connected; /metrics parses, with the bot’s metrics and Node’s', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    first = await scrape();
    for (const [name, type] of [
      ['tichu_interactions_total', 'counter'],
      ['tichu_interaction_answer_seconds', 'histogram'],
      ['tichu_tables', 'gauge'],
      ['tichu_hands_played_total', 'counter'],
      ['tichu_bot_decision_seconds', 'histogram'],
      ['tichu_discord_requests_total', 'counter'],
      ['tichu_discord_rate_limited_total', 'counter'],
      ['tichu_outbox_depth', 'gauge'],
      ['tichu_flush_seconds', 'histogram'],
      ['tichu_healthy', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['process_cpu_seconds_total', 'counter'],
    ])
      expect([name, first.types.get(name as string)]).toEqual([name, type]);
    expect(first.value('tichu_healthy')).toBe(1);
    expect(first.value('tichu_hands_played_total')).toBe(0);
    expect(first.value('tichu_tables', { status: 'playing' })).toBe(0);
  });

  it('its counters move with a hand played by a person and an easy, a normal and a hard bot', async () => {
    await ann.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);
    for (const [seat, level] of [
      [2, 'easy'],
      [3, 'normal'],
      [4, 'hard'],
    ] as const)
      await ann
        .slash(channel, 'table', { subcommand: 'bot', options: { do: 'add', seat, level } })
        .reply(WAIT_MS);
    await ann.slash(channel, 'table', { subcommand: 'start' }).reply(WAIT_MS);
    // One 429 on the table message's edits: discord.js waits it out and sends the edit again.
    const limit = discord.faults.rest({
      route: /^PATCH \/channels\/\d+\/messages\//,
      status: 429,
      retryAfterMs: 50,
    });
    const dice = new Dice(7);
    let now = await scrape();
    for (let round = 0; round < 400 && now.value('tichu_hands_played_total') < 1; round++) {
      if (!(await takeTurn(ann, await openPanel(ann, channel), dice)))
        await new Promise((resolve) => setTimeout(resolve, 30)); // a hard bot is thinking
      now = await scrape();
    }
    expect(now.value('tichu_hands_played_total')).toBe(1);
    expect(limit.hits).toBe(1);

    const moved = (name: string, labels: Record<string, string> = {}) =>
      now.value(name, labels) - first.value(name, labels);
    expect(moved('tichu_interactions_total', { kind: '/table create', outcome: 'ok' })).toBe(1);
    expect(moved('tichu_interactions_total', { kind: '/table bot', outcome: 'ok' })).toBe(3);
    // "My hand" clicks, then the plays, passes and picks each a kind of its own, by its verb.
    expect(moved('tichu_interactions_total', { kind: 'hand', outcome: 'ok' })).toBeGreaterThan(3);
    expect(moved('tichu_interaction_answer_seconds_count', { type: 'component' })).toBeGreaterThan(3);
    expect(moved('tichu_interaction_answer_seconds_count', { type: 'command' })).toBe(5);
    expect(moved('tichu_interaction_answer_seconds_sum')).toBeGreaterThan(0);
    for (const level of ['easy', 'normal', 'hard'])
      expect(moved('tichu_bot_decision_seconds_count', { level }), level).toBeGreaterThan(0);
    expect(
      moved('tichu_discord_requests_total', {
        route: '/interactions/:id/:token/callback',
        method: 'POST',
        status: '2xx',
      }),
    ).toBeGreaterThan(5);
    expect(
      moved('tichu_discord_requests_total', {
        route: '/channels/:id/messages/:id',
        method: 'PATCH',
        status: '2xx',
      }),
    ).toBeGreaterThan(0);
    expect(
      moved('tichu_discord_rate_limited_total', { route: '/channels/:id/messages/:id', global: 'false' }),
    ).toBe(1);
    expect(moved('tichu_flush_seconds_count')).toBeGreaterThan(5);
    expect(now.value('tichu_tables', { status: 'playing' })).toBe(1);
    expect(now.value('tichu_outbox_depth', { queue: 'channel' })).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('no card, hand, id or token appears in any metric or label', async () => {
    const { body } = await get('/metrics');
    const parsed = parsePrometheus(body);
    const secrets = [discord.token, ...discord.hub.world.interactionsByToken.keys()];
    expect(secrets.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(body).not.toContain(secret);
    const cards = new Set(DECK.map(formatCard));
    // Every label's value but a histogram's bucket bounds (`le`), which are numbers of seconds.
    const values = parsed.samples.flatMap((s) =>
      Object.entries(s.labels)
        .filter(([name]) => name !== 'le')
        .map(([, value]) => value),
    );
    expect(values.length).toBeGreaterThan(50);
    // No id (a snowflake, a table's or a match's), no card code, nothing typed: only words and routes.
    expect(values.filter((v) => /\d{4,}/.test(v) || cards.has(v))).toEqual([]);
    const db = new Database(database, { readonly: true });
    try {
      const ids = [
        ...(db.prepare('SELECT id FROM tables').all() as Array<{ id: string }>).map((r) => r.id),
        ...(db.prepare('SELECT guild_id, channel_id, host_id FROM tables').raw().all().flat() as string[]),
      ];
      expect(ids).toHaveLength(4);
      for (const id of ids) expect(body).not.toContain(id);
    } finally {
      db.close();
    }
    expect(body).not.toContain('"cards"');
  });

  it('/healthz turns 503 naming the file when the database is made read-only, and 200 once writable again', async () => {
    chmodSync(database, 0o444);
    try {
      const reason = await healthBecomes(503);
      expect(reason).toBe(
        `the database file ${database} is read-only (EACCES): make it writable for the user the bot runs as\n`,
      );
      expect((await scrape()).value('tichu_healthy')).toBe(0);
    } finally {
      chmodSync(database, 0o644);
    }
    expect(await healthBecomes(200)).toBe('ok\n');
  });

  it('a second bot on the same METRICS_PORT stops at start with one line, before touching its database', async () => {
    const other = join(dir, 'other.sqlite');
    const second = runMain(
      botEnv({
        DISCORD_TOKEN: discord.token,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.restUrl,
        DATABASE_PATH: other,
        METRICS_PORT: String(port),
      }),
      asUser,
    );
    expect(await within(second.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(plainLines(second.out())).toEqual([
      `The bot cannot start: METRICS_PORT ${port} is already in use on 127.0.0.1 (another program, or another copy of the bot, listens there): choose another port in .env or stop that program.`,
    ]);
    expect(existsSync(other)).toBe(false);
    // The first bot is unaffected.
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
  });

  it('SIGTERM stops the bot cleanly and closes the endpoint', async () => {
    process.kill(run.child.pid as number, 'SIGTERM');
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
