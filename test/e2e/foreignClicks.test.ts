/**
 * A click may change only the message it was made for. Forged custom ids of every family (the
 * leaderboard's and the table list's paging, the lobby's, a panel's plays, a seat request's
 * Approve/Decline/withdraw) sent at the public table message, at an open seat request and at a
 * public message with no buttons, by the host, a seated player and the user who asked for a seat:
 * each is answered with a sentence only the clicker sees, no public message changes, the match does
 * not move and the request stays open. Before, `lb:rating:0:x` on the table message replaced the
 * table for everyone with a leaderboard, and the requester's own withdraw id stripped its buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCards, encodeId } from '../../src/discord/customIds.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled } from '../support/e2eTable.js';
import { tableMessage } from '../support/panelPlayer.js';

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;
let dan: ScriptedUser;
let eve: ScriptedUser;
let tableId = '';
/** Eve's open request for seat 3: its message, and the seat and nonce its buttons carry. */
let request: MessageView;
let requestArgs: [string, string] = ['', ''];
/** Dan's request, declined: a public message of the bot's with no buttons left. */
let declined: MessageView;

const settle = () => new Promise((r) => setTimeout(r, 100));

beforeAll(async () => {
  fx = await startFixture({ users: 5 });
  const [a, b, _c, d, e] = fx.users as ScriptedUser[];
  [ann, ben, dan, eve] = [a as ScriptedUser, b as ScriptedUser, d as ScriptedUser, e as ScriptedUser];
  const here = fx.channelId;
  await ann.slash(here, 'table', { subcommand: 'create', options: { timer: 'off' } }).reply();
  await ben.slash(here, 'table', { subcommand: 'join' }).reply();
  for (const seat of [3, 4])
    await ann.slash(here, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply();
  await ann.slash(here, 'table', { subcommand: 'start' }).reply();
  const found = fx.bot.service.tableInChannel(here);
  if (!found.ok) throw new Error('no table');
  tableId = found.value.table.id;
  const table = await ann.waitForMessage(
    here,
    (m) => !m.ephemeral && buttonLabelled(m, 'Take seat 3') !== undefined,
  );
  request = await eve.click(table.id, buttonLabelled(table, 'Take seat 3')?.custom_id as string).reply();
  const approve = buttonLabelled(request, 'Approve')?.custom_id as string;
  const [, , , seat, nonce] = approve.split(':');
  requestArgs = [seat as string, nonce as string];
  const second = await dan.click(table.id, buttonLabelled(table, 'Take seat 4')?.custom_id as string).reply();
  await ann.click(second.id, buttonLabelled(second, 'Decline')?.custom_id as string).acknowledged();
  declined = await ann.waitForMessage(here, (m) => m.id === second.id && m.components.length === 0);
});
afterAll(async () => {
  await fx?.close();
});

function versionNow(): number {
  const view = fx.bot.service.tableView(tableId);
  return view.ok && view.value.view ? view.value.view.version : -1;
}

/** What everyone sees of a message: its words, embeds and buttons. */
function shown(messageId: string): string {
  const m = fx.discord.channelMessages(fx.channelId).find((x) => x.id === messageId);
  return JSON.stringify({ content: m?.content, embeds: m?.embeds, components: m?.components });
}

interface ForgedId {
  readonly family: string;
  readonly customId: string;
  /** 2 a button, 3 a string select (with its values). */
  readonly type: 2 | 3;
  readonly values?: readonly string[];
}

/** One id of each family the bot makes, for this table at its current version. */
function families(): ForgedId[] {
  const v = versionNow();
  const id = (verb: Parameters<typeof encodeId>[0], ...args: Array<string | number>) =>
    encodeId(verb, tableId, v, ...args);
  const view = fx.bot.service.playerView(tableId, ben.id);
  if (!view.ok) throw new Error('no view');
  const card = view.value.view.hand[0];
  if (!card) throw new Error('no card');
  const code = encodeCards([card]);
  return [
    { family: 'leaderboard', customId: 'lb:rating:0:x', type: 2 },
    { family: 'table list', customId: 'tl:0:a:x', type: 2 },
    { family: 'join', customId: id('join'), type: 2 },
    { family: 'leave', customId: id('leave'), type: 2 },
    { family: 'start', customId: id('start'), type: 2 },
    { family: 'take', customId: id('take', 3), type: 2 },
    { family: 'hand', customId: id('hand'), type: 2 },
    { family: 'hand bomb', customId: id('hand', 'bomb'), type: 2 },
    { family: 'hand kind', customId: id('hand', 'kind'), type: 3, values: ['single'] },
    { family: 'pass', customId: id('pass'), type: 2 },
    { family: 'tichu', customId: id('tichu'), type: 2 },
    { family: 'grand tichu', customId: id('gt', 0), type: 2 },
    { family: 'back', customId: id('back'), type: 2 },
    { family: 'gift', customId: id('gift', 1), type: 2 },
    { family: 'wish', customId: id('wish', 0), type: 2 },
    { family: 'wish menu', customId: id('wish'), type: 3, values: ['7'] },
    { family: 'play', customId: id('play', code), type: 2 },
    { family: 'pick', customId: id('pick'), type: 3, values: [code] },
    { family: 'lp', customId: id('lp'), type: 3, values: [code] },
    { family: 'exchange pick', customId: id('exs', 0, '------'), type: 3, values: [code] },
    { family: 'exchange', customId: id('ex', `${code}${code}${code}`), type: 2 },
    { family: 'approve', customId: id('seatok', ...requestArgs), type: 2 },
    { family: 'decline', customId: id('seatno', ...requestArgs), type: 2 },
  ];
}

/** The families each public message was made for: anything else clicked on it is foreign. */
const MADE_FOR: Record<string, readonly string[]> = {
  table: ['join', 'leave', 'start', 'take', 'hand'],
  request: ['approve', 'decline'],
  declined: [],
};

describe('a click changes only the message it was made for', () => {
  it.each(['table', 'request', 'declined'])(
    'forged ids of every other family on the %s message: an ephemeral answer, nothing changed',
    async (which) => {
      const messageId =
        which === 'table'
          ? (tableMessage(ann, fx.channelId)?.id as string)
          : which === 'request'
            ? request.id
            : declined.id;
      const sent: string[] = [];
      const first = { message: shown(messageId), request: shown(request.id) };
      for (const forged of families().filter((f) => !MADE_FOR[which]?.includes(f.family))) {
        for (const user of [ann, ben, eve]) {
          const before = { message: shown(messageId), request: shown(request.id), version: versionNow() };
          const handle = user.forge(fx.channelId, {
            kind: 'component',
            messageId,
            customId: forged.customId,
            componentType: forged.type,
            ...(forged.values ? { values: forged.values } : {}),
          });
          const ack = await handle.acknowledged();
          const what = `${forged.family} by ${user.user.username} on the ${which} message`;
          // A new message only the clicker sees (4, ephemeral), never an update of the clicked one (7).
          expect({ what, type: ack.type }).toEqual({ what, type: 4 });
          expect({ what, ephemeral: (Number(ack.data?.flags ?? 0) & 64) !== 0 }).toEqual({
            what,
            ephemeral: true,
          });
          expect({ what, ...before }).toEqual({
            what,
            message: shown(messageId),
            request: shown(request.id),
            version: versionNow(),
          });
          sent.push(forged.family);
        }
      }
      // Nor did any edit follow later (a table edit the service scheduled, say).
      await settle();
      expect({ message: shown(messageId), request: shown(request.id) }).toEqual(first);
      expect(sent.length).toBeGreaterThanOrEqual(3 * (families().length - (MADE_FOR[which]?.length ?? 0)));
    },
  );

  it('the request was never withdrawn: the host still approves it, on its own message', async () => {
    await ann.click(request.id, buttonLabelled(request, 'Approve')?.custom_id as string).acknowledged();
    const done = await ann.waitForMessage(
      fx.channelId,
      (m) => m.id === request.id && m.content.startsWith('✅'),
    );
    expect(done.content).toContain('**Eve** took seat 3, approved by **Ann**');
  });

  it('the leaderboard still pages on its own message', async () => {
    const board = await ann.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    const sort = board.components
      .flatMap((row) => (row.components ?? []) as Array<{ custom_id?: string }>)
      .find((c) => c.custom_id?.startsWith('lb:wins:'));
    expect(sort).toBeDefined();
    const ack = await ann.click(board.id, sort?.custom_id as string).acknowledged();
    expect(ack.type).toBe(7);
  });

  it("someone else's private message: a forged click on it is refused", async () => {
    const board = await ann.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    const handle = ben.forge(fx.channelId, {
      kind: 'component',
      messageId: board.id,
      customId: 'lb:rating:0:x',
      componentType: 2,
    });
    const ack = await handle.acknowledged();
    expect(ack.type).toBe(4);
  });
});
