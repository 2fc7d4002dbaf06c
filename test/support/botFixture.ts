/**
 * End-to-end fixture: the local Discord, a guild with a channel, scripted users, and the REAL bot
 * (its composition root and the real discord.js client) with its commands registered, on a temp file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { ManualClock } from '../../src/app/clock.js';
import { type Environment, systemEnvironment } from '../../src/app/ids.js';
import { type RunningBot, startBot } from '../../src/discord/bot.js';
import { loadCardImages } from '../../src/discord/cardImages.js';
import { deployCardEmoji, registerCommands } from '../../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { Store } from '../../src/store/store.js';

export interface BotFixture {
  readonly discord: LocalDiscord;
  readonly guildId: string;
  readonly channelId: string;
  /** Every channel of the guild, the first being `channelId` (see `channels` in the options). */
  readonly channelIds: readonly string[];
  readonly users: ScriptedUser[];
  readonly databasePath: string;
  bot: RunningBot;
  /**
   * Stops the bot (cleanly) and starts a new one on the same database; `whileDown` runs between
   * (e.g. time passing while no bot runs).
   */
  restart(whileDown?: () => void): Promise<void>;
  /**
   * With a `clock`: moves the bot's clock and the local Discord's forward by `ms`, and runs the
   * deadlines that came due (their moves are committed before this returns; Discord hears after).
   */
  advance(ms: number): void;
  /** The messages of the bot's error log lines, in order (a healthy run has none). */
  readonly errors: string[];
  close(): Promise<void>;
}

export interface FixtureOptions {
  readonly users?: number;
  readonly env?: Environment;
  readonly tableEditDelayMs?: number;
  readonly turnPingIntervalMs?: number;
  /** The pause before each bot move of the play where a person watches (default 0: none). */
  readonly botPaceMs?: number;
  /** Wall-clock budget of a hand's review (default: the bot's, 8 s). */
  readonly reviewBudgetMs?: number;
  /** How soon a live panel follows a change that asks nothing of its player (default 250 ms). */
  readonly panelFollowMs?: number;
  /** The bot's clock and its deadlines' scheduler (its `env.now` reads it); else the system's. */
  readonly clock?: ManualClock;
  /** Names of channels to add after the first ("tichu"). */
  readonly moreChannels?: readonly string[];
  /** Each user's Discord client locale, in seat order (default "en-US"): e.g. `['de']` for a German Ann. */
  readonly locales?: readonly string[];
  /** The guild's preferred locale, which the table message speaks (default "en-US"). */
  readonly guildLocale?: string;
  /** Uploads the card emoji and stores them before the bot starts, as `npm run deploy-commands` does. */
  readonly cardEmoji?: boolean;
  /** The folder to make the database's own folder in (default the system's temp folder): e.g. a small tmpfs. */
  readonly parentDir?: string;
  /** Hears every log line from info up (each as pino writes it, parsed); `errors` still has the errors. */
  readonly onLog?: (line: Record<string, unknown>) => void;
}

export async function startFixture(options: FixtureOptions = {}): Promise<BotFixture> {
  const dir = mkdtempSync(join(options.parentDir ?? tmpdir(), 'tichu-e2e-'));
  const databasePath = join(dir, 'tichu.sqlite');
  const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const { guild, channels } = discord.addGuild('Tichu Club', ['tichu', ...(options.moreChannels ?? [])]);
  const names = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lou'];
  if (options.guildLocale) guild.locale = options.guildLocale;
  const users = names
    .slice(0, options.users ?? 4)
    .map((name, i) => discord.addUser(name, undefined, options.locales?.[i]));
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  if (options.cardEmoji) {
    const images = [...loadCardImages().values()];
    const sync = await deployCardEmoji(discord.token, discord.applicationId, images, discord.restUrl);
    const store = Store.open(databasePath);
    store.emoji.replaceCardEmoji(discord.applicationId, sync.faces);
    store.close();
  }
  const errors: string[] = [];
  // Error lines are kept for the tests to read; everything quieter is dropped (unless `onLog` listens).
  const logger = pino(
    { level: options.onLog ? 'info' : 'error' },
    {
      write: (line: string) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        options.onLog?.(parsed);
        if (Number(parsed.level) >= 50) errors.push(String(parsed.msg));
      },
    },
  );
  const launch = () =>
    startBot({
      token: discord.token,
      applicationId: discord.applicationId,
      databasePath,
      logger,
      restApi: discord.restUrl,
      tableEditDelayMs: options.tableEditDelayMs ?? 20,
      ...(options.turnPingIntervalMs !== undefined ? { turnPingIntervalMs: options.turnPingIntervalMs } : {}),
      ...(options.panelFollowMs !== undefined ? { panelFollowMs: options.panelFollowMs } : {}),
      ...(options.botPaceMs !== undefined ? { botPaceMs: options.botPaceMs } : {}),
      ...(options.reviewBudgetMs !== undefined ? { reviewBudgetMs: options.reviewBudgetMs } : {}),
      ...(options.clock
        ? {
            env: { ...(options.env ?? systemEnvironment), now: options.clock.now },
            scheduler: options.clock,
          }
        : options.env
          ? { env: options.env }
          : {}),
    });
  const fixture: BotFixture = {
    errors,
    discord,
    guildId: guild.id,
    channelId: (channels[0] as { id: string }).id,
    channelIds: channels.map((c) => c.id),
    users,
    databasePath,
    bot: await launch(),
    async restart(whileDown) {
      await fixture.bot.stop();
      whileDown?.();
      fixture.bot = await launch();
    },
    advance(ms) {
      if (!options.clock) throw new Error('advance needs a fixture started with a clock');
      discord.advanceTime(ms);
      options.clock.advance(ms);
    },
    async close() {
      await fixture.bot.stop();
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fixture;
}
