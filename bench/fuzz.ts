/**
 * The fuzz proof: random interactions of every kind (bench/fuzzInput.ts), with random option values,
 * types and lengths, sent by seated and unseated users through the real bot and the local Discord,
 * in several channels at once (each channel's interactions one after another). Counted:
 * `internalErrors` (handler failures logged, or the internal-error apology sent), `unanswered`
 * (no acknowledgement), `illegalChanges` (a refused interaction that changed its table, or an
 * unseated user who changed a match), `wrongStateChanges` (bench/fuzzChecks.ts `changeProblem`:
 * someone not seated changed a table other than by taking a seat, or a seated user's accepted
 * change moved another seat, plus any match whose log does not replay to its stored state),
 * `wrongSeatActions` (the seated part of it), `unhandledRejections`, and `cardsLeaked` (a card of
 * a hand in a payload others see, or in a log line: `CardWatch`). `npm run bench` and
 * `npm run chaos` run 10,000 (half with card pictures); a vitest test a few hundred.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { COMMANDS } from '../commands/index.js';
import { ManualClock } from '../src/app/clock.js';
import { systemEnvironment } from '../src/app/ids.js';
import { type RunningBot, startBot } from '../src/discord/bot.js';
import { registerCommands } from '../src/discord/deploy.js';
import { refusalText, seatNumbers } from '../src/discord/refusalText.js';
import { EN_TEXT } from '../src/discord/ui.js';
import { type InteractionHandle, LocalDiscord, type ScriptedUser } from '../src/localDiscord/index.js';
import type { Forged } from '../src/localDiscord/interactions.js';
import { eachComponent } from '../src/localDiscord/validateV2.js';
import { storeCardEmoji } from '../src/play/cli.js';
import { logProblem } from '../tools/chaos/tableCheck.js';
import type { Figure } from './engine.js';
import { type Before, CardWatch, changeProblem } from './fuzzChecks.js';
import { everyFamily, publicBefore, replacedBy, requestArgs } from './fuzzFamilies.js';
import {
  type FuzzWorld,
  mutateComponent,
  Rng,
  randomAutocomplete,
  randomCommand,
  randomComponent,
  randomOther,
  type SeenComponent,
} from './fuzzInput.js';

export interface FuzzOptions {
  readonly interactions: number;
  readonly seed: string;
  /** Channels played at once (default 4): a lobby, two matches, and one with no table at first. */
  readonly channels?: number;
  /** The bot's deferral delay (default its own, 2 s); 1 defers nearly everything, to test that path. */
  readonly deferAfterMs?: number;
  /** Cards as the card emoji (uploaded to the local Discord first), not as text. */
  readonly cardPictures?: boolean;
}

export interface FuzzResult {
  readonly seed: string;
  readonly interactions: number;
  readonly internalErrors: number;
  readonly unanswered: number;
  readonly illegalChanges: number;
  /** Changes an interaction's user may not make (see the top of this file), and logs that do not replay. */
  readonly wrongStateChanges: number;
  /** The seated part: an accepted change that moved a seat other than the user's own. */
  readonly wrongSeatActions: number;
  readonly unhandledRejections: number;
  /** Payloads others see, and log lines, that showed a card of someone's hand. */
  readonly cardsLeaked: number;
  /** How many payloads others could see and log lines were looked at for cards. */
  readonly publicPayloads: number;
  readonly logLines: number;
  /** Interactions the bot accepted (the rest were refused, shown, or suggested nothing). */
  readonly accepted: number;
  /**
   * Clicks whose answer changed a public message they were not made for (bench/fuzzFamilies.ts):
   * a forged leaderboard id turning the table message into a leaderboard, say.
   */
  readonly publicMessagesReplaced: number;
  /** Forged clicks of each family sent at public messages in the phase that sends every family. */
  readonly familiesSent: Readonly<Record<string, number>>;
  readonly wallMs: number;
  /** The first problems found, each a line naming the interaction (for a failing run's report). */
  readonly problems: readonly string[];
  /** How many interactions of each kind ("/table join", "lp", "modal"...) and each outcome were sent. */
  readonly kinds: Readonly<Record<string, number>>;
  readonly outcomes: Readonly<Record<string, number>>;
}

type Line = Record<string, unknown> & { level: number; msg: string };

const APOLOGY = refusalText({ code: 'internal_error' }, seatNumbers('en'), EN_TEXT);
const ACCEPTED = new Set(['ok', 'counted', 'reply_failed']);
const WAIT_MS = 5_000;

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'tichu-fuzz-'));
  const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const count = options.channels ?? 4;
  const { guild, channels } = discord.addGuild(
    'Fuzz Club',
    Array.from({ length: count }, (_, i) => `fuzz-${i}`),
  );
  const users = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'].map((name) => discord.addUser(name));
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  const databasePath = join(dir, 'fuzz.sqlite');
  if (options.cardPictures) await storeCardEmoji(discord, databasePath, true);
  const channelIds = channels.map((c) => c.id);
  let watch: CardWatch | null = null;
  let unhandledRejections = 0;
  const onRejection = () => {
    unhandledRejections++;
  };
  process.on('unhandledRejection', onRejection);
  const lines = new Map<string, Line>();
  const waiting = new Map<string, () => void>();
  const failures: Line[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write(text: string) {
        watch?.checkLogLine(text, channelIds);
        const line = JSON.parse(text) as Line;
        if (line.level >= 50) failures.push(line);
        if (line.msg !== 'interaction' || typeof line.interaction !== 'string') return;
        lines.set(line.interaction, line);
        waiting.get(line.interaction)?.();
      },
    },
  );
  // A clock that never moves: no turn deadline or idle lobby changes a table between two clicks.
  const clock = new ManualClock();
  const bot = await startBot({
    token: discord.token,
    applicationId: discord.applicationId,
    databasePath,
    logger,
    restApi: discord.restUrl,
    env: { ...systemEnvironment, now: clock.now },
    scheduler: clock,
    tableEditDelayMs: 20,
    hardBudgetMs: 5,
    botWorkers: 1,
    ...(options.deferAfterMs === undefined ? {} : { deferAfterMs: options.deferAfterMs }),
  }).catch(async (error: unknown) => {
    process.off('unhandledRejection', onRejection);
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const result = {
    internalErrors: 0,
    unanswered: 0,
    illegalChanges: 0,
    wrongStateChanges: 0,
    wrongSeatActions: 0,
    accepted: 0,
    interactions: 0,
    publicMessagesReplaced: 0,
  };
  const familiesSent: Record<string, number> = {};
  const cards = new CardWatch(discord, bot.store, bot.store.emoji.cardEmoji(discord.applicationId));
  watch = cards;
  const tablesSeen = new Set<string>();
  const problems: string[] = [];
  const kinds: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const note = (text: string) => {
    if (problems.length < 20) problems.push(text);
  };
  try {
    const ids = channels.map((c) => c.id);
    await setUp(bot, users, ids, (handle) => logged(handle.id, lines, waiting));
    const commands = COMMANDS.map((c) => c.data.toJSON() as unknown as Record<string, unknown>);
    const perChannel = Math.ceil(options.interactions / ids.length);
    await Promise.all(
      ids.map(async (channelId, c) => {
        const rng = new Rng(`${options.seed}/${c}`);
        /** Sends one interaction from `user` and checks everything about its answer. */
        const step = async (user: ScriptedUser, label: string, make: () => Sent): Promise<void> => {
          // Hard bots think off the thread: their moves land before the next look at the table.
          await bot.service.botsIdle();
          const before = snapshot(bot, channelId);
          const seated = seatedAt(bot, channelId, user.id);
          const tableBefore = tableOf(bot, channelId);
          const from = discord.calls.length;
          if (rng.chance(0.03)) user.failNextCallbackWith = 502;
          const { handle, customId } = make();
          user.failNextCallbackWith = null;
          // Sent, not yet handled (the bot hears of it on a later turn of the event loop).
          const clicked = publicBefore(discord, handle.record.sourceMessageId);
          const line = await logged(handle.id, lines, waiting);
          const what = `seed ${options.seed} channel ${c} ${label} ${line?.kind ?? '?'}`;
          if (!line || handle.record.ack === null || stillThinking(discord, handle)) {
            result.unanswered++;
            note(`${what}: unanswered`);
            return;
          }
          const answers = discord.calls
            .slice(from)
            .filter((call) => call.path.includes(handle.id) || call.path.includes(handle.record.token));
          if (replacedBy(discord, clicked, customId, answers)) {
            result.publicMessagesReplaced++;
            note(`${what}: replaced a public message it was not made for`);
          }
          const apologized = answers.some((call) => JSON.stringify(call.body ?? '').includes(APOLOGY));
          const failed = failures.some((f) => f.interaction === handle.id);
          if (line.outcome === 'error' || apologized || failed) {
            result.internalErrors++;
            note(`${what}: internal error (${String(failures.at(-1)?.err ?? line.outcome)})`);
          }
          const handled = String(line.handled ?? line.outcome);
          kinds[String(line.kind)] = (kinds[String(line.kind)] ?? 0) + 1;
          outcomes[String(line.outcome)] = (outcomes[String(line.outcome)] ?? 0) + 1;
          const accepted = ACCEPTED.has(handled);
          if (accepted) result.accepted++;
          const after = snapshot(bot, channelId);
          const tableAfter = tableOf(bot, channelId);
          for (const t of [tableBefore.table, tableAfter.table]) if (t) tablesSeen.add(t.id);
          const wrong = changeProblem(user.id, tableBefore, tableAfter, () =>
            eventsBetween(bot, tableBefore, tableAfter),
          );
          if (wrong) {
            result.wrongStateChanges++;
            if (seated) result.wrongSeatActions++;
            note(`${what}: ${wrong} (${handled})`);
          }
          if (!accepted && after.state !== before.state) {
            result.illegalChanges++;
            note(`${what}: refused (${handled}) but the table changed`);
          } else if (!seated && before.version !== null && after.version !== before.version) {
            result.illegalChanges++;
            note(`${what}: someone not seated changed the match (${handled})`);
          }
        };
        for (let i = 0; i < perChannel && result.interactions < options.interactions; i++) {
          const user = rng.pick(users);
          result.interactions++;
          await step(user, `#${i}`, () => send(rng, user, channelId, bot, commands, users, ids));
        }
        // Then a forged click of every family at each public message of the channel (the table
        // message, seat requests, summaries...), by a random user each.
        const publicMessages = discord.channelMessages(channelId).slice(-8);
        const request = publicMessages.map((m) => requestArgs(m.components)).find((r) => r !== null) ?? null;
        for (const message of publicMessages) {
          const here = bot.service.tableInChannel(channelId);
          const tableId = here.ok ? here.value.table.id : 'zzzz9999';
          const version = here.ok ? (here.value.view?.version ?? 0) : 0;
          for (const { family, forged } of everyFamily(rng, message.id, tableId, version, request)) {
            const user = rng.pick(users);
            familiesSent[family] = (familiesSent[family] ?? 0) + 1;
            await step(user, `family ${family}`, () => ({
              handle: user.forge(channelId, forged),
              customId: forged.kind === 'component' ? forged.customId : null,
            }));
          }
        }
      }),
    );
    await bot.service.botsIdle();
    for (const tableId of tablesSeen) {
      const problem = logProblem(bot.store, tableId);
      if (problem) {
        result.wrongStateChanges++;
        note(problem);
      }
    }
  } finally {
    cards.close();
    watch = null;
    process.off('unhandledRejection', onRejection);
    await bot.stop();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const leak of cards.leaks.slice(0, 5)) note(`card leak: ${leak}`);
  return {
    seed: options.seed,
    ...result,
    unhandledRejections,
    cardsLeaked: cards.leaks.length,
    publicPayloads: cards.publicPayloads,
    logLines: cards.logLines,
    wallMs: performance.now() - started,
    problems,
    kinds,
    outcomes,
    familiesSent,
  };
}

/** A lobby, a match of four people, a match of two people and two bots, and a channel with none. */
async function setUp(
  bot: RunningBot,
  users: readonly ScriptedUser[],
  channels: readonly string[],
  done: (handle: InteractionHandle) => Promise<unknown>,
): Promise<void> {
  const [ann, ben, cat, dan, eve] = users as [
    ScriptedUser,
    ScriptedUser,
    ScriptedUser,
    ScriptedUser,
    ScriptedUser,
  ];
  const table = (
    u: ScriptedUser,
    ch: string,
    subcommand: string,
    options: Record<string, string | number> = {},
  ) => done(u.slash(ch, 'table', { subcommand, options }));
  const [lobby, match, withBots] = channels;
  if (lobby) {
    await table(ann, lobby, 'create', { timer: 'off' });
    await table(ben, lobby, 'join');
  }
  if (match) {
    await table(ann, match, 'create', { timer: 'off' });
    for (const u of [ben, cat, dan]) await table(u, match, 'join');
    await table(ann, match, 'start');
  }
  if (withBots) {
    await table(cat, withBots, 'create', { timer: 'off' });
    await table(eve, withBots, 'join');
    await table(cat, withBots, 'bot', { do: 'add', level: 'easy' });
    await table(cat, withBots, 'bot', { do: 'add', level: 'normal' });
    await table(cat, withBots, 'start');
  }
  await bot.service.botsIdle();
}

/** An interaction sent, and the custom id it carried if it was a click. */
interface Sent {
  readonly handle: InteractionHandle;
  readonly customId: string | null;
}

/** One random interaction from `user` in the channel. */
function send(
  rng: Rng,
  user: ScriptedUser,
  channelId: string,
  bot: RunningBot,
  commands: readonly Record<string, unknown>[],
  users: readonly ScriptedUser[],
  channelIds: readonly string[],
): Sent {
  const forge = (forged: Forged): Sent => ({
    handle: user.forge(channelId, forged),
    customId: forged.kind === 'component' ? forged.customId : null,
  });
  const here = bot.service.tableInChannel(channelId);
  const visible = user.messages(channelId).filter((m) => m.components.length > 0);
  const world: FuzzWorld = {
    userIds: users.map((u) => u.id).concat('123456789012345678'),
    messageIds: user
      .messages(channelId)
      .slice(-10)
      .map((m) => m.id),
    tableIds: here.ok ? [here.value.table.id] : [],
    version: here.ok ? (here.value.view?.version ?? 0) : 0,
  };
  const roll = rng.next();
  if (roll < 0.3 && visible.length > 0) {
    const click = realClick(rng, user, visible.slice(-8));
    if (click) return click;
  }
  if (roll < 0.4 && visible.length > 0) {
    const message = rng.pick(visible.slice(-8));
    const seen = seenComponents(message);
    if (seen.length > 0) {
      const otherTableIds = channelIds.flatMap((id) => {
        const there = bot.service.tableInChannel(id);
        return there.ok && id !== channelId ? [there.value.table.id] : [];
      });
      return forge(mutateComponent(rng, { ...world, otherTableIds }, message.id, rng.pick(seen)));
    }
  }
  if (roll < 0.5 && world.messageIds.length > 0)
    return forge(randomComponent(rng, world, rng.pick(world.messageIds)));
  if (roll < 0.58) return { handle: legalCommand(rng, user, channelId, bot), customId: null };
  if (roll < 0.66) return forge(randomAutocomplete(rng, commands));
  if (roll < 0.71) return forge(randomOther(rng, world));
  return forge(randomCommand(rng, commands, world));
}

/** A button or menu option the user really sees (a legal click, though perhaps a stale one). */
function realClick(
  rng: Rng,
  user: ScriptedUser,
  messages: ReturnType<ScriptedUser['messages']>,
): Sent | null {
  const message = rng.pick(messages);
  type Component = {
    type: number;
    custom_id?: string;
    disabled?: boolean;
    options?: Array<{ value: string }>;
  };
  type Sized = Component & { min_values?: number; max_values?: number };
  const components = (allComponents(message.components) as Sized[]).filter(
    (c) => c.custom_id && !c.disabled && (c.type === 2 || c.type === 3),
  );
  if (components.length === 0) return null;
  const component = rng.pick(components);
  const id = component.custom_id as string;
  if (component.type === 2) return { handle: user.click(message.id, id), customId: id };
  const options = component.options ?? [];
  const min = component.min_values ?? 1;
  const max = Math.min(component.max_values ?? 1, options.length);
  const n = min + rng.int(Math.max(1, max - min + 1));
  const values = [...options]
    .sort(() => rng.next() - 0.5)
    .slice(0, n)
    .map((o) => o.value);
  return { handle: user.select(message.id, id, values), customId: id };
}

/** Every button and string menu of a message, disabled ones too, with its options' values. */
function seenComponents(message: ReturnType<ScriptedUser['messages']>[number]): SeenComponent[] {
  type Component = { type: number; custom_id?: string; options?: Array<{ value: string }> };
  return (allComponents(message.components) as Component[])
    .filter((c) => c.custom_id && (c.type === 2 || c.type === 3))
    .map((c) => ({
      type: c.type,
      customId: c.custom_id as string,
      values: (c.options ?? []).map((o) => o.value),
    }));
}

/** What a player would type: a legal play of theirs, a pass, their hand, the lobby's commands. */
function legalCommand(rng: Rng, user: ScriptedUser, channelId: string, bot: RunningBot): InteractionHandle {
  const here = bot.service.tableInChannel(channelId);
  const view = here.ok ? bot.service.playerView(here.value.table.id, user.id) : null;
  const plays = view?.ok ? view.value.legal.filter((a) => a.type === 'play') : [];
  const play = plays.length > 0 ? rng.pick(plays) : null;
  if (play && play.type === 'play' && rng.chance(0.6)) {
    const cards = play.cards.join(' ') + (play.phoenixAs === undefined ? '' : ` as:${play.phoenixAs}`);
    return user.slash(channelId, 'play', { options: { cards } });
  }
  const sub = rng.pick(['join', 'start', 'leave', 'status', 'pause', 'resume', 'away', 'create']);
  if (rng.chance(0.5)) return user.slash(channelId, rng.pick(['hand', 'pass', 'tichu']));
  return user.slash(channelId, 'table', {
    subcommand: sub,
    ...(sub === 'create' ? { options: { timer: 'off' } } : {}),
  });
}

/** The channel's table as far as an interaction could change it (not its message id or clock). */
function snapshot(bot: RunningBot, channelId: string): { state: string; version: number | null } {
  const here = bot.service.tableInChannel(channelId);
  if (!here.ok) return { state: 'no table', version: null };
  const { messageId: _m, updatedAt: _u, ...table } = here.value.table;
  const version = here.value.view?.version ?? null;
  return { state: JSON.stringify({ table, version }), version };
}

/** A deferred reply whose "thinking" placeholder was never filled in (nor removed). */
function stillThinking(discord: LocalDiscord, handle: InteractionHandle): boolean {
  if (handle.record.ack?.type !== 5 || handle.record.originalId === null) return false;
  const original = discord.hub.world.messages.get(handle.record.originalId);
  return original !== undefined && !original.deleted && (original.flags & 128) !== 0;
}

/** The channel's active table record and its match version (null: none, or no match yet). */
function tableOf(bot: RunningBot, channelId: string): Before {
  const here = bot.service.tableInChannel(channelId);
  if (!here.ok) return { table: null, version: null };
  return { table: here.value.table, version: here.value.view?.version ?? null };
}

/** The match's logged actions after `before`'s version up to `after`'s. */
function eventsBetween(bot: RunningBot, before: Before, after: Before) {
  const matchId = before.table?.matchId ?? null;
  if (matchId === null || before.version === null) return [];
  const upTo = after.version ?? Number.POSITIVE_INFINITY;
  return bot.store.matches
    .actions(matchId)
    .filter((e) => e.version > (before.version as number) && e.version <= upTo);
}

function seatedAt(bot: RunningBot, channelId: string, userId: string): boolean {
  const here = bot.service.tableInChannel(channelId);
  return here.ok && here.value.table.seats.some((o) => o?.kind === 'user' && o.userId === userId);
}

/** The bot's log line for the interaction (written once its handler is done), or null after 5 s. */
function logged(
  id: string,
  lines: Map<string, Line>,
  waiting: Map<string, () => void>,
): Promise<Line | null> {
  const now = lines.get(id);
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, WAIT_MS);
    waiting.set(id, () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(lines.get(id) ?? null);
    });
  });
}

/**
 * `npm run bench` and `npm run chaos`: 10,000 random interactions, half with text cards and half
 * with the card pictures; the figures, and the seed printed (a new one each run, or
 * `--fuzz-seed=TEXT` to repeat one).
 */
export async function fuzzFigures(
  seed = argument('--fuzz-seed=') ?? String(Date.now() % 100_000),
  interactions = 10_000,
): Promise<Figure[]> {
  const half = Math.ceil(interactions / 2);
  const runs = [
    await runFuzz({ interactions: half, seed }),
    await runFuzz({ interactions: interactions - half, seed: `${seed}/pictures`, cardPictures: true }),
  ];
  const sum = (pick: (run: FuzzResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
  for (const run of runs) {
    console.log(
      `fuzz: seed ${run.seed}, ${run.interactions} interactions (${run.accepted} accepted) in ${(run.wallMs / 1000).toFixed(1)} s; ${run.publicPayloads} public payloads and ${run.logLines} log lines looked at for cards`,
    );
    for (const problem of run.problems) console.log(`fuzz: ${problem}`);
  }
  const note = `seed ${seed}, ${sum((r) => r.interactions)} interactions (${sum((r) => r.accepted)} accepted), ${(sum((r) => r.wallMs) / 1000).toFixed(1)} s`;
  const zero = (key: string, value: number, withNote = false): Figure => ({
    key,
    value,
    unit: 'count',
    target: '== 0',
    met: value === 0,
    ...(withNote ? { note } : {}),
  });
  return [
    zero(
      'fuzz.internalErrors',
      sum((r) => r.internalErrors),
      true,
    ),
    zero(
      'fuzz.unanswered',
      sum((r) => r.unanswered),
    ),
    zero(
      'fuzz.illegalChanges',
      sum((r) => r.illegalChanges),
    ),
    zero(
      'fuzz.wrongStateChanges',
      sum((r) => r.wrongStateChanges),
    ),
    zero(
      'fuzz.wrongSeatActions',
      sum((r) => r.wrongSeatActions),
    ),
    zero(
      'fuzz.unhandledRejections',
      sum((r) => r.unhandledRejections),
    ),
    zero(
      'fuzz.cardsLeaked',
      sum((r) => r.cardsLeaked),
    ),
    {
      ...zero(
        'fuzz.publicMessagesReplaced',
        sum((r) => r.publicMessagesReplaced),
      ),
      note: `forged at public messages, by family: ${familiesNote(runs)}`,
    },
  ];
}

/** "join 40, leave 38, ...": the forged clicks of each family sent at public messages. */
function familiesNote(runs: readonly FuzzResult[]): string {
  const total: Record<string, number> = {};
  for (const run of runs)
    for (const [family, n] of Object.entries(run.familiesSent)) total[family] = (total[family] ?? 0) + n;
  return Object.entries(total)
    .map(([family, n]) => `${family} ${n}`)
    .join(', ');
}

function argument(prefix: string): string | undefined {
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

// Alone: `node --import tsx bench/fuzz.ts [--fuzz-seed=TEXT] [--fuzz-count=N]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await fuzzFigures(undefined, Number(argument('--fuzz-count=') ?? 10_000));
  for (const f of figures)
    console.log(
      `${f.key.padEnd(32)} ${String(f.value).padStart(10)} ${f.unit}${f.note ? `  (${f.note})` : ''}`,
    );
  process.exit(figures.every((f) => f.met) ? 0 : 1);
}

/** Every component of a message, however nested (rows, and Components V2's containers and sections). */
function allComponents(components: readonly unknown[]): Array<Record<string, unknown>> {
  const all: Array<Record<string, unknown>> = [];
  eachComponent(components, (c) => {
    all.push(c);
  });
  return all;
}
