// The REST thread's entry point (src/discord/rest/restThread.ts starts it): @discordjs/rest's
// clients, their rate-limit queues and the HTTP connections to Discord, on a thread of their own,
// so sending a request and reading its answer cost the bot's event loop only a message each way.
// Plain JavaScript: it needs no TypeScript loader, so the thread starts in milliseconds.
import { parentPort, workerData } from 'node:worker_threads';
import { DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';

/** @type {{ token: string | null, clients: Record<string, object> }} */
const { token, clients: options } = workerData;
const clients = new Map(
  Object.entries(options).map(([name, o]) => {
    const rest = new REST(o);
    // Only the bot's own client carries the token; the others (interaction webhooks) send none.
    if (token && name === 'bot') rest.setToken(token);
    hear429s(rest);
    countWaits(name, rest);
    return [name, rest];
  }),
);

/**
 * Tells the bot's thread of each 429 Discord answers (its metrics count them by route), as
 * src/discord/rest/rateLimits.ts does for a client on the bot's thread: the hook that is asked of
 * every 429 never rejects, and a wait the client makes on its own (announced just before by its
 * `rateLimited` event, with the same object) is no 429 of Discord's.
 */
function hear429s(rest) {
  let ownWait = null;
  rest.on('rateLimited', (data) => {
    ownWait = data;
  });
  rest.options.rejectOnRateLimit = (data) => {
    const own = data === ownWait;
    ownWait = null;
    if (!own) parentPort.postMessage({ type: 'rateLimited', route: data.route, global: data.global });
    return false;
  };
}

/**
 * Tells the bot's thread of each wait the client makes on its own (see RestWaits in
 * src/discord/rest/rateLimits.ts): on its global limit, on a bucket, and each request that arrives
 * while the global limit is spent (`held`, counted as it is handed to the client; never a callback).
 */
function countWaits(name, rest) {
  rest.on('rateLimited', (data) =>
    parentPort.postMessage({ type: 'waited', client: name, kind: data.global ? 'global' : 'bucket' }),
  );
}

function heldBack(name, rest, request) {
  const callback = request.fullRoute.startsWith('/interactions/') && request.fullRoute.endsWith('/callback');
  if (!callback && rest.globalRemaining <= 0 && Date.now() < rest.globalReset)
    parentPort.postMessage({ type: 'waited', client: name, kind: 'held' });
}

let inFlight = 0;
let closing = false;

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    closing = true;
    closeWhenIdle();
    return;
  }
  // A burst's requests of the bot's thread, in the order made.
  for (const one of message) void send(one);
});

async function send({ id, client, request }) {
  inFlight++;
  try {
    const rest = clients.get(client);
    if (!rest) throw new Error(`no REST client named ${client}`);
    heldBack(client, rest, request);
    const value = await rest.request(revive(request));
    // An empty answer (a 204) crosses as a mark: no buffer to copy.
    answer(
      value instanceof ArrayBuffer && value.byteLength === 0
        ? { id, ok: true, empty: true }
        : { id, ok: true, value },
    );
  } catch (error) {
    answer({ id, ok: false, error: describe(error) });
  } finally {
    inFlight--;
    closeWhenIdle();
  }
}

/** Answers of one burst of work, sent together once it is done (see afterBurst in restThread.ts). */
let answers = [];
function answer(reply) {
  if (answers.length === 0) queueMicrotask(() => process.nextTick(sendAnswers));
  answers.push(reply);
}
function sendAnswers() {
  const batch = answers;
  answers = [];
  if (batch.length === 0) return;
  try {
    parentPort.postMessage(batch);
  } catch {
    // One answer that cannot be copied fails its own request, not the others (Discord did them all).
    for (const reply of batch)
      try {
        parentPort.postMessage([reply]);
      } catch (error) {
        parentPort.postMessage([{ id: reply.id, ok: false, error: describe(error) }]);
      }
  }
}

/** Once asked to close and every request is answered: the sweepers stop and the thread ends. */
function closeWhenIdle() {
  if (!closing || inFlight > 0) return;
  if (answers.length > 0) sendAnswers();
  for (const rest of clients.values()) {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
  parentPort.close();
}

/** The request as @discordjs/rest takes it: its query a URLSearchParams again, files' bytes Buffers. */
function revive(request) {
  const revived = { ...request };
  if (typeof request.query === 'string') revived.query = new URLSearchParams(request.query);
  if (request.files)
    revived.files = request.files.map((file) =>
      file.data instanceof Uint8Array && !Buffer.isBuffer(file.data)
        ? { ...file, data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) }
        : file,
    );
  return revived;
}

/** An error as data the bot's thread makes the same error of again (the request's body it has). */
function describe(error) {
  if (error instanceof DiscordAPIError)
    return {
      kind: 'api',
      rawError: error.rawError,
      code: error.code,
      status: error.status,
      method: error.method,
      url: error.url,
    };
  if (error instanceof HTTPError)
    return {
      kind: 'http',
      status: error.status,
      statusText: error.message,
      method: error.method,
      url: error.url,
    };
  if (error instanceof RateLimitError)
    return {
      kind: 'rateLimit',
      data: {
        timeToReset: error.timeToReset,
        limit: error.limit,
        method: error.method,
        hash: error.hash,
        url: error.url,
        route: error.route,
        majorParameter: error.majorParameter,
        global: error.global,
        retryAfter: error.retryAfter,
        sublimitTimeout: error.sublimitTimeout,
        scope: error.scope,
      },
    };
  const plain = error instanceof Error ? error : new Error(String(error));
  const cause =
    plain.cause && typeof plain.cause === 'object'
      ? { code: plain.cause.code, message: String(plain.cause.message ?? '') }
      : undefined;
  return { kind: 'other', name: plain.name, message: plain.message, code: plain.code, cause };
}
