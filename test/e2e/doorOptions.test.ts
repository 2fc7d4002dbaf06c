/**
 * Command options are checked at the door, against each command's own definition: a wrong type, a
 * value outside the choices (strict: `team:C` is not team B), a number out of range, a text too long,
 * an unknown user, a missing or unknown option. Each gets its own sentence, ephemeral, and nothing
 * changes. Discord's client offers only valid input; a stale registration or a modified client may not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import type { Forged } from '../../src/localDiscord/interactions.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;
let cat: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ users: 3 });
  [ann, ben, cat] = fx.users as [ScriptedUser, ScriptedUser, ScriptedUser];
  await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
  await ben.slash(fx.channelId, 'table', { subcommand: 'join', options: { seat: 2 } }).reply();
});
afterAll(async () => {
  await fx?.close();
});

/** Everything a refused option could have changed: the table, and the players' settings. */
function state(): unknown {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok) return here;
  const { messageId: _m, updatedAt: _u, ...table } = here.value.table;
  return { table, pings: fx.users.map((u) => fx.bot.service.wantsTurnPings(u.id)) };
}

async function refused(send: () => ReturnType<ScriptedUser['slash']>): Promise<string> {
  const before = state();
  const reply = await send().reply();
  expect(reply.ephemeral).toBe(true);
  expect(reply.content).not.toMatch(/went wrong/);
  expect(state()).toEqual(before);
  return reply.content;
}

const table = (user: ScriptedUser, subcommand: string, options: Record<string, string | number | boolean>) =>
  user.slash(fx.channelId, 'table', { subcommand, options });
const forged = (user: ScriptedUser, f: Forged) => user.forge(fx.channelId, f);

describe('options checked at the door', () => {
  it('a choice the command does not offer is refused, not mapped onto one it does', async () => {
    expect(await refused(() => table(ben, 'team', { team: 'C' }))).toBe(
      '/table team: `team` must be one of: A, B. Nothing was changed.',
    );
    expect(await refused(() => ben.slash(fx.channelId, 'notify', { options: { turn: 'maybe' } }))).toBe(
      '/notify: `turn` must be one of: on, off. Nothing was changed.',
    );
    expect(
      await refused(() =>
        ann.slash(fx.channelId, 'leaderboard', { subcommand: 'top', options: { by: 'junk' } }),
      ),
    ).toBe(
      '/leaderboard top: `by` must be one of: rating, wins, win rate, Tichu success, event points. Nothing was changed.',
    );
  });

  it('a number out of range, or not a whole number, or not a number at all', async () => {
    const expected = '/table join: `seat` must be a whole number from 1 to 4. Nothing was changed.';
    expect(await refused(() => table(cat, 'join', { seat: 9 }))).toBe(expected);
    expect(await refused(() => table(cat, 'join', { seat: 1.5 }))).toBe(expected);
    expect(await refused(() => table(cat, 'join', { seat: '2' }))).toBe(expected);
    // The option sent as another type than the command declares (a stale registration).
    const asText = () =>
      forged(cat, {
        kind: 'command',
        name: 'table',
        options: [{ type: 1, name: 'join', options: [{ type: 3, name: 'seat', value: '2' }] }],
      });
    expect(await refused(asText)).toBe(expected);
  });

  it('a text too long, and cards that are not cards', async () => {
    expect(
      await refused(() => ben.slash(fx.channelId, 'play', { options: { cards: '7st '.repeat(501) } })),
    ).toBe('/play: `cards` must be text of at most 100 characters. Nothing was changed.');
    expect(await refused(() => ben.slash(fx.channelId, 'play', { options: { cards: 'zz9 7st' } }))).toMatch(
      /^I could not read those cards: unknown suit in "zz9"/,
    );
  });

  it('a true-or-false option, a user who is not there, a required option missing', async () => {
    expect(await refused(() => table(cat, 'list', { mine: 'yes' }))).toBe(
      '/table list: `mine` must be true or false. Nothing was changed.',
    );
    const stranger = () =>
      forged(ann, {
        kind: 'command',
        name: 'table',
        options: [
          { type: 1, name: 'kick', options: [{ type: 6, name: 'player', value: '123456789012345678' }] },
        ],
      });
    expect(await refused(stranger)).toBe(
      '/table kick: `player` must be a member of this server. Nothing was changed.',
    );
    const noSeat = () =>
      forged(ben, { kind: 'command', name: 'table', options: [{ type: 1, name: 'seat', options: [] }] });
    expect(await refused(noSeat)).toBe('/table seat: `seat` is required. Nothing was changed.');
  });

  it('an option the command does not have means the registered command is out of date', async () => {
    const extra = () =>
      forged(cat, {
        kind: 'command',
        name: 'table',
        options: [{ type: 1, name: 'join', options: [{ type: 3, name: 'colour', value: 'red' }] }],
      });
    expect(await refused(extra)).toBe(
      'This command is out of date; ask an admin to run `npm run deploy-commands`.',
    );
  });

  it('valid options still work', async () => {
    const joined = await table(cat, 'join', { seat: 3 }).reply();
    expect(joined.content).toMatch(/You are seated/);
    const moved = await table(cat, 'team', { team: 'B' }).reply();
    expect(moved.content).toBe('You are in team B.');
    expect(fx.errors).toEqual([]);
  });
});
