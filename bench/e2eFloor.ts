/**
 * The floor of the click-to-response figures: the real discord.js client, connected to the same
 * kind of local Discord, answering every interaction at once with a constant ephemeral message,
 * driven by the same players at the same pace. What the bot costs is its figure over this one.
 */
import { once } from 'node:events';
import {
  ButtonStyle,
  Client,
  ComponentType,
  Events,
  GatewayIntentBits,
  MessageFlags,
  Options,
  type REST,
  Routes,
} from 'discord.js';
import type { ScriptedUser } from '../src/localDiscord/index.js';
import { type Dice, find } from '../test/support/panelPlayer.js';
import type { Answerer, Ready } from './e2eRun.js';

/** The custom id prefix of the floor's buttons, which the floor's players look for. */
export const FLOOR_PREFIX = 'floor';

export const FLOOR_ROW = {
  type: ComponentType.ActionRow,
  components: [
    {
      type: ComponentType.Button,
      style: ButtonStyle.Secondary,
      custom_id: `${FLOOR_PREFIX}:click`,
      label: 'Click',
    },
  ],
};
/** The answer: constant, ephemeral, with a button to click again (as a panel offers its actions). */
export const FLOOR_ANSWER = {
  content: 'Noted.',
  flags: MessageFlags.Ephemeral,
  components: [FLOOR_ROW],
} as const;

export interface FloorConnection {
  readonly token: string;
  readonly api: string;
  /** This client's shard of `count` (one process a shard, as `npm start` runs the bot's). */
  readonly shard?: { readonly id: number; readonly count: number };
}

/**
 * The floor client, connected: the bot's own client settings (bot.ts: no message cache, so both
 * do the same work per event), answering every click with FLOOR_ANSWER and nothing else.
 */
export async function connectFloor(connection: FloorConnection): Promise<Client> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    ...(connection.shard ? { shards: [connection.shard.id], shardCount: connection.shard.count } : {}),
    rest: { api: connection.api },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isRepliable()) return;
    // A failed answer shows as a refused call in the figure's note and a player's timeout here.
    interaction.reply(FLOOR_ANSWER).catch((error: unknown) => console.error(`floor bot: ${String(error)}`));
  });
  const connected = once(client, Events.ClientReady);
  await client.login(connection.token);
  await connected;
  return client;
}

/** Posts the floor's message (one button to click) in each channel: not timed. */
export async function postFloorMessages(client: Client, channelIds: Iterable<string>): Promise<void> {
  await postFloorMessagesWith(client.rest, channelIds);
}

/** The same with any REST client (bench/rawResponder.ts has no discord.js client). */
export async function postFloorMessagesWith(rest: REST, channelIds: Iterable<string>): Promise<void> {
  for (const channelId of channelIds)
    await rest.post(Routes.channelMessages(channelId), {
      body: { content: 'Floor: click to get a constant answer.', components: [FLOOR_ROW] },
    });
}

/** Connects the floor bot on this thread and posts its message in every channel of the load. */
export async function startFloorBot(ready: Ready): Promise<Answerer> {
  const client = await connectFloor({ token: ready.token, api: ready.restUrl });
  await postFloorMessages(client, ready.channelIds);
  return { stop: () => client.destroy() };
}

/**
 * A floor player's step, shaped like openPanel + takeTurn: find the public message's button (the
 * floor bot posted one per channel), click it and wait for the answer; then click the answer's
 * button in the share of steps the bot's players acted (whole part always, fraction by the dice).
 */
export async function floorStep(
  user: ScriptedUser,
  channelId: string,
  dice: Dice,
  extra: number,
): Promise<void> {
  const source = await user.waitForMessage(
    channelId,
    (m) => !m.ephemeral && find(m, FLOOR_PREFIX) !== undefined,
  );
  let answer = await user.click(source.id, find(source, FLOOR_PREFIX)?.custom_id as string).reply();
  const clicks = Math.floor(extra) + (dice.next(1000) < (extra % 1) * 1000 ? 1 : 0);
  for (let i = 0; i < clicks; i++) {
    answer = await user.click(answer.id, find(answer, FLOOR_PREFIX)?.custom_id as string).reply();
  }
}
