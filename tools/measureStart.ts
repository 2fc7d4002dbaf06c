/**
 * Start-up and CPU of the bot process, run from the sources with tsx (what `npm start` ran before)
 * and compiled (dist/, what it runs now), against the local Discord. Build dist/ first (npm run
 * build). For each run: the wall time from spawn to the `ready` log line; the process's CPU time
 * (user + system, with its child processes: tsx's esbuild service) and resident memory at ready;
 * the CPU of a fixed warm-up (/table create, three easy bots, start: 5 interactions); then the
 * CPU per interaction over the next INTERACTIONS interactions (a person playing her panel: open,
 * play or pass; easy bots answer). Runs alternate between the two ways; medians are printed.
 *
 *   node --import tsx tools/measureStart.ts [runs=5] [interactions=100]
 *
 * /proc is read, so Linux only. CPU times are in clock ticks (10 ms): the per-interaction figure
 * is a total over many interactions divided by their number.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord } from '../src/localDiscord/index.js';
import { Dice, openPanel, takeTurn } from '../test/support/panelPlayer.js';

const ROOT = join(import.meta.dirname, '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const WAYS = {
  tsx: ['--import', TSX, join('src', 'main.ts')],
  compiled: [join('dist', 'src', 'main.js')],
} as const;
const RUNS = Number(process.argv[2] ?? 5);
const INTERACTIONS = Number(process.argv[3] ?? 100);
const TICK_MS = 10;
const WAIT_MS = 30_000;

/** CPU ms (user + system, reaped children included) and RSS KiB of `pid` and every descendant. */
function usage(pid: number): { cpuMs: number; rssKiB: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone.
    }
  }
  let cpuMs = 0;
  let rssKiB = 0;
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    try {
      const stat = readFileSync(`/proc/${next}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14-17 of stat, 11-14 after "pid (comm) ".
      cpuMs += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]) * TICK_MS, 0);
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${next}/status`, 'utf8'));
      rssKiB += Number(rss?.[1] ?? 0);
    } catch {
      // Gone.
    }
    queue.push(...(children.get(next) ?? []));
  }
  return { cpuMs, rssKiB };
}

interface Sample {
  readyMs: number;
  readyCpuMs: number;
  readyRssMiB: number;
  warmCpuMs: number;
  perInteractionCpuMs: number;
  interactions: number;
}

async function once(way: keyof typeof WAYS): Promise<Sample> {
  const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const dir = mkdtempSync(join(tmpdir(), 'tichu-measure-'));
  const { guild, channels } = discord.addGuild('Measure', ['tichu']);
  const ann = discord.addUser('Ann');
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  const channel = (channels[0] as { id: string }).id;
  let out = '';
  const started = performance.now();
  const bot = spawn(process.execPath, WAYS[way], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DISCORD_DEV_GUILD_ID: '',
      DATABASE_PATH: join(dir, 'tichu.sqlite'),
      BOT_PACE_MS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = bot.pid ?? 0;
  bot.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  bot.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const interactions = () => out.split('\n').filter((l) => l.includes('"msg":"interaction"')).length;
  try {
    let readyMs = 0;
    while (!out.includes('"msg":"ready: invite the bot with this link"')) {
      if (performance.now() - started > WAIT_MS) throw new Error(`no ready line:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    readyMs = performance.now() - started;
    const atReady = usage(pid);

    await ann.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);
    for (const seat of [2, 3, 4])
      await ann
        .slash(channel, 'table', { subcommand: 'bot', options: { do: 'add', seat, level: 'easy' } })
        .reply(WAIT_MS);
    await ann.slash(channel, 'table', { subcommand: 'start' }).reply(WAIT_MS);
    const warm = usage(pid);
    const before = interactions();
    const dice = new Dice(7);
    while (interactions() - before < INTERACTIONS) {
      const panel = await openPanel(ann, channel);
      if (interactions() - before >= INTERACTIONS) break;
      if (!(await takeTurn(ann, panel, dice))) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The last answers logged: their lines are out once the count is reached.
    const done = usage(pid);
    const counted = interactions() - before;
    return {
      readyMs,
      readyCpuMs: atReady.cpuMs,
      readyRssMiB: atReady.rssKiB / 1024,
      warmCpuMs: warm.cpuMs - atReady.cpuMs,
      perInteractionCpuMs: (done.cpuMs - warm.cpuMs) / counted,
      interactions: counted,
    };
  } finally {
    const exited = new Promise((resolve) => bot.once('exit', resolve));
    bot.kill('SIGTERM');
    await exited;
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const samples: Record<keyof typeof WAYS, Sample[]> = { tsx: [], compiled: [] };
for (let run = 0; run < RUNS; run++)
  for (const way of ['tsx', 'compiled'] as const) {
    const sample = await once(way);
    samples[way].push(sample);
    console.log(
      way,
      JSON.stringify(sample, (_, v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v)),
    );
  }
for (const way of ['tsx', 'compiled'] as const) {
  const list = samples[way];
  const m = (key: keyof Sample) =>
    median(list.map((s) => s[key])).toFixed(key === 'perInteractionCpuMs' ? 2 : 0);
  console.log(
    `${way}: ready ${m('readyMs')} ms, CPU at ready ${m('readyCpuMs')} ms, RSS at ready ${m('readyRssMiB')} MiB, warm-up CPU ${m('warmCpuMs')} ms, CPU per interaction ${m('perInteractionCpuMs')} ms (medians of ${list.length})`,
  );
}
process.exit(0);
