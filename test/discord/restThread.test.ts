/**
 * REST requests sent from the REST thread come back as they would from discord.js's own client:
 * the same parsed answer, the same error class with the same code, status, method, url and request
 * body, the query and files intact, the token only where the request asks for it. Each request is
 * sent both ways against one small loopback server, and the outcomes compared.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError, HTTPError, REST } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestThread } from '../../src/discord/rest/restThread.js';
import { connectError, REFUSED_PORT } from '../support/refusedPort.js';

const TOKEN = 'test-token';
let server: Server;
let api: string;
/** How many requests the server is holding (the slow route answers only once told). */
const held: Array<() => void> = [];

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await bodyOf(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname.endsWith('/echo'))
      return json(200, {
        method: req.method,
        query: url.search,
        auth: req.headers.authorization ?? null,
        type: (req.headers['content-type'] ?? '').split(';')[0],
        // A multipart body is echoed by its length and whether it names the file and payload_json.
        body: req.headers['content-type']?.startsWith('multipart/')
          ? { bytes: body.length, file: body.includes('card.png'), payload: body.includes('payload_json') }
          : body,
      });
    if (url.pathname.endsWith('/missing')) return json(404, { code: 10008, message: 'Unknown Message' });
    if (url.pathname.endsWith('/broken')) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return res.end('down');
    }
    if (url.pathname.endsWith('/nothing')) {
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname.endsWith('/slow')) {
      held.push(() => json(200, { late: true }));
      return;
    }
    json(500, { message: 'unexpected route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function client(): REST {
  return new REST({ version: '10', api, retries: 0 }).setToken(TOKEN);
}

type Outcome = { value: unknown } | { error: Record<string, unknown> };

async function outcome(send: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await send() };
  } catch (error) {
    const e = error as Error & Record<string, unknown>;
    return {
      error: {
        class: error instanceof DiscordAPIError ? 'api' : error instanceof HTTPError ? 'http' : e.name,
        message: e.message,
        code: e.code,
        status: e.status,
        method: e.method,
        url: e.url,
        requestBody: e.requestBody,
        causeCode: (e.cause as { code?: unknown } | undefined)?.code,
      },
    };
  }
}

const REQUESTS: Array<[string, (rest: REST) => Promise<unknown>]> = [
  [
    'a GET with a query, carrying the token',
    (rest) => rest.get('/echo', { query: new URLSearchParams({ a: '1', b: 'x y' }) }),
  ],
  [
    'a POST of JSON without the token',
    (rest) => rest.post('/echo', { body: { content: 'hi', n: [1, 2] }, auth: false }),
  ],
  [
    'a PATCH with a file',
    (rest) =>
      rest.patch('/echo', {
        body: { content: 'with a picture' },
        files: [{ name: 'card.png', data: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 1, 2]) }],
      }),
  ],
  ['an answer with no body', (rest) => rest.delete('/nothing')],
  ['a Discord error (404, code 10008)', (rest) => rest.patch('/missing', { body: { content: 'gone' } })],
  [
    'a server error that is not Discord JSON (503)',
    (rest) => rest.post('/broken', { body: { content: 'x' } }),
  ],
];

describe('the REST thread', () => {
  it.each(REQUESTS)('%s comes back as from the bot thread', async (_name, send) => {
    const direct = await outcome(() => send(client()));
    const viaThread = client();
    const thread = new RestThread({ bot: viaThread }, TOKEN);
    try {
      const threaded = await outcome(() => send(viaThread));
      // An empty answer is an ArrayBuffer either way (compared by its length).
      const plain = (o: Outcome) =>
        'value' in o && o.value instanceof ArrayBuffer ? { value: `ArrayBuffer(${o.value.byteLength})` } : o;
      expect(plain(threaded)).toEqual(plain(direct));
    } finally {
      await thread.close();
    }
  });

  it('a network failure keeps its code, where the outbox looks for it', async () => {
    const port = REFUSED_PORT;
    expect(await connectError(port)).toBe('ECONNREFUSED');
    const nowhere = () =>
      new REST({ version: '10', api: `http://127.0.0.1:${port}/api`, retries: 0 }).setToken(TOKEN);
    const direct = await outcome(() => nowhere().get('/echo'));
    const viaThread = nowhere();
    const thread = new RestThread({ bot: viaThread }, TOKEN);
    try {
      const threaded = await outcome(() => viaThread.get('/echo'));
      expect(threaded).toEqual(direct);
      expect(threaded).toMatchObject({ error: { code: 'ECONNREFUSED' } });
    } finally {
      await thread.close();
    }
  });

  it('a thread that dies fails its requests under way, and a new one sends the next', async () => {
    const rest = client();
    const died: Array<[string, boolean]> = [];
    const thread = new RestThread({ bot: rest }, TOKEN, (reason, fatal) => died.push([reason, fatal]));
    try {
      const late = rest.get('/slow');
      for (let i = 0; i < 100 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      await expect(late).rejects.toThrow('the REST thread stopped');
      held.splice(0);
      expect(died).toHaveLength(1);
      expect(died[0]?.[1]).toBe(false);
      await expect(rest.post('/echo', { body: { again: true } })).resolves.toMatchObject({
        body: '{"again":true}',
      });
    } finally {
      await thread.close();
    }
  });

  it('a body that is not plain data is refused before anything is sent', async () => {
    const rest = client();
    const thread = new RestThread({ bot: rest }, TOKEN);
    try {
      await expect(rest.post('/echo', { body: { run: () => 1 } })).rejects.toThrow();
      await expect(rest.post('/echo', { body: { fine: 1 } })).resolves.toMatchObject({ body: '{"fine":1}' });
    } finally {
      await thread.close();
    }
  });

  it('requests made in one burst cross together: each gets its own answer, one that cannot be copied fails alone', async () => {
    const rest = client();
    const thread = new RestThread({ bot: rest }, TOKEN);
    const batches: unknown[] = [];
    const worker = (thread as unknown as { worker: { postMessage(m: unknown): void } }).worker;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (m: unknown) => {
      batches.push(m);
      post(m);
    };
    try {
      const sent = Array.from({ length: 20 }, (_, n) =>
        n === 7
          ? rest.post('/echo', { body: { run: () => n } })
          : n % 3 === 0
            ? rest.delete('/nothing')
            : rest.post('/echo', { body: { n } }),
      );
      const settled = await Promise.allSettled(sent);
      settled.forEach((s, n) => {
        if (n === 7) expect(s.status).toBe('rejected');
        else if (n % 3 === 0) expect(s).toMatchObject({ status: 'fulfilled', value: new ArrayBuffer(0) });
        else expect(s).toMatchObject({ status: 'fulfilled', value: { body: `{"n":${n}}` } });
      });
      // The burst's twenty went as one message (which could not be copied), then each alone.
      expect(Array.isArray(batches[0]) && batches[0].length).toBe(20);
      expect(batches).toHaveLength(21);
    } finally {
      await thread.close();
    }
  });

  it('a burst is what one event sets going: a request from its callback and one from a promise job it queued cross together', async () => {
    const rest = client();
    const thread = new RestThread({ bot: rest }, TOKEN);
    const batches: unknown[][] = [];
    const worker = (thread as unknown as { worker: { postMessage(m: unknown): void } }).worker;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (m: unknown) => {
      if (Array.isArray(m)) batches.push(m);
      post(m);
    };
    try {
      const sent = await new Promise<Array<Promise<unknown>>>((resolve) =>
        setImmediate(() => {
          const first = rest.post('/echo', { body: { n: 1 } });
          const later = Promise.resolve()
            .then(() => undefined)
            .then(() => rest.post('/echo', { body: { n: 2 } }));
          resolve([first, later]);
        }),
      );
      await expect(Promise.all(sent)).resolves.toMatchObject([{ body: '{"n":1}' }, { body: '{"n":2}' }]);
      expect(batches.map((b) => b.length)).toEqual([2]);
    } finally {
      await thread.close();
    }
  });

  it('answers requests under way before it closes, and refuses new ones after', async () => {
    const rest = client();
    const thread = new RestThread({ bot: rest }, TOKEN);
    const late = rest.get('/slow');
    for (let i = 0; i < 100 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(held).toHaveLength(1);
    const closed = thread.close();
    held.shift()?.();
    await expect(late).resolves.toEqual({ late: true });
    await closed;
    await expect(rest.get('/echo')).rejects.toThrow('the REST thread is closed');
  });
});
