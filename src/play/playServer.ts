/**
 * The play page's server: the page's files, and a small HTTP + WebSocket API through which the
 * page acts as the local Discord's scripted users (slash commands, clicks, selects, autocomplete,
 * forms) and reads what each of them sees: the channel and the threads under it that they can view
 * (the local Discord's own canView: never a private thread they are not in), each thread as a
 * channel of its own. The bot cannot tell: it only ever meets the local Discord. Loopback only;
 * every request body is checked, and a bad one is refused in plain words.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import type { LocalDiscord, ScriptedUser } from '../localDiscord/index.js';
import { type LocalThread, PRIVATE_THREAD, type StoredMessage } from '../localDiscord/world.js';

const PUBLIC_DIR = join(import.meta.dirname, 'public');
const MAX_BODY = 64 * 1024;
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
/** How long an action waits for the bot's acknowledgement before answering anyway. */
const ACK_WAIT_MS = 5_000;

export interface PlayServerOptions {
  readonly discord: LocalDiscord;
  readonly guildId: string;
  readonly channelId: string;
  /** The people the page can play as; the page starts as the first. */
  readonly users: readonly ScriptedUser[];
  readonly port: number;
  /** The language of the page's own words (default English); the bot's follow each user's locale. */
  readonly lang?: 'en' | 'de';
}

export interface PlayServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A refusal the page shows as it is; with a `code`, the page says it in its own words (its
 * language) instead: 'stale' for a click on a button or menu its message no longer has.
 */
class Refused extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly code?: 'stale',
  ) {
    super(message);
  }
}

/**
 * The local Discord's refusals of a click or a pick on a message as it is now (the button gone or
 * disabled since the page drew it, the message gone): as Discord's own client would, the page says
 * the control is out of date and draws the message again, rather than quoting the refusal's ids.
 */
const STALE =
  /has no component|is disabled|cannot see message|is not a (button|string select)|has no option|takes \d+ to \d+ values/;

const optionValue = z.union([z.string().max(6_000), z.number(), z.boolean()]);
const options = z.record(z.string().max(100), optionValue);
/** Where a command is used: the page's channel (when not given) or one of its threads. */
const channel = z.string().max(25).optional();
const schemas = {
  slash: z.object({
    user: z.string(),
    channel,
    name: z.string().min(1).max(32),
    options: options.default({}),
  }),
  click: z.object({ user: z.string(), messageId: z.string(), customId: z.string().max(100) }),
  select: z.object({
    user: z.string(),
    messageId: z.string(),
    customId: z.string().max(100),
    values: z.array(z.string().max(100)).max(25),
  }),
  autocomplete: z.object({
    user: z.string(),
    channel,
    name: z.string().min(1).max(32),
    options: options.default({}),
    focused: z.string().min(1).max(32),
  }),
  modal: z.object({ user: z.string(), values: z.record(z.string().max(100), z.string().max(4_000)) }),
};

export async function startPlayServer(options: PlayServerOptions): Promise<PlayServer> {
  const { discord, channelId } = options;
  const people = new Map(options.users.map((u) => [u.id, u]));
  const userOf = (id: string): ScriptedUser => {
    const user = people.get(id);
    if (!user) throw new Refused('No such player on this page.');
    return user;
  };
  /**
   * The channel a command is used in: the page's channel, or a thread of it (the local Discord then
   * refuses one the user cannot view, as Discord's client offers no commands there).
   */
  const channelFor = (id: string | undefined): string => {
    if (id === undefined || id === channelId) return channelId;
    if (discord.hub.world.threads.get(id)?.parentId !== channelId)
      throw new Refused('No such channel on this page.');
    return id;
  };
  const commandInput = (given: Readonly<Record<string, string | number | boolean>>) => {
    const { subcommand, ...rest } = given;
    return {
      ...(typeof subcommand === 'string' && subcommand !== '' ? { subcommand } : {}),
      options: rest,
    };
  };

  const actions: Record<string, (body: unknown) => Promise<Record<string, unknown>>> = {
    async slash(body) {
      const b = parse(schemas.slash, body);
      const user = userOf(b.user);
      const where = channelFor(b.channel);
      return acknowledged(() => user.slash(where, b.name, commandInput(b.options)));
    },
    async click(body) {
      const b = parse(schemas.click, body);
      const user = userOf(b.user);
      return acknowledged(() => staleAsSuch(() => user.click(b.messageId, b.customId)));
    },
    async select(body) {
      const b = parse(schemas.select, body);
      const user = userOf(b.user);
      return acknowledged(() => staleAsSuch(() => user.select(b.messageId, b.customId, b.values)));
    },
    async modal(body) {
      const b = parse(schemas.modal, body);
      return acknowledged(() => userOf(b.user).submitModal(b.values));
    },
    async autocomplete(body) {
      const b = parse(schemas.autocomplete, body);
      const user = userOf(b.user);
      const where = channelFor(b.channel);
      const choices = await guard(() =>
        user.autocomplete(where, b.name, { ...commandInput(b.options), focused: b.focused }),
      );
      return { choices };
    },
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const refused =
        error instanceof Refused ? error : new Refused('Something went wrong on the page’s server.', 500);
      send(res, refused.status, {
        ok: false,
        error: refused.message,
        ...(refused.code ? { code: refused.code } : {}),
      });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only this machine's own page: a loopback Host (no DNS rebinding to read the hands), and JSON
    // posts (a form or text/plain post from another site is refused; JSON from one needs CORS).
    if (!loopbackHost(req.headers.host)) throw new Refused('This page answers on 127.0.0.1 only.', 403);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && !/^application\/json\b/.test(req.headers['content-type'] ?? ''))
      throw new Refused('Send JSON (content-type: application/json).', 415);
    if (req.method === 'GET' && url.pathname === '/api/session') return send(res, 200, session());
    if (req.method === 'GET' && url.pathname === '/api/messages') {
      const user = userOf(url.searchParams.get('user') ?? '');
      const channels = channelsOf(user);
      // Asked for a channel they cannot view (left, deleted, or another's private thread): the
      // page's channel instead, and the answer says which one it is.
      const asked = url.searchParams.get('channel') ?? channelId;
      const shown = channels.some((c) => c.id === asked) ? asked : channelId;
      return send(res, 200, {
        ok: true,
        channel: shown,
        channels,
        messages: visible(user, shown),
        modal: user.openModal,
      });
    }
    const verb = url.pathname.startsWith('/api/') ? url.pathname.slice('/api/'.length) : null;
    if (verb !== null) {
      const action = Object.hasOwn(actions, verb) ? actions[verb] : undefined;
      if (!action) throw new Refused('There is no such request.', 404);
      if (req.method !== 'POST') throw new Refused('Send this request as a POST.', 405);
      return send(res, 200, { ok: true, ...(await action(await readJson(req))) });
    }
    if (req.method !== 'GET') throw new Refused('Only GET here.', 405);
    // Browsers ask for it on their own: no icon, and no 404 in the page's console.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const emoji = /^\/emojis\/(\d{1,25})\.png$/.exec(url.pathname)?.[1];
    if (emoji !== undefined) return serveEmoji(res, discord.emojiPicture(emoji));
    return serveFile(res, url.pathname === '/' ? '/index.html' : url.pathname);
  }

  function session() {
    const world = discord.hub.world;
    const channel = world.channels.get(channelId);
    const commands = [
      ...(world.commands.get(options.guildId) ?? []),
      ...(world.commands.get('global') ?? []),
    ];
    return {
      ok: true,
      lang: options.lang ?? 'en',
      channel: { id: channelId, name: channel?.name ?? 'tichu' },
      users: options.users.map((u) => ({ id: u.id, name: nameOf(u.id) })),
      commands,
    };
  }

  function nameOf(userId: string): string {
    if (userId === discord.applicationId) return 'Tichu';
    const user = discord.hub.world.users.get(userId);
    return user?.globalName ?? user?.username ?? 'someone';
  }

  /**
   * The channels `user` sees: the page's channel, then the threads under it they can view, by name
   * (numbers in order: "Table 2" before "Table 10"). `last` is the newest message they see there
   * (the page marks a channel with news); a thread says whether it is private or archived.
   */
  function channelsOf(user: ScriptedUser) {
    const world = discord.hub.world;
    const lastIn = (id: string) => world.visibleMessages(id, user.id).at(-1)?.id ?? null;
    const threads = [...world.threads.values()]
      .filter((t: LocalThread) => t.parentId === channelId && user.canView(t.id))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }) || compareIds(a.id, b.id));
    return [
      {
        id: channelId,
        name: world.channels.get(channelId)?.name ?? 'tichu',
        thread: false,
        last: lastIn(channelId),
      },
      ...threads.map((t) => ({
        id: t.id,
        name: t.name,
        thread: true,
        private: t.type === PRIVATE_THREAD,
        archived: t.archived,
        last: lastIn(t.id),
      })),
    ];
  }

  function visible(user: ScriptedUser, where: string) {
    const world = discord.hub.world;
    return world.visibleMessages(where, user.id).map((m: StoredMessage) => {
      const interaction = m.interactionId ? world.interactions.get(m.interactionId) : undefined;
      return {
        id: m.id,
        authorId: m.authorId,
        authorName: nameOf(m.authorId),
        authorIsBot: m.authorId === discord.applicationId,
        content: m.content,
        embeds: m.embeds,
        components: m.components,
        ephemeral: (m.flags & 64) !== 0,
        loading: (m.flags & 128) !== 0,
        edited: m.editedAt !== null,
        interactionUser: interaction
          ? {
              id: interaction.userId,
              name: nameOf(interaction.userId),
              type: interaction.type,
              ...(interaction.command ? { command: interaction.command } : {}),
            }
          : null,
      };
    });
  }

  // The page hears that something may have changed, and fetches what its user sees.
  // The page only listens: a frame it sends is never needed, so a tiny limit; a bad one ends that socket only.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1_024 });
  sockets.on('connection', (ws) => ws.on('error', () => ws.terminate()));
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const origin = req.headers.origin;
    const ours = origin === undefined || loopbackHost(new URL(origin, 'http://x').host);
    if (
      url.pathname !== '/api/events' ||
      !people.has(url.searchParams.get('user') ?? '') ||
      !loopbackHost(req.headers.host) ||
      !ours
    ) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  let pending: NodeJS.Timeout | null = null;
  const changed = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
      for (const ws of sockets.clients) ws.send('{"type":"changed"}');
    }, 30);
  };
  // A thread made, renamed, archived or deleted, or someone added to one: the channel lists change.
  const threadChanged = (event: { type: string }) => {
    if (event.type.startsWith('THREAD_')) changed();
  };
  discord.hub.on('message', changed);
  discord.hub.on('ack', changed);
  discord.hub.on('guildEvent', threadChanged);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      discord.hub.off('message', changed);
      discord.hub.off('ack', changed);
      discord.hub.off('guildEvent', threadChanged);
      if (pending) clearTimeout(pending);
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Snowflakes in the order they were made (longer is later; same length, by their digits). */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Sends an interaction (refused in words if the user cannot do it) and waits for the bot's acknowledgement. */
async function acknowledged(open: () => { id: string; acknowledged(ms: number): Promise<unknown> }) {
  const handle = guardSync(open);
  const answered = await handle.acknowledged(ACK_WAIT_MS).then(
    () => true,
    () => false,
  );
  return { interactionId: handle.id, answered };
}

/** What the local Discord refuses (an unknown command, a message this user cannot see, a disabled button) in its words. */
function guardSync<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw refusedFrom(error);
  }
}

async function guard<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    throw refusedFrom(error);
  });
}

function staleAsSuch<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error && STALE.test(error.message))
      throw new Refused('That button or menu is out of date: its message has changed since.', 409, 'stale');
    throw error;
  }
}

function refusedFrom(error: unknown): Refused {
  if (error instanceof Refused) return error;
  return new Refused(error instanceof Error ? error.message : String(error));
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Refused(`Bad request: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Refused('The request is too large.', 413);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refused('The request is not valid JSON.');
  }
}

/** A card emoji's picture, from the local Discord (as a browser would get it from Discord's CDN). */
function serveEmoji(res: ServerResponse, picture: { image: Buffer; contentType: string } | null): void {
  if (!picture) throw new Refused('Not found.', 404);
  res.writeHead(200, { 'content-type': picture.contentType, 'cache-control': 'max-age=3600' });
  res.end(picture.image);
}

async function serveFile(res: ServerResponse, path: string): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new Refused('Not found.', 404);
  }
  const file = normalize(join(PUBLIC_DIR, decoded));
  const type = TYPES[extname(file)];
  if (!file.startsWith(`${PUBLIC_DIR}/`) || !type) throw new Refused('Not found.', 404);
  const body = await readFile(file).catch(() => {
    throw new Refused('Not found.', 404);
  });
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** A Host header naming this machine's loopback (any port): 127.0.0.1, localhost or [::1]. */
function loopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '');
  return name === '127.0.0.1' || name === 'localhost' || name === '[::1]';
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
