/**
 * The e2e run with a burst of deadlines (bench/e2e.ts runs it last): before the bot starts, its
 * database file gets 1,000 playing tables of four people (30 s timer), each at its first lead, their
 * stored deadlines all moved to one instant a few seconds after the players will start clicking. The
 * bot arms them at start-up like any stored deadline; the usual 50 tables of scripted players then
 * play at the usual pace, and their click-to-response is taken over the burst's window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { systemEnvironment } from '../src/app/ids.js';
import { TableService } from '../src/app/tableService.js';
import { startBot } from '../src/discord/bot.js';
import { type Action, type Card, legalActions, owesAction, SEATS } from '../src/engine/index.js';
import { Store } from '../src/store/store.js';
import type { Setup } from './e2eLoad.js';
import { allAnswered, unansweredText } from './e2ePlayers.js';
import { type Done, percentile, type Ready, runLoad, storeCardFaces } from './e2eRun.js';
import type { Figure } from './engine.js';

export const BURST_TABLES = 1_000;
/**
 * From the bot's start to the burst: the bot connects and the 50 tables are opened by slash
 * commands (about 1-2 s) before the players start clicking; the burst then falls some 4 s into the
 * clicking (the measured offset is reported).
 */
const LEAD_MS = 4_300;
/** The window measured: clicks answered from the burst instant to this long after it. */
const WINDOW_MS = 2_000;

interface Prepared {
  readonly ids: string[];
  readonly versions: number[];
  readonly burstAt: number;
}

/** The floor figures the burst run is set beside (bench/e2e.ts measures them). */
export interface FloorP99 {
  readonly p99: number;
}

/** The burst run: its figures beside the run's constant-answer floor. */
export async function burstFigures(setup: Setup, floor: FloorP99): Promise<Figure[]> {
  let prepared: Prepared | null = null;
  let appliedMs = Number.NaN;
  let moved = 0;
  const done = await runLoad({ ...setup, burstTables: BURST_TABLES }, async (ready) => {
    const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-e2e-burst-'));
    const path = join(dir, 'bench.sqlite');
    const { ids, versions } = prepareTables(path, ready);
    const store = Store.open(path);
    const burstAt = Date.now() + LEAD_MS;
    // Through the store, as start-up's re-arming writes them: the same decision, a new instant.
    store.transaction(() => {
      for (const id of ids) {
        const key = store.tables.get(id)?.deadline?.key;
        if (key === undefined) throw new Error(`no deadline at ${id}`);
        store.tables.setDeadline(id, { at: burstAt, key });
      }
    });
    store.close();
    storeCardFaces(path, ready);
    const bot = await startBot({
      token: ready.token,
      applicationId: ready.applicationId,
      databasePath: path,
      logger: pino({ level: 'silent' }),
      restApi: ready.restUrl,
    });
    prepared = { ids, versions, burstAt };
    return {
      async stop() {
        // Each forced move stamps its table when committed: the last stamp ends the burst.
        let last = 0;
        for (const [i, id] of ids.entries()) {
          if (versionOf(bot.service, id) > (versions[i] as number)) moved++;
          last = Math.max(last, bot.store.tables.get(id)?.updatedAt ?? 0);
        }
        appliedMs = last - burstAt;
        await bot.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
  if (!prepared) throw new Error('the burst run did not start');
  return figures(done, prepared, floor, { appliedMs, moved }, setup.tables);
}

function figures(
  done: Done,
  prepared: Prepared,
  floor: FloorP99,
  burst: { appliedMs: number; moved: number },
  tables: number,
): Figure[] {
  const { burstAt } = prepared;
  // Every click answered within the window (one sent before it and answered in it counts too).
  const inWindow = done.clicks.filter(([at, ms]) => at + ms >= burstAt && at <= burstAt + WINDOW_MS);
  const p99 = percentile(
    inWindow.map(([, ms]) => ms),
    99,
  );
  const wholeP99 = percentile(done.latencies, 99);
  const offset = ((burstAt - done.startedAt) / 1000).toFixed(1);
  const ratio = (ms: number) => `ratio ${(ms / floor.p99).toFixed(1)}x`;
  const load = `load average ${loadavg()[0]?.toFixed(2)}`;
  if (burst.moved !== prepared.ids.length)
    throw new Error(`only ${burst.moved} of ${prepared.ids.length} burst tables moved`);
  return [
    {
      key: 'e2e.duringBurst.p99Ms',
      value: round(p99),
      unit: 'ms',
      target: '(info: closed loop, retired; see e2e.capacity.perSec)',
      met: allAnswered(done),
      note: `floor p99 ${round(floor.p99)} ms, ${ratio(p99)}; ${tables} tables of four people as in e2e.clickToResponse, while the deadlines of ${BURST_TABLES} other tables (stored in the file, armed at start-up) fall at one instant ${offset} s into the clicking, each a forced first lead by the normal policy: the ${inWindow.length} clicks answered from that instant to ${WINDOW_MS / 1000} s after it; whole run p99 ${round(wholeP99)} ms, ${ratio(wholeP99)} (${done.interactions} interactions, ${done.actions} game actions, ${done.refused.length} refused calls${unansweredText(done)}); ${load}`,
    },
    {
      key: 'e2e.duringBurst.appliedMs',
      value: round(burst.appliedMs),
      unit: 'ms',
      target: '(info)',
      met: true,
      note: `from the burst instant until the last of the ${burst.moved} forced moves was committed (the tables' stamps; every match's version moved), with the players clicking; floor p99 ${round(floor.p99)} ms, ${ratio(burst.appliedMs)}; timers.burst1000.ms is the same burst alone`,
    },
  ];
}

/** `BURST_TABLES` tables of four people, 30 s timer, each at its first lead, in the file at `path`. */
function prepareTables(path: string, ready: Ready): { ids: string[]; versions: number[] } {
  const store = Store.open(path);
  const service = new TableService(store, systemEnvironment, { armLater: true });
  const people = ready.burstUserIds.map((userId, i) => ({ userId, name: `burst${i}` }));
  const host = people[0];
  if (!host || people.length !== 4) throw new Error('four burst users expected');
  const ids: string[] = [];
  const versions: number[] = [];
  for (const channelId of ready.burstChannelIds.slice(0, BURST_TABLES)) {
    const opened = service.openTable({ guildId: ready.guildId, channelId, host, timer: '30s' });
    if (!opened.ok) throw new Error(opened.error.code);
    const id = opened.value.id;
    for (const p of people.slice(1)) service.join(id, p);
    const started = service.start(id, host);
    if (!started.ok) throw new Error(started.error.code);
    let state = started.value.state;
    for (let step = 0; step < 8 && state.hand.phase !== 'play'; step++) {
      const seat = SEATS.find((s) => owesAction(state, s)) as (typeof SEATS)[number];
      const hand = state.hand.hands[seat];
      const action: Action =
        state.hand.phase === 'grandTichu'
          ? { type: 'grandTichu', call: false }
          : { type: 'exchange', next: hand[0] as Card, partner: hand[1] as Card, previous: hand[2] as Card };
      const acted = service.act(id, people[seat] as typeof host, action);
      if (!acted.ok) throw new Error(JSON.stringify(acted.error));
      state = acted.value.state;
    }
    if (state.hand.phase !== 'play' || legalActions(state, state.hand.turn ?? 0).length === 0)
      throw new Error('a table is not at its lead');
    ids.push(id);
    versions.push(state.version);
  }
  if (ids.length !== BURST_TABLES) throw new Error(`only ${ids.length} burst channels`);
  service.stopTimers();
  store.close();
  return { ids, versions };
}

function versionOf(service: TableService, id: string): number {
  const seen = service.tableView(id);
  return seen.ok ? (seen.value.view?.version ?? -1) : -1;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
