/**
 * Crashes of the real bot: the bot process (`node --import tsx src/main.ts`, as `npm start` runs it)
 * plays against the local Discord while scripted players play several tables, and is killed with
 * SIGKILL at seeded random moments (most while the tables are being played, some during its
 * start-up), then restarted on the same file. After each kill, on a copy of the file (so that the
 * bot itself recovers the original): every acknowledged change is in the log (ledger.ts), each
 * table's log is whole and replays to its stored state. After each restart, players held back: no
 * bot seat owes a move once the bot has been up a moment and every table message shows its stored
 * state; then every table must move on by a person's move before the next kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../../bench/fuzzInput.js';
import { registerCommands } from '../../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { Store } from '../../src/store/store.js';
import { checkAfterKill } from './afterKill.js';
import { type BotRun, killBot, sleep, spawnBot, stopBot, waitConnected } from './botProcess.js';
import { type Acknowledged, Ledger } from './ledger.js';
import {
  Aborted,
  ensureTable,
  Gate,
  guardedUser,
  type PlayCounters,
  playTables,
  type TablePlayers,
} from './players.js';
import { botSeatsOwing, messageProblem, stored } from './tableCheck.js';

export interface CrashOptions {
  readonly kills: number;
  readonly seed: string;
  /** Longest pause between a table's moving on after a restart and the kill (ms, default 1,000). */
  readonly maxKillDelayMs?: number;
  /** Share of kills made during the bot's start-up instead of during play (default 0.2). */
  readonly startupKillShare?: number;
  /** Every table's target score (default: 1,000 at two tables, 200 and 100 at the others). */
  readonly targetScore?: number;
  /** A line of progress now and then (default: none). */
  readonly progress?: (line: string) => void;
}

export interface CrashResult {
  readonly seed: string;
  readonly kills: number;
  /** Kills after which nothing was lost, the log stayed whole, the bot came back and every table moved on. */
  readonly killsSurvived: number;
  /** Moves whose answer showed a new version (ledger.ts): the sample the next figure is taken over. */
  readonly acknowledgedChanges: number;
  readonly acknowledgedLost: number;
  /** Tables some accepted payload showed at a version the log, after a kill, did not reach. */
  readonly shownAhead: number;
  readonly logProblems: number;
  /** Restarts after which a bot seat still owed a move once the bot had been up (bounded wait). */
  readonly botOwesAfterRestart: number;
  /** Restarts after which a table message did not come to show the stored state (bounded wait). */
  readonly messagesNotConverged: number;
  /** Restarts after which a table did not move on by a person's move (bounded wait). */
  readonly tablesStuck: number;
  /** Kills that found a hard bot mid-search (owing a move in the file): made after the restart. */
  readonly killedMidThought: number;
  /** Kills that cut short a player's click or pick (sent, not yet answered). */
  readonly killedMidInteraction: number;
  /** Kills that found a table's log ahead of every payload that showed it (committed, not yet shown). */
  readonly killedBeforeShown: number;
  /** The bot's log lines at level error or above, and lines that are not JSON (stack traces). */
  readonly botErrors: number;
  readonly interactionsAnswered: number;
  readonly tables: number;
  /** Spawn to gateway session up, for each restart (ms). */
  readonly restartMs: readonly number[];
  readonly wallMs: number;
  readonly problems: readonly string[];
}

/**
 * The tables played: people and bots (levels) at each, and the target score. A hard bot at two of
 * them, to be killed mid-search; two short matches, so that kills land at the ends of matches too.
 */
const PLAN: ReadonlyArray<{ people: number; bots: readonly string[]; target: number }> = [
  { people: 4, bots: [], target: 1_000 },
  { people: 3, bots: ['normal'], target: 1_000 },
  { people: 2, bots: ['easy', 'hard'], target: 200 },
  { people: 1, bots: ['easy', 'normal', 'hard'], target: 100 },
];
const CONNECT_MS = 30_000;
const SETTLE_MS = 15_000;
const RESUME_MS = 20_000;

export async function runCrashes(options: CrashOptions): Promise<CrashResult> {
  const started = performance.now();
  const rng = new Rng(`chaos/${options.seed}`);
  const say = options.progress ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'tichu-chaos-'));
  const database = join(dir, 'chaos.sqlite');
  const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const { guild, channels } = discord.addGuild(
    'Chaos Club',
    PLAN.map((_, i) => `chaos-${i}`),
  );
  const ledger = new Ledger(discord);
  const gate = new Gate();
  let live: Store | null = null;
  const reader = (): Store => {
    if (!live) throw new Aborted('no live reader');
    return live;
  };
  let n = 0;
  const people: ScriptedUser[][] = PLAN.map((plan) =>
    Array.from({ length: plan.people }, () => guardedUser(discord.addUser(`P${++n}`), gate, ledger)),
  );
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  const tables: TablePlayers[] = PLAN.map((plan, t) => {
    const channelId = (channels[t] as { id: string }).id;
    const seated = people[t] as ScriptedUser[];
    return {
      channelId,
      people: seated,
      ensure: () => ensureTable(reader, channelId, seated, plan.bots, options.targetScore ?? plan.target),
    };
  });

  const problems: string[] = [];
  const note = (text: string) => {
    if (problems.length < 30) problems.push(text);
  };
  const tally = {
    lost: 0,
    shownAhead: 0,
    logProblems: 0,
    botOwes: 0,
    notConverged: 0,
    stuck: 0,
    midThought: 0,
    midInteraction: 0,
    beforeShown: 0,
    botErrors: 0,
  };
  const restartMs: number[] = [];
  const seen = { checked: new Set<Acknowledged>(), flagged: new Set<string>() };
  const onLine = (line: string) => {
    let level = 60;
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      // Not JSON: a stack trace or a crash report.
    }
    if (level >= 50) {
      tally.botErrors++;
      note(`bot log: ${line.slice(0, 300)}`);
    }
  };

  /** After a kill: tallies what `checkAfterKill` found; how many problems. */
  const afterKill = (kill: number): number => {
    if (ledger.takeUnanswered() > 0) tally.midInteraction++;
    const found = checkAfterKill(database, join(dir, `check-${kill}.sqlite`), ledger, seen);
    tally.lost += found.lost.length;
    tally.shownAhead += found.shownAhead.length;
    tally.logProblems += found.logProblems.length;
    tally.midThought += found.midThought;
    if (found.beforeShown) tally.beforeShown++;
    const problems = [...found.lost, ...found.shownAhead, ...found.logProblems];
    for (const problem of problems) note(`kill ${kill}: ${problem}`);
    return problems.length;
  };

  /** Bot up, players held: waits (bounded) until no bot owes a move and every message shows its table. */
  const settle = async (): Promise<number> => {
    const deadline = performance.now() + SETTLE_MS;
    let last: string[] = [];
    let owing: string[] = [];
    while (performance.now() < deadline) {
      last = [];
      owing = [];
      // Every table ever shown, finished ones too: each message must show what the file holds.
      for (const tableId of ledger.shown.keys()) {
        const at = stored(reader(), tableId);
        if (!at || at.table.messageId === null) continue;
        const seats = botSeatsOwing(at.table, at.state);
        if (seats.length > 0) owing.push(`table ${tableId}: bot seat ${seats.join(',')} owes a move`);
        const problem = messageProblem(discord, at);
        if (problem) last.push(`${problem} (${at.table.status})`);
      }
      if (last.length === 0 && owing.length === 0) return 0;
      await sleep(25);
    }
    tally.botOwes += owing.length > 0 ? 1 : 0;
    tally.notConverged += last.length > 0 ? 1 : 0;
    for (const p of [...owing, ...last]) note(`after restart: ${p}`);
    return 1;
  };

  /** Players let go: waits (bounded) until every table's log moved on and a person moved there. */
  const resumed = async (): Promise<number> => {
    const from = new Map(
      tables.map((t) => {
        const record = reader().tables.activeInChannelId(t.channelId);
        const logged = record ? (stored(reader(), record.id)?.logged ?? -1) : -1;
        return [t.channelId, { tableId: record?.id ?? null, logged }];
      }),
    );
    counters.moves.clear();
    gate.open = true;
    const deadline = performance.now() + RESUME_MS;
    let waiting: string[] = [];
    while (performance.now() < deadline) {
      waiting = tables
        .filter((t) => {
          if ((counters.moves.get(t.channelId) ?? 0) === 0) return true;
          const record = reader().tables.activeInChannelId(t.channelId);
          const before = from.get(t.channelId);
          // A table that finished (and was replaced) moved on too.
          if (!record || record.id !== before?.tableId) return false;
          return (stored(reader(), record.id)?.logged ?? -1) <= before.logged;
        })
        .map((t) => t.channelId);
      if (waiting.length === 0) return 0;
      await sleep(25);
    }
    tally.stuck += waiting.length;
    for (const channel of waiting)
      note(`channel ${channel}: no move within ${RESUME_MS / 1000} s of a restart`);
    return 1;
  };

  const counters: PlayCounters = { moves: new Map(), cutShort: 0, steps: 0 };
  let running = true;
  let bot: BotRun = spawnBot(discord, { database, onLine });
  let players: Promise<void> = Promise.resolve();
  let kills = 0;
  let survived = 0;
  let reported = 0;
  try {
    if (!(await waitConnected(discord, bot, CONNECT_MS))) throw new Error('the bot did not connect');
    live = Store.open(database);
    players = playTables(tables, gate, () => running, counters, Number.parseInt(options.seed, 36) || 7);
    await resumed();
    while (kills < options.kills) {
      await sleep(rng.int((options.maxKillDelayMs ?? 1_000) + 1));
      // Held and cut short first, then the reader closed: the bot is the only one on the file.
      gate.abort();
      live?.close();
      live = null;
      await killBot(discord, bot);
      kills++;
      let found = afterKill(kills);
      // Sometimes killed again while starting (before or after it connects).
      while (kills < options.kills && rng.chance(options.startupKillShare ?? 0.2)) {
        bot = spawnBot(discord, { database, onLine });
        await sleep(rng.int(1_600));
        await killBot(discord, bot);
        if (found === 0) survived++;
        kills++;
        found = afterKill(kills);
      }
      bot = spawnBot(discord, { database, onLine });
      if (!(await waitConnected(discord, bot, CONNECT_MS))) {
        note(`kill ${kills}: the bot did not come back within ${CONNECT_MS / 1000} s`);
        break;
      }
      restartMs.push(performance.now() - bot.spawnedAt);
      live = Store.open(database);
      const t0 = performance.now();
      found += await settle();
      const t1 = performance.now();
      found += await resumed();
      if (process.env.CHAOS_DEBUG)
        say(
          `kill ${kills}: restart ${Math.round(restartMs.at(-1) ?? 0)} ms, settle ${Math.round(t1 - t0)} ms, resume ${Math.round(performance.now() - t1)} ms`,
        );
      if (found === 0) survived++;
      if (Math.floor(kills / 10) > reported || kills === options.kills) {
        reported = Math.floor(kills / 10);
        say(`chaos: ${kills} kills, ${survived} survived, ${ledger.changes.length} acknowledged changes`);
      }
    }
  } finally {
    running = false;
    gate.abort();
    await players;
    live?.close();
    live = null;
    await stopBot(bot);
    if (kills > 0) afterKill(kills + 1);
    ledger.close();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    seed: options.seed,
    kills,
    killsSurvived: survived,
    acknowledgedChanges: ledger.changes.length,
    acknowledgedLost: tally.lost,
    shownAhead: tally.shownAhead,
    logProblems: tally.logProblems,
    botOwesAfterRestart: tally.botOwes,
    messagesNotConverged: tally.notConverged,
    tablesStuck: tally.stuck,
    killedMidThought: tally.midThought,
    killedMidInteraction: tally.midInteraction,
    killedBeforeShown: tally.beforeShown,
    botErrors: tally.botErrors,
    interactionsAnswered: ledger.answered,
    tables: ledger.shown.size,
    restartMs,
    wallMs: performance.now() - started,
    problems,
  };
}
