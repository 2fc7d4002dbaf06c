/**
 * A sharded bot (SHARDS=2, METRICS_PORT) serves one endpoint from its main process: /metrics puts
 * both shard processes' series side by side, each labelled with its shard (a table opened on each
 * shard is one in each series; PromQL's sum adds them), the shared file's tables once, and says each
 * shard answered; /healthz is 200 while both are healthy. A shard process that stops answering
 * (SIGSTOP) is named by /healthz within the second allowed, not waited on, and tichu_healthy is 0,
 * while /metrics still serves the other's series unchanged (never a drop Prometheus would take for a
 * counter reset).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { freePort } from '../support/freePort.js';
import {
  botEnv,
  killGroup,
  logLines,
  logOrExit,
  type MainProcess,
  runMain,
  within,
} from '../support/mainProcess.js';
import { parsePrometheus } from '../support/promText.js';
import { idOnShard } from '../support/shardGuilds.js';

const WAIT_MS = 20_000;

let discord: LocalDiscord;
let dir: string;
let port: number;
let run: MainProcess;
const hosts: Array<{ user: ScriptedUser; channel: string }> = [];

async function get(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, body: await response.text() };
}

beforeAll(async () => {
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000, maxConcurrency: 2 });
  for (const shard of [0, 1]) {
    const { guild, channels } = discord.addGuild(`Shard ${shard}`, ['tichu'], {
      guildId: idOnShard(discord, shard, 2),
    });
    await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
    hosts.push({ user: discord.addUser(`Host ${shard}`), channel: (channels[0] as { id: string }).id });
  }
  dir = mkdtempSync(join(tmpdir(), 'tichu-metrics-shards-'));
  port = await freePort();
  run = runMain(
    botEnv({
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: join(dir, 'tichu.sqlite'),
      LOG_LEVEL: 'info',
      SHARDS: '2',
      METRICS_PORT: String(port),
    }),
    { detached: true },
  );
  const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
  expect(typeof ready === 'object', `the sharded bot did not start:\n${run.out()}`).toBe(true);
}, 40_000);

afterAll(async () => {
  killGroup(run?.child.pid);
  await discord?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('SHARDS=2 with METRICS_PORT: one endpoint for the whole bot', () => {
  it('/metrics has each shard’s series, labelled; /healthz is 200', async () => {
    for (const { user, channel } of hosts)
      await user.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    const { status, body } = await get('/metrics');
    expect(status).toBe(200);
    const parsed = parsePrometheus(body);
    const created = { kind: '/table create', outcome: 'ok' };
    expect(parsed.value('tichu_interactions_total', { ...created, shard: '0' })).toBe(1);
    expect(parsed.value('tichu_interactions_total', { ...created, shard: '1' })).toBe(1);
    // The shards share the file: its two tables are counted once, not once per shard.
    expect(parsed.samples.filter((s) => s.name === 'tichu_tables' && s.labels.status === 'lobby')).toEqual([
      { name: 'tichu_tables', labels: { status: 'lobby' }, value: 2 },
    ]);
    expect(parsed.value('tichu_shard_up', { shard: '0' })).toBe(1);
    expect(parsed.value('tichu_shard_up', { shard: '1' })).toBe(1);
    expect(parsed.samples.filter((s) => s.name === 'tichu_healthy')).toEqual([
      { name: 'tichu_healthy', labels: {}, value: 1 },
    ]);
  });

  it('a shard that does not answer is named within a second, not waited on; the other’s series are served unchanged', async () => {
    const created = { kind: '/table create', outcome: 'ok' };
    const pid = logLines(run.out()).find((l) => l.msg === 'shard started' && l.shard === 1)?.pid as number;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      expect(await get('/healthz')).toEqual({ status: 503, body: 'shard 1 did not answer within 1000 ms\n' });
      expect(Date.now() - started).toBeLessThan(3_000);
      const parsed = parsePrometheus((await get('/metrics')).body);
      expect(parsed.value('tichu_shard_up', { shard: '1' })).toBe(0);
      expect(parsed.value('tichu_shard_up', { shard: '0' })).toBe(1);
      expect(parsed.value('tichu_healthy')).toBe(0);
      // Shard 0's counter is as it was; shard 1's series are missing from this scrape (a gap), not 0.
      expect(parsed.value('tichu_interactions_total', { ...created, shard: '0' })).toBe(1);
      expect(
        parsed.samples.filter((s) => s.name === 'tichu_interactions_total' && s.labels.shard === '1'),
      ).toEqual([]);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const deadline = Date.now() + WAIT_MS;
    while ((await get('/healthz')).status !== 200 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    const back = parsePrometheus((await get('/metrics')).body);
    expect(back.value('tichu_interactions_total', { ...created, shard: '1' })).toBe(1);
    expect(back.value('tichu_healthy')).toBe(1);
  });

  it('SIGTERM stops every shard and closes the endpoint', async () => {
    process.kill(run.child.pid as number, 'SIGTERM');
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
