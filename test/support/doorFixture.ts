/**
 * The real bot on the local Discord with what the door's tests need beyond botFixture: a short
 * deferral delay (no test waits two real seconds), every log line kept (each interaction's outcome),
 * and several channels. Every wait is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Environment } from '../../src/app/ids.js';
import { type RunningBot, startBot } from '../../src/discord/bot.js';
import { registerCommands } from '../../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { eventually } from './discordFixture.js';

export type LogLine = Record<string, unknown> & { readonly level: number; readonly msg: string };

export interface DoorFixture {
  readonly discord: LocalDiscord;
  readonly bot: RunningBot;
  readonly guildId: string;
  readonly channelIds: readonly string[];
  readonly users: readonly ScriptedUser[];
  /** Every log line of the bot, parsed, in order. */
  readonly logs: LogLine[];
  /** The bot's "interaction" line for an interaction id, once it is logged (the handler is done). */
  logged(interactionId: string): LogLine | undefined;
  /** Waits (bounded) for that line. */
  waitLogged(interactionId: string, timeoutMs?: number): Promise<LogLine>;
  close(): Promise<void>;
}

export interface DoorFixtureOptions {
  readonly users?: number;
  readonly channels?: number;
  readonly deferAfterMs?: number;
  readonly env?: Environment;
}

export async function startDoorFixture(options: DoorFixtureOptions = {}): Promise<DoorFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-door-'));
  const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  const names = Array.from({ length: options.channels ?? 1 }, (_, i) => `tichu-${i + 1}`);
  const { guild, channels } = discord.addGuild('Door Club', names);
  const users = Array.from({ length: options.users ?? 4 }, (_, i) => discord.addUser(`Player${i + 1}`));
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  const logs: LogLine[] = [];
  const byInteraction = new Map<string, LogLine>();
  const logger = pino(
    { level: 'info' },
    {
      write: (text: string) => {
        const line = JSON.parse(text) as LogLine;
        logs.push(line);
        if (line.msg === 'interaction' && typeof line.interaction === 'string')
          byInteraction.set(line.interaction, line);
      },
    },
  );
  const bot = await startBot({
    token: discord.token,
    applicationId: discord.applicationId,
    databasePath: join(dir, 'tichu.sqlite'),
    logger,
    restApi: discord.restUrl,
    tableEditDelayMs: 20,
    ...(options.deferAfterMs === undefined ? {} : { deferAfterMs: options.deferAfterMs }),
    ...(options.env ? { env: options.env } : {}),
  });
  return {
    discord,
    bot,
    guildId: guild.id,
    channelIds: channels.map((c) => c.id),
    users,
    logs,
    logged: (id) => byInteraction.get(id),
    waitLogged: (id, timeoutMs = 5_000) =>
      eventually(() => byInteraction.get(id), `the log line of interaction ${id}`, timeoutMs),
    async close() {
      await bot.stop();
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
