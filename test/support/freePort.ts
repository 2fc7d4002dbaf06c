import { createServer } from 'node:net';

/** Below Linux's range for ports handed out on request (32768-60999 by default). */
const LOW = 20_000;
const HIGH = 32_000;

/**
 * A loopback port free now, for a process the test starts to listen on a while later. Taken below
 * the ports the system hands out on request: a port freed by closing a server listening on port 0
 * could go at once to another test's server (their local Discords and play pages all ask for 0),
 * and the bot would meet it taken.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    const server = createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!listening) continue;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH} after 50 tries`);
}
