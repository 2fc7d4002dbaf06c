/**
 * The real bot process (`node --import tsx src/main.ts`, as chaos runs it) against the local
 * Discord, with a table in its channel, for sending payloads that break Discord's schema: each is
 * accounted for as answered (a callback to its id), refused (the bot's 'malformed interaction' log
 * line) or neither, and a process that died is counted and started again. Every wait is bounded.
 */
import { MALFORMED_LINE } from '../src/discord/door/rawGuard.js';

export { MALFORMED_LINE };

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerCommands } from '../src/discord/deploy.js';
import {
  type BaseKind,
  type InjectedInteraction,
  LocalDiscord,
  type ScriptedUser,
} from '../src/localDiscord/index.js';
import { eachComponent } from '../src/localDiscord/validateV2.js';
import type { Json } from '../src/localDiscord/world.js';
import { type BotRun, spawnBot, stopBot, waitConnected } from '../tools/chaos/botProcess.js';

export type Line = Record<string, unknown> & { readonly level: number; readonly msg: string };
export type Fate = 'answered' | 'refused' | 'unaccounted' | 'crashed';

const CONNECT_MS = 30_000;
const SETUP_MS = 20_000;
/** How long a payload may take to be answered or refused (the bot answers in milliseconds; CI machines are shared). */
const ACCOUNT_MS = 10_000;

export class MalformedBot {
  /** Bot processes that exited on their own (not stopped by `close`). */
  crashes = 0;
  private bot: BotRun;
  private closing = false;

  private constructor(
    /** Every log line of every bot process started, parsed (non-JSON output kept as `msg`). */
    readonly lines: Line[],
    readonly discord: LocalDiscord,
    readonly channelId: string,
    readonly users: readonly ScriptedUser[],
    readonly tableMessageId: string,
    private readonly dir: string,
    bot: BotRun,
  ) {
    this.bot = bot;
  }

  /** The local Discord, a guild with a channel, two users, the bot process up and a table opened. */
  static async start(): Promise<MalformedBot> {
    const dir = mkdtempSync(join(tmpdir(), 'tichu-malformed-'));
    const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
    let bot: BotRun | null = null;
    try {
      const { guild, channels } = discord.addGuild('Malformed Club', ['malformed']);
      const users = [discord.addUser('Ann'), discord.addUser('Ben', undefined, 'de')];
      await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
      const channelId = (channels[0] as { id: string }).id;
      const lines: Line[] = [];
      bot = spawnBot(discord, { database: join(dir, 'tichu.sqlite'), onLine: (l) => lines.push(parse(l)) });
      if (!(await waitConnected(discord, bot, CONNECT_MS))) throw new Error('the bot did not connect');
      const ann = users[0] as ScriptedUser;
      // Generous: the machine may be busy, and nothing is measured here.
      await ann.slash(channelId, 'table', { subcommand: 'create' }).reply(SETUP_MS);
      const table = await ann.waitForMessage(
        channelId,
        (m) => !m.ephemeral && m.components.length > 0,
        SETUP_MS,
      );
      const run = new MalformedBot(lines, discord, channelId, users, table.id, dir, bot);
      run.watch(bot);
      return run;
    } catch (error) {
      if (bot) await stopBot(bot);
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** A fresh well-formed payload of that kind, by Ann (or `user`), with an id and token Discord knows. */
  base(kind: BaseKind, user = this.users[0] as ScriptedUser): Json {
    const channel = this.channelId;
    const button = this.firstButton();
    switch (kind) {
      case 'slash':
        return user.draftSlash(channel, 'play', { options: { cards: 'S2' } });
      case 'subcommand':
        return user.draftSlash(channel, 'table', { subcommand: 'status' });
      case 'autocomplete':
        return user.draftAutocomplete(channel, 'play', { options: { cards: 'S' }, focused: 'cards' });
      case 'click':
        return user.draftClick(this.tableMessageId, button);
      case 'select':
        return user.draftForge(channel, {
          kind: 'component',
          messageId: this.tableMessageId,
          customId: 'menu:x',
          componentType: 3,
          values: ['a'],
        });
      case 'modal':
        return user.draftForge(channel, { kind: 'modal', customId: 'form:x', fields: { note: 'hello' } });
      case 'userMenu':
        return user.draftForge(channel, {
          kind: 'command',
          name: 'Profile',
          commandType: 2,
          targetId: user.id,
        });
      case 'messageMenu':
        return user.draftForge(channel, {
          kind: 'command',
          name: 'Quote',
          commandType: 3,
          targetId: this.tableMessageId,
        });
      case 'ping':
        return this.discord.pingPayload();
    }
  }

  /**
   * Sends one payload and waits (bounded) until it is answered, refused in the log, or the process
   * died. A payload without a string id is matched to the next refusal line without an id.
   */
  async send(raw: unknown): Promise<{ fate: Fate; handle: InjectedInteraction }> {
    const idLess = this.lines.filter((l) => l.msg === MALFORMED_LINE && l.interaction === undefined).length;
    const crashesBefore = this.crashes;
    const handle = this.discord.injectInteraction(raw);
    const deadline = performance.now() + ACCOUNT_MS;
    for (;;) {
      const fate = this.fateOf(handle, idLess);
      if (fate) return { fate, handle };
      if (this.crashes > crashesBefore) return { fate: 'crashed', handle };
      if (performance.now() > deadline) return { fate: 'unaccounted', handle };
      await sleep(10);
    }
  }

  /** Answered (a callback to its id) or refused (its log line); null while neither. */
  fateOf(handle: InjectedInteraction, idLessBefore: number): 'answered' | 'refused' | null {
    if (handle.answered) return 'answered';
    const id = handle.id;
    const refusals = this.lines.filter((l) => l.msg === MALFORMED_LINE);
    if (id !== null && refusals.some((l) => l.interaction === id.slice(0, 32))) return 'refused';
    if (id === null && refusals.filter((l) => l.interaction === undefined).length > idLessBefore)
      return 'refused';
    return null;
  }

  /** A legitimate `/table status` by Ann: whether the bot answered it (bounded). */
  async legitAnswered(): Promise<boolean> {
    const user = this.users[0] as ScriptedUser;
    try {
      await user.slash(this.channelId, 'table', { subcommand: 'status' }).acknowledged(5_000);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether the bot process is up (not exited). */
  get alive(): boolean {
    return this.bot.child.exitCode === null && this.bot.child.signalCode === null;
  }

  /** Starts the bot process again (after a crash, or after `stop`); waits for its session. */
  async restart(): Promise<boolean> {
    const bot = spawnBot(this.discord, {
      database: join(this.dir, 'tichu.sqlite'),
      onLine: (l) => this.lines.push(parse(l)),
    });
    this.bot = bot;
    this.watch(bot);
    return waitConnected(this.discord, bot, CONNECT_MS);
  }

  /** Stops the bot process cleanly (SIGTERM) and waits until the local Discord sees it gone. */
  async stop(): Promise<void> {
    const bot = this.bot;
    this.closing = true;
    await stopBot(bot);
    this.closing = false;
    for (let i = 0; i < 500 && this.discord.gateway.connected > 0; i++) await sleep(10);
  }

  /** The process of the moment: its pid (to tell a restarted one apart). */
  get pid(): number | undefined {
    return this.bot.child.pid;
  }

  async close(): Promise<void> {
    this.closing = true;
    await stopBot(this.bot);
    await this.discord.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private watch(bot: BotRun): void {
    void bot.exited.then(() => {
      if (!this.closing) this.crashes++;
    });
  }

  private firstButton(): string {
    const message = this.discord.hub.world.messages.get(this.tableMessageId);
    // In a row, or in the V2 table message's container and beside its seats.
    let first: string | undefined;
    eachComponent(message?.components ?? [], (c: Json) => {
      if (first === undefined && c.type === 2 && typeof c.custom_id === 'string') first = c.custom_id;
    });
    if (first !== undefined) return first;
    throw new Error('the table message has no button');
  }
}

function parse(text: string): Line {
  try {
    const line = JSON.parse(text) as Line;
    if (line && typeof line === 'object') return line;
  } catch {
    // Not a log line: a crash's stack trace, say.
  }
  return { level: 60, msg: text };
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
