/** The real bot and the local Discord (startFixture), with the play page's server on a free port. */
import type { Environment } from '../../src/app/ids.js';
import { DEFAULT_BOT_PACE_MS } from '../../src/config.js';
import { type PlayServer, startPlayServer } from '../../src/play/playServer.js';
import { type BotFixture, startFixture } from './botFixture.js';

export interface PlayFixture {
  readonly fx: BotFixture;
  readonly server: PlayServer;
  close(): Promise<void>;
}

/**
 * The play page on the real bot, with the card pictures deployed and bots at the default pace (as
 * `npm run play` does); `env` fixes its seeds, so a test's deal is the same every run.
 */
export async function startPlayFixture(options: { env?: Environment } = {}): Promise<PlayFixture> {
  const fx = await startFixture({ cardEmoji: true, botPaceMs: DEFAULT_BOT_PACE_MS, env: options.env });
  const server = await startPlayServer({
    discord: fx.discord,
    guildId: fx.guildId,
    channelId: fx.channelId,
    users: fx.users,
    port: 0,
  });
  return {
    fx,
    server,
    async close() {
      await server.close();
      await fx.close();
    },
  };
}
