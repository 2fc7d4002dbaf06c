/**
 * An interaction that reaches the bot already past Discord's 3 s window (held while the bot was
 * down, then delivered on its new session) cannot be answered by anyone: Discord refuses the answer
 * with 10062. The bot logs it as a warning with its age on arrival, not as its own failure; one that
 * arrived in time and was refused all the same stays an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestCall, ScriptedUser } from '../../src/localDiscord/index.js';
import { type DoorFixture, startDoorFixture } from '../support/doorFixture.js';

let fx: DoorFixture;
let ann: ScriptedUser;
let channelId = '';

beforeAll(async () => {
  fx = await startDoorFixture({ users: 4, channels: 1, deferAfterMs: 30 });
  ann = fx.users[0] as ScriptedUser;
  channelId = fx.channelIds[0] as string;
  await ann.slash(channelId, 'table', { subcommand: 'create' }).reply();
});
afterAll(async () => {
  await fx?.close();
});

const isCallbackOf = (id: string) => (c: RestCall) =>
  c.method === 'POST' && c.path.startsWith(`/interactions/${id}/`);

describe('an interaction that arrives past Discord’s window', () => {
  it('cannot be answered by anyone: a warning with its age, not an error', async () => {
    // Discord's clock 5 s behind while the click is made, so the interaction reaches the bot already
    // 5 s old by the bot's clock; then put right, so Discord refuses its answer (10062).
    fx.discord.advanceTime(-5_000);
    const handle = ann.slash(channelId, 'table', { subcommand: 'status' });
    fx.discord.advanceTime(5_000);
    expect(await fx.waitLogged(handle.id)).toMatchObject({ outcome: 'expired' });
    const lines = fx.logs.filter((l) => l.interaction === handle.id);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    const warning = lines.find(
      (l) => l.msg === "arrived past Discord's answer window: it could not be answered",
    );
    expect(warning?.ageOnArrival).toBeGreaterThanOrEqual(4_000);
    const answers = fx.discord.calls.filter(isCallbackOf(handle.id));
    expect(answers.map((c) => c.status)).toEqual([404]);
  });

  it('one that arrived in time and was refused all the same is still an error', async () => {
    const handle = ann.slash(channelId, 'table', { subcommand: 'status' });
    // Fresh on arrival by the bot's clock, but past the window by Discord's when its answer comes.
    fx.discord.advanceTime(5_000);
    const logged = await fx.waitLogged(handle.id);
    fx.discord.advanceTime(-5_000);
    expect(logged.outcome).toBe('error');
    expect(fx.logs.some((l) => l.interaction === handle.id && l.msg === 'handler failed')).toBe(true);
  });
});
