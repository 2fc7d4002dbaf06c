/**
 * A local Discord with a guild, a channel, scripted users and a REAL discord.js client logged in to it.
 *
 * The bot's behaviour is supplied per test: `fx.handleNext(handler)` runs `handler` on the next interaction
 * the client receives and settles with what it returned or threw (a DiscordAPIError, typically), so a test
 * can assert on Discord's refusals. Every wait here is bounded.
 */
import {
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  type Interaction,
  REST,
  Routes,
  SlashCommandBuilder,
  type TextChannel,
} from 'discord.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import type { LocalChannel, LocalGuild } from '../../src/localDiscord/world.js';

export const WAIT_MS = 5_000;

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface DiscordFixtureOptions {
  /** Guild commands (JSON bodies, e.g. from SlashCommandBuilder#toJSON), registered before login. */
  readonly guildCommands?: readonly unknown[];
  /** Global commands, registered before login. */
  readonly globalCommands?: readonly unknown[];
  /** Scripted users to add (default alice and bob). */
  readonly users?: readonly string[];
  readonly heartbeatIntervalMs?: number;
  /** The client's gateway intents (default: Guilds only, as the bot). */
  readonly intents?: readonly GatewayIntentBits[];
  /** Called for interactions that no `handleNext` claimed. */
  readonly onInteraction?: (interaction: Interaction) => unknown;
}

export interface DiscordFixture {
  readonly discord: LocalDiscord;
  readonly client: Client<true>;
  readonly guild: LocalGuild;
  readonly channel: LocalChannel;
  readonly users: readonly ScriptedUser[];
  readonly alice: ScriptedUser;
  readonly bob: ScriptedUser;
  /** A REST client with the bot's token, as a deploy script would use. */
  readonly rest: REST;
  /** Every dispatch packet discord.js received (Events.Raw), from before login on. */
  readonly rawPackets: ReadonlyArray<{ t: string; d: unknown }>;
  /** Errors thrown by `onInteraction` (unclaimed interactions). */
  readonly handlerErrors: readonly unknown[];
  /** The index in discord.calls of the first call made by client.login(). */
  readonly loginCallIndex: number;
  /** The channel as discord.js has it cached. */
  textChannel(): TextChannel;
  /**
   * Runs `handler` on the next interaction the bot receives; settles with its outcome.
   * Rejects if no interaction arrives within `timeoutMs`.
   */
  handleNext<T>(
    handler: (interaction: Interaction) => Promise<T> | T,
    timeoutMs?: number,
  ): Promise<Outcome<T>>;
  /**
   * Drops handlers that no interaction claimed: call it after each test, so that a failed test's
   * leftovers cannot answer the next test's interactions.
   */
  forgetPending(): void;
  close(): Promise<void>;
}

/** Rejects after `ms` with a message naming what was awaited. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls `check` every 10 ms until it returns something other than undefined (bounded). */
export async function eventually<T>(check: () => T | undefined, what: string, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Wraps raw API JSON so discord.js sends it as is (no builder validation on the way). */
export function raw<T extends object>(json: T): { toJSON(): T } {
  return { toJSON: () => json };
}

/** The DiscordAPIError an outcome failed with; fails the test if it succeeded or failed otherwise. */
export function apiError(outcome: Outcome<unknown>): DiscordAPIError {
  if (outcome.ok) throw new Error(`expected a DiscordAPIError, but the handler succeeded`);
  if (!(outcome.error instanceof DiscordAPIError)) {
    throw new Error(`expected a DiscordAPIError, got ${String(outcome.error)}`, { cause: outcome.error });
  }
  return outcome.error;
}

/** The DiscordAPIError a REST call (made directly by the test) is refused with; bounded wait. */
export async function refusedWith(request: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await within(
    request.then(
      () => null,
      (e: unknown) => e,
    ),
    WAIT_MS,
    'the REST call',
  );
  if (!(error instanceof DiscordAPIError))
    throw new Error(`expected a DiscordAPIError, got ${String(error)}`);
  return error;
}

/** The value an outcome succeeded with; fails the test with the handler's error otherwise. */
export function succeeded<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`the handler failed: ${String(outcome.error)}`, { cause: outcome.error });
  return outcome.value;
}

export async function startDiscordFixture(options: DiscordFixtureOptions = {}): Promise<DiscordFixture> {
  const discord = await LocalDiscord.start(
    options.heartbeatIntervalMs === undefined ? {} : { heartbeatIntervalMs: options.heartbeatIntervalMs },
  );
  const users = (options.users ?? ['alice', 'bob']).map((name) => discord.addUser(name));
  const { guild, channels } = discord.addGuild('Tichu Club', ['general']);
  const channel = channels[0]!;
  const rest = new REST({ api: discord.restUrl }).setToken(discord.token);
  const client = new Client({
    intents: [...(options.intents ?? [GatewayIntentBits.Guilds])],
    rest: { api: discord.restUrl },
  });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.destroy();
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await discord.close();
  };

  try {
    if (options.guildCommands) {
      await rest.put(Routes.applicationGuildCommands(discord.applicationId, guild.id), {
        body: options.guildCommands,
      });
    }
    if (options.globalCommands) {
      await rest.put(Routes.applicationCommands(discord.applicationId), { body: options.globalCommands });
    }

    const rawPackets: Array<{ t: string; d: unknown }> = [];
    client.on(Events.Raw, (packet: { t: string; d: unknown }) => rawPackets.push(packet));

    const handlerErrors: unknown[] = [];
    const claims: Array<(interaction: Interaction) => void> = [];
    client.on(Events.InteractionCreate, (interaction) => {
      const claim = claims.shift();
      if (claim) {
        claim(interaction);
        return;
      }
      Promise.resolve()
        .then(() => options.onInteraction?.(interaction))
        .catch((error: unknown) => handlerErrors.push(error));
    });

    const loginCallIndex = discord.calls.length;
    const ready = within(
      new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve())),
      WAIT_MS,
      'ClientReady',
    );
    await within(client.login(discord.token), WAIT_MS, 'client.login');
    await ready;

    const fixture: DiscordFixture = {
      discord,
      client: client as Client<true>,
      guild,
      channel,
      users,
      alice: users[0]!,
      bob: users[1] ?? users[0]!,
      rest,
      rawPackets,
      handlerErrors,
      loginCallIndex,
      textChannel() {
        const cached = client.channels.cache.get(channel.id);
        if (!cached?.isTextBased()) throw new Error(`discord.js has no text channel ${channel.id}`);
        return cached as TextChannel;
      },
      handleNext<T>(handler: (interaction: Interaction) => Promise<T> | T, timeoutMs = WAIT_MS) {
        let claim!: (interaction: Interaction) => void;
        const settled = new Promise<Outcome<T>>((resolve) => {
          claim = (interaction) => {
            Promise.resolve()
              .then(() => handler(interaction))
              .then(
                (value) => resolve({ ok: true, value }),
                (error: unknown) => resolve({ ok: false, error }),
              );
          };
        });
        claims.push(claim);
        return within(settled, timeoutMs, 'the bot to handle an interaction').finally(() => {
          const index = claims.indexOf(claim);
          if (index >= 0) claims.splice(index, 1);
        });
      },
      forgetPending() {
        claims.length = 0;
      },
      close,
    };
    return fixture;
  } catch (error) {
    await close();
    throw error;
  }
}

/** Commands most tests use: /ping, /say text, /find query (autocomplete). */
export function testCommands(): unknown[] {
  return [
    new SlashCommandBuilder().setName('ping').setDescription('Answers pong').toJSON(),
    new SlashCommandBuilder()
      .setName('say')
      .setDescription('Says something')
      .addStringOption((o) => o.setName('text').setDescription('What to say').setRequired(true))
      .toJSON(),
    new SlashCommandBuilder()
      .setName('find')
      .setDescription('Finds a table')
      .addStringOption((o) =>
        o.setName('query').setDescription('Table name').setRequired(true).setAutocomplete(true),
      )
      .toJSON(),
  ];
}
