/**
 * The chaos run's scripted players: each table's people take turns from their panels
 * (test/support/panelPlayer.ts), one interaction in flight per table, while a gate lets them play.
 * Every wait of theirs is cut short when the bot is killed (the gate's epoch ends), so no player
 * sits out a restart waiting for an answer that will never come; every click and pick is noted in
 * the ledger with the version it claims to have seen.
 */
import type { InteractionHandle, MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import type { Store } from '../../src/store/store.js';
import { type Component, Dice, find, tableMessage, takeTurn } from '../../test/support/panelPlayer.js';
import { sleep } from './botProcess.js';
import type { Ledger } from './ledger.js';

/** Cut short by a kill: what a player was waiting for will not come. */
export class Aborted extends Error {}

/** Whether players may play now, and the promise that rejects when the current bot dies. */
export class Gate {
  open = false;
  private rejectNow: (error: Error) => void = () => {};
  aborted: Promise<never> = this.fresh();

  /** The bot died: every wait under way ends now. */
  abort(): void {
    this.open = false;
    this.rejectNow(new Aborted('the bot was killed'));
    this.aborted = this.fresh();
  }

  private fresh(): Promise<never> {
    const promise = new Promise<never>((_, reject) => {
      this.rejectNow = reject;
    });
    promise.catch(() => undefined);
    return promise;
  }
}

function race<T>(promise: Promise<T>, gate: Gate): Promise<T> {
  return Promise.race([promise, gate.aborted]);
}

function guardedHandle(handle: InteractionHandle, gate: Gate): InteractionHandle {
  return new Proxy(handle, {
    get(target, prop, receiver) {
      if (prop === 'reply' || prop === 'acknowledged') {
        const method = Reflect.get(target, prop, receiver) as (ms?: number) => Promise<unknown>;
        return (ms?: number) => race(method.call(target, ms), gate);
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The user as the chaos run lets them act: noted in the ledger, every wait ended by a kill. */
export function guardedUser(user: ScriptedUser, gate: Gate, ledger: Ledger): ScriptedUser {
  return new Proxy(user, {
    get(target, prop, receiver) {
      if (prop === 'click' || prop === 'select' || prop === 'slash') {
        const method = Reflect.get(target, prop, receiver) as (...a: unknown[]) => InteractionHandle;
        return (...args: unknown[]) => {
          const handle = method.apply(target, args);
          if (prop !== 'slash') ledger.note(handle.id, target.id, String(args[1]));
          return guardedHandle(handle, gate);
        };
      }
      if (prop === 'waitForMessage') {
        return (channelId: string, match: (m: MessageView) => boolean, ms?: number) =>
          race(target.waitForMessage(channelId, match, ms), gate);
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Clicks "My hand" on the channel's table message (the newest, as a person would; an older table's
 * message may still show the button) and returns the panel.
 */
async function openPanel(user: ScriptedUser, channelId: string): Promise<MessageView> {
  const message = await user.waitForMessage(
    channelId,
    (m) => m.id === tableMessage(user, channelId)?.id && find(m, 'hand') !== undefined,
  );
  const hand = find(message, 'hand') as Component;
  return user.click(message.id, hand.custom_id as string).reply();
}

export interface TablePlayers {
  readonly channelId: string;
  readonly people: readonly ScriptedUser[];
  /** Makes sure the channel has a playing table (opens, fills and starts one if need be). */
  readonly ensure: () => Promise<void>;
}

export interface PlayCounters {
  /** Per channel, moves the players made since the counters were last reset. */
  readonly moves: Map<string, number>;
  /** Steps that failed (a kill cut them short, or the bot answered late): not errors in themselves. */
  cutShort: number;
  steps: number;
}

/**
 * Plays every table until `running()` is false: while the gate is open, each person in turn opens a
 * fresh panel and does what it offers; a step the kill cut short is simply tried again.
 */
export async function playTables(
  tables: readonly TablePlayers[],
  gate: Gate,
  running: () => boolean,
  counters: PlayCounters,
  seed: number,
): Promise<void> {
  await Promise.all(
    tables.map(async (table, t) => {
      const dice = new Dice(seed * 31 + t + 1);
      let next = 0;
      while (running()) {
        if (!gate.open) {
          await sleep(10);
          continue;
        }
        const user = table.people[next % table.people.length] as ScriptedUser;
        next++;
        counters.steps++;
        try {
          await table.ensure();
          const panel = await openPanel(user, table.channelId);
          if (await takeTurn(user, panel, dice))
            counters.moves.set(table.channelId, (counters.moves.get(table.channelId) ?? 0) + 1);
        } catch {
          counters.cutShort++;
          await sleep(10);
        }
      }
    }),
  );
}

/**
 * Makes sure the channel has a playing table: opens one (timer off: no deadline moves a table
 * between two clicks), has every person join, seats the bots, starts it. A kill may cut this short
 * anywhere: each step looks at the file first.
 */
export async function ensureTable(
  reader: () => Store,
  channelId: string,
  people: readonly ScriptedUser[],
  bots: readonly string[],
  targetScore = 1_000,
): Promise<void> {
  const host = people[0] as ScriptedUser;
  const table = (user: ScriptedUser, subcommand: string, options: Record<string, string | number> = {}) =>
    user.slash(channelId, 'table', { subcommand, options }).reply();
  for (let step = 0; step < 12; step++) {
    const record = reader().tables.activeInChannelId(channelId);
    if (record?.status === 'playing') return;
    if (!record) {
      await table(host, 'create', { timer: 'off', target: targetScore });
      continue;
    }
    if (record.status !== 'lobby') throw new Error(`table ${record.id} is ${record.status}`);
    const missing = people.find((p) => !record.seats.some((o) => o?.kind === 'user' && o.userId === p.id));
    const botCount = record.seats.filter((o) => o?.kind === 'bot').length;
    if (missing) await table(missing, 'join');
    else if (botCount < bots.length) await table(host, 'bot', { do: 'add', level: bots[botCount] as string });
    else await table(host, 'start');
  }
}
