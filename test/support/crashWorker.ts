/**
 * A child process for the crash test: plays random legal matches at one table of four scripted
 * users against a database file, and after every action is durable writes "ack <match> <version>"
 * to stdout with a synchronous write, so the parent knows exactly what was acknowledged before it
 * kills this process with SIGKILL. Usage: crashWorker.ts <database file> <seed> [matches to finish]
 */
import { writeSync } from 'node:fs';
import { TableService } from '../../src/app/tableService.js';
import { type Action, Rng, SEATS, seedRng } from '../../src/engine/index.js';
import { Store } from '../../src/store/store.js';

const [file, seed = 'crash', matchesArg = '1000'] = process.argv.slice(2);
if (!file) throw new Error('usage: crashWorker.ts <database file> <seed> [matches]');
const matchesToFinish = Number(matchesArg);

const GUILD = '910000000000000001';
const CHANNEL = '920000000000000001';
// Three people and a bot: a person's action and the bot's answers to it commit together, and a
// kill must never separate them.
const PLAYERS = SEATS.slice(0, 3).map((s) => ({ userId: `93000000000000000${s}`, name: `Player ${s}` }));
const host = PLAYERS[0] as (typeof PLAYERS)[number];

const store = Store.open(file);
const service = new TableService(store);
const rng = new Rng(seedRng(`${seed}:${process.pid}`));

/** The table of the channel, opened if need be and its lobby filled (a kill may have cut that short). */
function tableId(): string {
  const found = service.tableInChannel(CHANNEL);
  let id: string;
  if (found.ok) id = found.value.table.id;
  else {
    const opened = service.openTable({
      guildId: GUILD,
      channelId: CHANNEL,
      host,
      settings: { targetScore: 300 },
    });
    if (!opened.ok) throw new Error(`open: ${opened.error.code}`);
    id = opened.value.id;
  }
  const table = service.tableView(id);
  if (!table.ok) throw new Error(`table: ${table.error.code}`);
  if (table.value.table.status !== 'lobby') return id;
  const seats = table.value.table.seats;
  for (const player of PLAYERS.slice(1)) {
    if (seats.some((o) => o?.kind === 'user' && o.userId === player.userId)) continue;
    const joined = service.join(id, player);
    if (!joined.ok) throw new Error(`join: ${joined.error.code}`);
  }
  if (!seats.some((o) => o?.kind === 'bot')) {
    const bot = service.addBot(id, host);
    if (!bot.ok) throw new Error(`bot: ${bot.error.code}`);
  }
  return id;
}

/** The next move of whichever seat owes one, chosen at random among its legal actions. */
function nextMove(id: string): { player: (typeof PLAYERS)[number]; action: Action; version: number } | null {
  for (const player of PLAYERS) {
    const seen = service.playerView(id, player.userId);
    if (!seen.ok) throw new Error(`view: ${seen.error.code}`);
    const { view, legal } = seen.value;
    if (view.phase === 'exchange' && !view.exchangeChosen[view.seat]) {
      const hand = [...view.hand];
      const pick = () => hand.splice(rng.nextInt(hand.length), 1)[0] as (typeof hand)[number];
      return {
        player,
        action: { type: 'exchange', next: pick(), partner: pick(), previous: pick() },
        version: view.version,
      };
    }
    const owes =
      view.phase === 'grandTichu'
        ? !view.grandDecided[view.seat]
        : view.pending
          ? view.pending.seat === view.seat
          : view.turn === view.seat;
    const choices = legal.filter((a) => a.type !== 'tichu' && !(a.type === 'grandTichu' && a.call));
    if (owes && choices.length > 0) {
      return { player, action: choices[rng.nextInt(choices.length)] as Action, version: view.version };
    }
  }
  return null;
}

let finished = 0;
for (let step = 0; step < 1_000_000 && finished < matchesToFinish; step++) {
  const id = tableId();
  const snapshot = service.tableView(id);
  if (!snapshot.ok) throw new Error(`table: ${snapshot.error.code}`);
  if (snapshot.value.table.status === 'lobby' || snapshot.value.table.status === 'finished') {
    const started = service.start(id, host);
    if (!started.ok) throw new Error(`start: ${started.error.code}`);
    continue;
  }
  const move = nextMove(id);
  if (!move) throw new Error('no seat owes an action');
  const result = service.act(id, move.player, move.action, move.version);
  if (!result.ok) throw new Error(`act refused: ${JSON.stringify(result.error)}`);
  const matchId = result.value.table.matchId;
  // Acknowledged only once durable, as the bot does before it answers.
  await store.durable();
  writeSync(1, `ack ${matchId} ${result.value.state.version}\n`);
  if (result.value.table.status === 'finished') {
    finished++;
    writeSync(1, `finished ${matchId}\n`);
  }
}
store.close();
