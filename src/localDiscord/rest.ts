/** The REST half: routes discord.js calls, records every call, answers like Discord (errors included). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applicationEmojis } from './emoji.js';
import { DiscordError, FormErrors, notFound, tooLarge, unauthorized } from './errors.js';
import { faultsOf, type InjectedFailure } from './faults.js';
import { MAX_BODY_BYTES, readBody } from './http.js';
import type { Hub, RestRequest } from './hub.js';
import { followUp, interactionCallback, webhookMessage } from './restInteractions.js';
import { channelMessages, type Handled } from './restMessages.js';
import {
  activeThreads,
  archivedThreads,
  createThread,
  deleteThread,
  editThread,
  threadMember,
  threadMembers,
} from './threads.js';
import { type Json, PRIVATE_THREAD, PUBLIC_THREAD, type RegisteredCommand } from './world.js';

type Handler = (hub: Hub, req: RestRequest, params: string[]) => Handled;

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly name: string;
  readonly auth: boolean;
  readonly handle: Handler;
}

const ID = '([^/]+)';

function route(method: string, path: string, auth: boolean, handle: Handler): Route {
  const name = path.replace(/:(\w+)/g, ':$1');
  const pattern = new RegExp(`^${path.replace(/:(\w+)/g, ID)}$`);
  return { method, pattern, name, auth, handle };
}

const ROUTES: Route[] = [
  route('GET', '/gateway/bot', true, (hub) => ({
    status: 200,
    body: {
      url: `ws://127.0.0.1:${hub.port}/gateway`,
      shards: hub.recommendedShards,
      session_start_limit: {
        total: 1000,
        remaining: 999,
        reset_after: 0,
        max_concurrency: hub.maxConcurrency,
      },
    },
  })),
  route('GET', '/gateway', false, (hub) => ({
    status: 200,
    body: { url: `ws://127.0.0.1:${hub.port}/gateway` },
  })),
  route('GET', '/users/@me', true, (hub) => ({ status: 200, body: hub.world.userJson(hub.applicationId) })),
  route('GET', '/applications/@me', true, (hub) => ({
    status: 200,
    body: {
      id: hub.applicationId,
      name: 'Local bot',
      flags: 0,
      bot_public: true,
      bot: hub.world.userJson(hub.applicationId),
    },
  })),
  route('GET', '/applications/:app/commands', true, (hub) => commandsGet(hub, 'global')),
  route('PUT', '/applications/:app/commands', true, (hub, req) => commandsPut(hub, req, 'global')),
  route('GET', '/applications/:app/guilds/:guild/commands', true, (hub, _r, [, g]) =>
    commandsGet(hub, g as string),
  ),
  route('PUT', '/applications/:app/guilds/:guild/commands', true, (hub, req, [, g]) =>
    commandsPut(hub, req, g as string),
  ),
  route('GET', '/applications/:app/emojis', true, (hub, req, [a]) =>
    applicationEmojis(hub, req, a as string, null),
  ),
  route('POST', '/applications/:app/emojis', true, (hub, req, [a]) =>
    applicationEmojis(hub, req, a as string, null),
  ),
  route('GET', '/applications/:app/emojis/:emoji', true, appEmoji),
  route('PATCH', '/applications/:app/emojis/:emoji', true, appEmoji),
  route('DELETE', '/applications/:app/emojis/:emoji', true, appEmoji),
  route('POST', '/interactions/:interaction/:token/callback', false, (hub, req, [id, token]) =>
    interactionCallback(hub, req, id as string, token as string),
  ),
  route('POST', '/webhooks/:app/:token', false, (hub, req, [app, token]) =>
    followUp(hub, req, app as string, token as string),
  ),
  route('GET', '/webhooks/:app/:token/messages/:message', false, webhook),
  route('PATCH', '/webhooks/:app/:token/messages/:message', false, webhook),
  route('DELETE', '/webhooks/:app/:token/messages/:message', false, webhook),
  route('GET', '/channels/:channel', true, (hub, _r, [c]) => {
    const channel = hub.world.channels.get(c as string);
    return channel
      ? { status: 200, body: hub.world.channelJson(channel) }
      : new DiscordError(404, 10003, 'Unknown Channel');
  }),
  route('PATCH', '/channels/:channel', true, (hub, req, [c]) => editThread(hub, req, c as string)),
  route('DELETE', '/channels/:channel', true, (hub, _r, [c]) => deleteThread(hub, c as string)),
  route('POST', '/channels/:channel/threads', true, (hub, req, [c]) =>
    createThread(hub, req, c as string, null),
  ),
  route('POST', '/channels/:channel/messages/:message/threads', true, (hub, req, [c, m]) =>
    createThread(hub, req, c as string, m as string),
  ),
  route('GET', '/channels/:channel/threads/archived/public', true, (hub, req, [c]) =>
    archivedThreads(hub, req, c as string, PUBLIC_THREAD),
  ),
  route('GET', '/channels/:channel/threads/archived/private', true, (hub, req, [c]) =>
    archivedThreads(hub, req, c as string, PRIVATE_THREAD),
  ),
  route('GET', '/guilds/:guild/threads/active', true, (hub, _r, [g]) => activeThreads(hub, g as string)),
  route('GET', '/channels/:channel/thread-members', true, (hub, req, [c]) =>
    threadMembers(hub, req, c as string),
  ),
  route('GET', '/channels/:channel/thread-members/:user', true, threadMemberRoute),
  route('PUT', '/channels/:channel/thread-members/:user', true, threadMemberRoute),
  route('DELETE', '/channels/:channel/thread-members/:user', true, threadMemberRoute),
  route('GET', '/channels/:channel/messages', true, (hub, req, [c]) =>
    channelMessages(hub, req, c as string, null),
  ),
  route('POST', '/channels/:channel/messages', true, (hub, req, [c]) =>
    channelMessages(hub, req, c as string, null),
  ),
  route('GET', '/channels/:channel/messages/:message', true, (hub, req, [c, m]) =>
    channelMessages(hub, req, c as string, m as string),
  ),
  route('PATCH', '/channels/:channel/messages/:message', true, (hub, req, [c, m]) =>
    channelMessages(hub, req, c as string, m as string),
  ),
  route('DELETE', '/channels/:channel/messages/:message', true, (hub, req, [c, m]) =>
    channelMessages(hub, req, c as string, m as string),
  ),
];

function threadMemberRoute(hub: Hub, req: RestRequest, [thread, user]: string[]): Handled {
  return threadMember(hub, req, thread as string, user as string);
}

function appEmoji(hub: Hub, req: RestRequest, [app, emoji]: string[]): Handled {
  return applicationEmojis(hub, req, app as string, emoji as string);
}

function webhook(hub: Hub, req: RestRequest, [app, token, message]: string[]): Handled {
  return webhookMessage(hub, req, app as string, token as string, message as string);
}

function commandsGet(hub: Hub, scope: string): Handled {
  return { status: 200, body: hub.world.commands.get(scope) ?? [] };
}

/** Bulk overwrite: checks names and descriptions as Discord does, keeps ids of commands that stay. */
function commandsPut(hub: Hub, req: RestRequest, scope: string): Handled {
  const list = Array.isArray(req.json) ? (req.json as Json[]) : [];
  const errors = new FormErrors();
  list.forEach((command, i) => {
    if (typeof command.name !== 'string' || !/^[-_\p{Ll}\p{N}]{1,32}$/u.test(command.name)) {
      errors.add([i, 'name'], 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
    }
    const type = (command.type as number | undefined) ?? 1;
    if (
      type === 1 &&
      (typeof command.description !== 'string' ||
        command.description.length < 1 ||
        command.description.length > 100)
    ) {
      errors.add([i, 'description'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
    if (Array.isArray(command.options) && command.options.length > 25) {
      errors.add([i, 'options'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    }
  });
  if (list.length > 100) errors.add([], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
  if (!errors.empty) return errors.toError();
  const old = hub.world.commands.get(scope) ?? [];
  const saved: RegisteredCommand[] = list.map((command) => ({
    ...command,
    id: old.find((o) => o.name === command.name)?.id ?? hub.world.ids.next(),
    application_id: hub.applicationId,
    name: command.name as string,
    type: (command.type as number | undefined) ?? 1,
    version: hub.world.ids.next(),
    ...(scope === 'global' ? {} : { guild_id: scope }),
  }));
  hub.world.commands.set(scope, saved);
  return { status: 200, body: saved };
}

/** Discord's answer past the global limit: 429, how long to wait, and that the limit is global. */
function rateLimited(retryAfterMs: number): Handled {
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: retryAfterMs / 1000, global: true },
  };
}

/** Handles one HTTP request on /api/v10/... and records it. */
export async function handleRest(hub: Hub, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = decodeURIComponent(url.pathname.replace(/^\/api\/v10/, ''));
  const method = req.method ?? 'GET';
  const body = await readBody(req).catch(() => null);
  await hub.passGates(method, path);
  const faults = faultsOf(hub);
  await faults.beforeHandling(method, path);
  const request: RestRequest = {
    method,
    path,
    query: url.searchParams,
    authorization: req.headers.authorization,
    json: body?.json ?? null,
    files: body?.files ?? [],
    bytes: body?.bytes ?? 0,
  };
  let routeName = path;
  let outcome: Handled;
  let retryAfterMs = 0;
  let injected: InjectedFailure | null = null;
  const overGlobal = () => {
    retryAfterMs = hub.spendGlobal(Date.now());
    return retryAfterMs > 0;
  };
  const match = ROUTES.map((r) => ({ r, m: r.method === method ? r.pattern.exec(path) : null })).find(
    (x) => x.m,
  );
  if (!url.pathname.startsWith('/api/v10/')) outcome = notFound();
  else if (!body) outcome = new FormErrors().toError();
  else if (request.bytes > MAX_BODY_BYTES) outcome = tooLarge();
  else if (!match?.m) outcome = notFound();
  else if (match.r.auth && request.authorization !== `Bot ${hub.token}`) outcome = unauthorized();
  else if (match.r.auth && overGlobal()) outcome = rateLimited(retryAfterMs);
  else {
    routeName = match.r.name;
    // A failure on cue (faults.ts): before Discord does anything, or after (the answer lost).
    injected = faults.failureFor(method, path, request.authorization === `Bot ${hub.token}`);
    const handled = !injected || injected.processed ? match.r.handle(hub, request, match.m.slice(1)) : null;
    outcome = injected ? { status: injected.status, body: injected.body } : (handled as Handled);
  }
  const status = outcome instanceof DiscordError ? outcome.status : outcome.status;
  const payload = outcome instanceof DiscordError ? outcome.toJSON() : outcome.body;
  // A route's own headers (the thread-creation bucket's 429).
  const own = outcome instanceof DiscordError ? {} : (outcome.headers ?? {});
  hub.record({
    method,
    path,
    route: routeName,
    query: Object.fromEntries(url.searchParams),
    body: request.json,
    files: request.files.map((f) => ({ filename: f.filename, size: f.data.length })),
    status,
    response: payload,
    at: hub.world.now(),
    ...(req.headers['user-agent'] ? { userAgent: req.headers['user-agent'] } : {}),
  });
  await faults.beforeAnswering(method, path);
  if (payload === undefined) {
    res.writeHead(status, own).end();
    return;
  }
  const limited =
    retryAfterMs > 0
      ? {
          'retry-after': String(Math.ceil(retryAfterMs / 1000)),
          'x-ratelimit-global': 'true',
          'x-ratelimit-scope': 'global',
        }
      : {};
  res
    .writeHead(status, { 'content-type': 'application/json', ...limited, ...own, ...injected?.headers })
    .end(JSON.stringify(payload));
}
