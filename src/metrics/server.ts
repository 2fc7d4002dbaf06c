/**
 * The health and metrics endpoint (METRICS_PORT, on METRICS_HOST: loopback by default): `/healthz`
 * answers 200 "ok" while the bot is healthy and 503 with the reason in plain words otherwise;
 * `/metrics` is the Prometheus text. Nothing else is served. A port that cannot be listened on is
 * refused at start with a sentence naming the setting.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Health } from './recorder.js';

export interface Endpoints {
  health(): Health | Promise<Health>;
  /** The Prometheus text. */
  metrics(): Promise<string>;
}

/** Prometheus' text format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface MetricsServer {
  /** The port listened on (the one asked for; a test's 0 gets a free one). */
  readonly port: number;
  close(): Promise<void>;
}

/** The endpoint could not listen: the message says which setting to change, in plain words. */
export class MetricsServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetricsServerError';
  }
}

/** Listens on `host`:`port` (port 0: any free port, for tests). */
export function serveMetrics(host: string, port: number, endpoints: Endpoints): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    answer(request, response, endpoints).catch((error: unknown) => {
      // The answer itself failed (a metric's collect threw): said, never thrown out of the server.
      if (!response.headersSent) send(response, 500, `metrics failed: ${messageOf(error)}\n`);
      else response.destroy();
    });
  });
  // A scraper that holds a connection open must not hold a stop.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, host, port)));
    server.listen({ host, port }, () => {
      server.removeAllListeners('error');
      // Later errors (a socket's) are the server's own business: never an uncaught exception.
      server.on('error', () => {});
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

async function answer(request: IncomingMessage, response: ServerResponse, endpoints: Endpoints) {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    send(response, 405, 'only GET and HEAD are served\n');
    return;
  }
  if (path === '/healthz') {
    const health = await endpoints.health();
    if (health.ok) send(response, 200, 'ok\n');
    else send(response, 503, `${health.reason}\n`);
    return;
  }
  if (path === '/metrics') {
    send(response, 200, await endpoints.metrics(), METRICS_CONTENT_TYPE);
    return;
  }
  send(response, 404, 'not found: this endpoint serves /healthz and /metrics\n');
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

/** Why the endpoint could not listen, naming the setting to change. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): MetricsServerError {
  const where = `${host}:${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return new MetricsServerError(
        `METRICS_PORT ${port} is already in use on ${host} (another program, or another copy of the bot, listens there): choose another port in .env or stop that program`,
      );
    case 'EACCES':
      return new MetricsServerError(
        `METRICS_PORT ${port} may not be listened on by this user (ports below 1024 need privileges): choose a port from 1024 to 65535 in .env`,
      );
    case 'EADDRNOTAVAIL':
      return new MetricsServerError(
        `METRICS_HOST ${host} is not an address of this machine: use 127.0.0.1 (the default), 0.0.0.0 for every address, or one this machine has`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new MetricsServerError(
        `METRICS_HOST ${host} is not a name this machine can resolve: use an address such as 127.0.0.1 (the default)`,
      );
    default:
      return new MetricsServerError(
        `The health and metrics endpoint could not listen on ${where} (METRICS_HOST, METRICS_PORT): ${messageOf(error)}`,
      );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
