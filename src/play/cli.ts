/**
 * `npm run play`: try the bot without Discord. Starts, in one process tree and with no
 * configuration, the local Discord on 127.0.0.1, the real bot as `npm start` runs it (its own
 * process, on ./data/play.sqlite, kept between runs so a paused match resumes; `--fresh` starts
 * clean), and the play page's server; prints the address and opens nothing by itself.
 *
 *   npm run play [-- --port N] [-- --fresh] [-- --lang de|en] [-- --text-cards] [-- --users N]
 *
 * The cards show as the card pictures (uploaded to the local Discord as application emoji, as
 * `npm run deploy-commands` does on Discord) unless `--text-cards`; `--lang de` makes the page, its
 * people and the server German (the bot then speaks German on the panels and the table message).
 * `--users N` (4 to 12, default 4) gives the page N people, enough for an event's several tables.
 *
 * The world is made anew each run with the same ids (application, server, channel, people), so the
 * bot's stored tables are found in the same channel as before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readEnvFile } from '../config.js';
import { loadCardImages } from '../discord/cardImages.js';
import { deployCardEmoji, registerCommands } from '../discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../localDiscord/index.js';
import { Store } from '../store/store.js';
import { type PlayServer, startPlayServer } from './playServer.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Fixed ids, below any the local Discord makes itself (its snowflakes are of the current time). */
const IDS = {
  application: '1000000000000000001',
  guild: '1000000000000000002',
  channel: '1000000000000000003',
  /** The people's: Ann 1000000000000000011, Ben …12, up to Lou …22. */
  users: Array.from({ length: 12 }, (_, i) => String(1_000_000_000_000_000_011n + BigInt(i))),
} as const;
/** Real names: the bot says "Ann's Tichu" and "Ann passes"; the page marks whom you play as "(you)". */
const NAMES = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lou'] as const;
/** How many people the page may have: a table's four, up to three tables' worth. */
export const USERS = { least: 4, most: NAMES.length, default: 4 } as const;
const STOP_WAIT_MS = 6_000;
const CONNECT_WAIT_MS = 30_000;

export interface Args {
  readonly port: number;
  readonly fresh: boolean;
  readonly database: string;
  /** The Discord locale of the four people and of the server. */
  readonly locale: string;
  /** The language of the page's own words. */
  readonly lang: 'en' | 'de';
  readonly cardPictures: boolean;
  /** How many people the page has (USERS.least to USERS.most). */
  readonly users: number;
}

export const USAGE =
  'npm run play [-- --port N] [-- --fresh] [-- --lang de|en] [-- --text-cards] [-- --users N]';

/** A bad command line, said in one line; `npm run play` exits with code 2 after saying it. */
export class UsageError extends Error {}

/** The command line's options, or 'help' for --help; a bad one throws a UsageError. */
export function parseArgs(argv: readonly string[]): Args | 'help' {
  let port = 3000;
  let fresh = false;
  let locale = 'en-US';
  let lang: 'en' | 'de' = 'en';
  let cardPictures = true;
  let users: number = USERS.default;
  const bad = (message: string): never => {
    throw new UsageError(message);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    /** The value of `--name=value` or of `--name value`. */
    const given = (name: string) => (arg.includes('=') ? arg.slice(name.length + 1) : argv[++i]);
    if (arg === '--fresh') fresh = true;
    else if (arg === '--port' || arg.startsWith('--port=')) {
      const value = given('--port');
      port = Number(value);
      if (value === undefined || value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535)
        bad(`--port wants a port number from 0 to 65535 (0: any free port), not "${value ?? ''}".`);
    } else if (arg === '--lang' || arg.startsWith('--lang=')) {
      const value = given('--lang');
      if (value !== 'de' && value !== 'en') return bad(`--lang wants de or en, not "${value ?? ''}".`);
      lang = value;
      locale = value === 'de' ? 'de' : 'en-US';
    } else if (arg === '--users' || arg.startsWith('--users=')) {
      const value = given('--users');
      users = /^\d{1,3}$/.test(value ?? '') ? Number(value) : Number.NaN;
      if (!(users >= USERS.least && users <= USERS.most))
        bad(
          `--users wants a whole number from ${USERS.least} to ${USERS.most} (the page's people), not "${value ?? ''}".`,
        );
    } else if (arg === '--text-cards') cardPictures = false;
    else if (arg === '--help' || arg === '-h') return 'help';
    else bad(`Unknown option "${arg}". Usage: ${USAGE}`);
  }
  const database = process.env.PLAY_DATABASE_PATH || join(ROOT, 'data', 'play.sqlite');
  return { port, fresh, database, locale, lang, cardPictures, users };
}

/**
 * The card emoji the bot will load, stored in `database` for the local Discord of this run: with
 * `pictures`, the card pictures uploaded as the application's emoji, as `npm run deploy-commands`
 * does on Discord; without, none, so the bot shows text cards (the ids of an earlier run are
 * unknown to this run's local Discord, which would refuse every message showing them).
 */
export async function storeCardEmoji(
  discord: LocalDiscord,
  database: string,
  pictures: boolean,
): Promise<void> {
  const store = Store.open(database);
  try {
    if (!pictures) {
      store.emoji.replaceCardEmoji(discord.applicationId, new Map());
      return;
    }
    const images = [...loadCardImages().values()];
    const sync = await deployCardEmoji(discord.hub.token, discord.applicationId, images, discord.restUrl);
    // Not listed: what exists is unknown; no emoji at all is what this run's local Discord certainly has.
    store.emoji.replaceCardEmoji(discord.applicationId, sync.listed ? sync.faces : new Map());
  } finally {
    store.close();
  }
}

/**
 * The page's `count` people (Ann, Ben, Cat, Dan, then Eve … Lou), with the same ids every run. Each
 * speaks `locale` (the page's language), so playing hot-seat as Ben keeps the bot's language.
 */
export function addPeople(
  discord: LocalDiscord,
  locale: string,
  count: number = USERS.default,
): ScriptedUser[] {
  return NAMES.slice(0, count).map((name, i) => discord.addUser(name, IDS.users[i], locale));
}

/** The command line read, or the process ended: 0 after --help, 2 after saying what is wrong. */
function readArgs(argv: readonly string[]): Args {
  try {
    const args = parseArgs(argv);
    if (args !== 'help') return args;
    console.log(`${USAGE}: the bot in your browser, no Discord needed.`);
    process.exit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  mkdirSync(dirname(args.database), { recursive: true });
  if (args.fresh) for (const suffix of ['', '-wal', '-shm']) rmSync(args.database + suffix, { force: true });

  const discord = await LocalDiscord.start({ applicationId: IDS.application });
  const { guild } = discord.addGuild('Tichu Club', ['tichu'], {
    guildId: IDS.guild,
    channelIds: [IDS.channel],
  });
  guild.locale = args.locale;
  const users = addPeople(discord, args.locale, args.users);
  await registerCommands(discord.hub.token, discord.applicationId, guild.id, discord.restUrl);
  await storeCardEmoji(discord, args.database, args.cardPictures);

  const bot = startBotProcess(discord, args.database);
  let server: PlayServer | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopBot(bot);
    await server?.close();
    await discord.close();
    process.exit(code);
  };
  bot.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`The bot stopped (${signal ?? `exit code ${code}`}); its output is above. Stopping.`);
    void stop(1);
  });
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  // Whatever ends this process, the bot does not outlive it (it would keep the file open).
  process.once('exit', () => {
    if (bot.exitCode === null && bot.signalCode === null) bot.kill('SIGKILL');
  });
  process.once('uncaughtException', (error) => {
    console.error(`The play server failed: ${error instanceof Error ? error.message : String(error)}`);
    void stop(1);
  });

  const giveUp = async (message: string) => {
    console.error(message);
    await stop(1);
  };
  if (!(await connected(discord, CONNECT_WAIT_MS)))
    return giveUp(`The bot did not connect to the local Discord within ${CONNECT_WAIT_MS / 1000} s.`);
  try {
    server = await startPlayServer({
      discord,
      guildId: guild.id,
      channelId: IDS.channel,
      users,
      port: args.port,
      lang: args.lang,
    });
  } catch (error) {
    const busy = (error as { code?: string }).code === 'EADDRINUSE';
    return giveUp(
      busy
        ? `Port ${args.port} is in use. Try another: npm run play -- --port ${args.port + 1}`
        : `The page's server could not start: ${String(error)}`,
    );
  }
  console.log(`Tichu is ready: open ${server.url} in your browser (Ctrl-C stops it).`);
  console.log(`Matches are kept in ${args.database}; npm run play -- --fresh starts clean.`);
}

/** Whether the bot's gateway connection is up within `ms` (looked at every 50 ms). */
async function connected(discord: LocalDiscord, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (discord.gateway.connected > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * The bot's LOG_LEVEL: the one set in the environment or in .env (as `npm start` reads them), else
 * warn, so that the page's own lines are not lost among the bot's. Set here because the bot reads
 * .env only for what its environment lacks: a default put in its environment would hide .env's.
 */
export function playLogLevel(env: Readonly<Record<string, string | undefined>>, root: string): string {
  if (env.LOG_LEVEL?.trim()) return env.LOG_LEVEL;
  const fromFile: Record<string, string | undefined> = {};
  readEnvFile(root, fromFile);
  return fromFile.LOG_LEVEL?.trim() || 'warn';
}

/** The bot exactly as `npm start` runs it, pointed at the local Discord; its log shows warnings only unless LOG_LEVEL says otherwise. */
function startBotProcess(discord: LocalDiscord, database: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DISCORD_TOKEN: discord.hub.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DISCORD_DEV_GUILD_ID: '',
      DATABASE_PATH: database,
      // One process, whatever a developer's .env says: the page stops the bot it started.
      SHARDS: '1',
      LOG_LEVEL: playLogLevel(process.env, ROOT),
    },
  });
}

async function stopBot(bot: ChildProcess): Promise<void> {
  if (bot.exitCode !== null || bot.signalCode !== null) return;
  const exited = new Promise<void>((done) => bot.once('exit', () => done()));
  bot.kill('SIGTERM');
  const timer = setTimeout(() => bot.kill('SIGKILL'), STOP_WAIT_MS);
  await exited;
  clearTimeout(timer);
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) await main();
