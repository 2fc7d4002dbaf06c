/**
 * An instant responder for checking the load generator (issue 30): no discord.js, only a WebSocket
 * to the local Discord's gateway and one HTTP request per click answering a constant (the floor's
 * answer). It does the least a bot can do, so the rate it keeps up with is the harness's own
 * limit (the generator and the local Discord on their thread), not an answerer's.
 */
import { Agent, request } from 'node:http';
import { REST } from 'discord.js';
import WebSocket from 'ws';
import { FLOOR_ANSWER, postFloorMessagesWith } from './e2eFloor.js';
import type { Answerer, Ready } from './e2eRun.js';

const GATEWAY = { dispatch: 0, heartbeat: 1, identify: 2, hello: 10 } as const;

export async function startRawResponder(ready: Ready): Promise<Answerer> {
  const api = new URL(ready.restUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answer = JSON.stringify({ type: 4, data: FLOOR_ANSWER });
  const socket = new WebSocket(`ws://${api.host}/gateway?v=10&encoding=json`);
  let heartbeat: NodeJS.Timeout | undefined;
  const readyToAnswer = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw: Buffer) => {
      const packet = JSON.parse(raw.toString()) as { op: number; t?: string; d: Record<string, unknown> };
      if (packet.op === GATEWAY.hello) {
        const every = packet.d.heartbeat_interval as number;
        heartbeat = setInterval(() => socket.send(JSON.stringify({ op: GATEWAY.heartbeat, d: null })), every);
        socket.send(
          JSON.stringify({
            op: GATEWAY.identify,
            d: { token: ready.token, intents: 1, properties: { os: 'linux', browser: 'raw', device: 'raw' } },
          }),
        );
        return;
      }
      if (packet.op !== GATEWAY.dispatch) return;
      if (packet.t === 'READY') resolve();
      if (packet.t !== 'INTERACTION_CREATE') return;
      const call = request({
        host: api.hostname,
        port: api.port,
        method: 'POST',
        path: `${api.pathname}/v10/interactions/${packet.d.id as string}/${packet.d.token as string}/callback`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) },
        agent,
      });
      call.on('response', (response) => response.resume());
      call.on('error', (error) => console.error(`raw responder: ${String(error)}`));
      call.end(answer);
    });
  });
  await readyToAnswer;
  const rest = new REST({ api: ready.restUrl }).setToken(ready.token);
  await postFloorMessagesWith(rest, ready.channelIds);
  return {
    async stop() {
      clearInterval(heartbeat);
      socket.close();
      agent.destroy();
    },
  };
}
