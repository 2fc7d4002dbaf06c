/**
 * End-to-end figures through the local Discord with the real bot: 50 tables played at once by
 * scripted users. Click -> acknowledgement latency, and the bot's REST calls per player interaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startBot } from '../src/discord/bot.js';
import { registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../src/localDiscord/index.js';
import { Dice, openPanel, takeTurn } from '../test/support/panelPlayer.js';
import type { Figure } from './engine.js';

const TABLES = 50;
/** Pause of a scripted player between two clicks: fast for a person, so the load stays high. */
const THINK_MS = 100;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Times every click and select of a user, from the click to the bot's acknowledgement. */
function timed(user: ScriptedUser, latencies: number[], counter: { interactions: number }): ScriptedUser {
  return new Proxy(user, {
    get(target, prop, receiver) {
      if (prop === 'click' || prop === 'select' || prop === 'slash') {
        return (...args: unknown[]) => {
          const start = performance.now();
          const handle = (
            Reflect.get(target, prop, receiver) as (...a: unknown[]) => { acknowledged(): Promise<unknown> }
          ).apply(target, args);
          counter.interactions++;
          handle.acknowledged().then(
            () => latencies.push(performance.now() - start),
            () => undefined,
          );
          return handle;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function endToEnd(seconds = 10): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-e2e-'));
  const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const channelNames = Array.from({ length: TABLES }, (_, i) => `table-${i}`);
  const { guild, channels } = discord.addGuild('Bench', channelNames);
  const users = Array.from({ length: TABLES * 4 }, (_, i) => discord.addUser(`player${i}`));
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  const bot = await startBot({
    token: discord.token,
    applicationId: discord.applicationId,
    databasePath: join(dir, 'bench.sqlite'),
    logger: pino({ level: 'silent' }),
    restApi: discord.restUrl,
  });
  const latencies: number[] = [];
  const counter = { interactions: 0, actions: 0 };
  // Open and start every table (not measured).
  await Promise.all(
    channels.map(async (channel, t) => {
      const seated = users.slice(t * 4, t * 4 + 4);
      await (seated[0] as ScriptedUser)
        .slash(channel.id, 'table', { subcommand: 'create', options: { target: 10000 } })
        .reply();
      for (const u of seated.slice(1)) await u.slash(channel.id, 'table', { subcommand: 'join' }).reply();
      await (seated[0] as ScriptedUser).slash(channel.id, 'table', { subcommand: 'start' }).reply();
    }),
  );
  const callsBefore = discord.calls.length;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    channels.map(async (channel, t) => {
      const seated = users.slice(t * 4, t * 4 + 4).map((u) => timed(u, latencies, counter));
      const dice = new Dice(t + 1);
      while (performance.now() < deadline) {
        for (const user of seated) {
          if (performance.now() >= deadline) break;
          await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + dice.next(100) / 100)));
          const panel = await openPanel(user, channel.id);
          if (await takeTurn(user, panel, dice)) counter.actions++;
        }
      }
    }),
  );
  // Let the last coalesced edits land before counting.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const restCalls = discord.calls.length - callsBefore;
  const refused = discord.calls.slice(callsBefore).filter((c) => c.status >= 400);
  const failed = refused.length;
  if (process.env.BENCH_DEBUG)
    for (const c of refused)
      console.error(c.method, c.route, c.status, JSON.stringify(c.response).slice(0, 300));
  await bot.stop();
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const perInteraction = restCalls / counter.interactions;
  const perAction = restCalls / counter.actions;
  const note = `${TABLES} tables, ${counter.interactions} interactions (${counter.actions} game actions) in ${seconds} s, players pausing ~${THINK_MS} ms per click, ${failed} refused calls; bot, local Discord and players share one process`;
  return [
    {
      key: 'e2e.clickToResponse.p50Ms',
      value: round(p50),
      unit: 'ms',
      target: '(p99 <= 25 ms)',
      met: p50 <= 25,
      note,
    },
    { key: 'e2e.clickToResponse.p99Ms', value: round(p99), unit: 'ms', target: '<= 25 ms', met: p99 <= 25 },
    {
      key: 'e2e.restCallsPerAction',
      value: round(perInteraction),
      unit: 'calls',
      target: '<= 2',
      met: perInteraction <= 2,
      note: 'bot REST calls per player interaction (click, select or command)',
    },
    {
      key: 'e2e.restCallsPerGameAction',
      value: round(perAction),
      unit: 'calls',
      target: '(info)',
      met: true,
      note: 'per accepted game action; these scripted players reopen their panel before each one',
    },
  ];
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
