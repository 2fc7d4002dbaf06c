/**
 * How far each table message lags behind its table, watched from the local Discord's side (in the
 * load worker): a player's accepted action makes the table's next version (their panel showed the
 * version before it, and the players of a table act one at a time), and the lag is the time from
 * the action's acknowledgement to the public table message first showing that version or a later one.
 */
import type { LocalDiscord, MessageView, RestCall } from '../src/localDiscord/index.js';
import type { StoredMessage } from '../src/localDiscord/world.js';

export interface LagResult {
  /** Lag of every action whose version the table message showed (ms). */
  readonly lagsMs: number[];
  /** Actions whose version the table message never showed before the run ended. */
  readonly unseen: number;
  /** Edits of table messages (PATCH of a public message with the table's buttons) in the run. */
  readonly tableEdits: number;
}

export interface LagWatch {
  /** `channelId`'s player acted on `panel` (opened just before), and was acknowledged now. */
  acted(channelId: string, panel: MessageView): void;
  /** Waits until every action is shown, or `ms` passed. */
  settled(ms: number): Promise<void>;
  result(calls: readonly RestCall[]): LagResult;
}

/** The version a message's custom ids carry (`verb:table:version:...`), or null. */
export function versionIn(components: readonly unknown[]): number | null {
  let found: number | null = null;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const id = (node as { custom_id?: unknown }).custom_id;
    if (typeof id === 'string') {
      const v = Number(id.split(':')[2]);
      if (Number.isInteger(v)) found = Math.max(found ?? v, v);
    }
    for (const child of (node as { components?: unknown[] }).components ?? []) visit(child);
  };
  for (const c of components) visit(c);
  return found;
}

/** The public table message (while a match is on, it carries the "My hand" button). */
const isTableMessage = (m: StoredMessage) =>
  !m.deleted && (m.flags & 64) === 0 && JSON.stringify(m.components).includes('"hand:');

/**
 * Waits until `settled()` (every table message shows its match) and no table message was edited
 * for `quietMs`: the tables' opening edits have landed. At most `ms`.
 */
export async function quiet(
  discord: LocalDiscord,
  quietMs: number,
  ms: number,
  settled: () => boolean = () => true,
): Promise<void> {
  const until = performance.now() + ms;
  let last = performance.now();
  const onCall = (c: RestCall) => {
    if (c.method === 'PATCH' && c.route === '/channels/:channel/messages/:message') last = performance.now();
  };
  discord.hub.on('call', onCall);
  while (performance.now() < until && (performance.now() - last < quietMs || !settled()))
    await new Promise((resolve) => setTimeout(resolve, 50));
  discord.hub.off('call', onCall);
}

export function watchLag(discord: LocalDiscord): LagWatch {
  /** Per channel: the highest version its table message showed, and when each was first shown. */
  const shown = new Map<string, Array<[number, number]>>();
  const actions: Array<{ channelId: string; version: number; at: number }> = [];
  discord.hub.on('message', (m: StoredMessage) => {
    if (!isTableMessage(m)) return;
    const v = versionIn(m.components);
    if (v === null) return;
    const list = shown.get(m.channelId) ?? [];
    if (v > (list.at(-1)?.[0] ?? -1)) list.push([v, performance.now()]);
    shown.set(m.channelId, list);
  });
  const shownAt = (channelId: string, version: number) =>
    shown.get(channelId)?.find(([v]) => v >= version)?.[1];
  return {
    acted(channelId, panel) {
      const before = versionIn(panel.components);
      if (before !== null) actions.push({ channelId, version: before + 1, at: performance.now() });
    },
    async settled(ms) {
      const until = performance.now() + ms;
      while (performance.now() < until && actions.some((a) => shownAt(a.channelId, a.version) === undefined))
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
    result(calls) {
      const lagsMs: number[] = [];
      let unseen = 0;
      for (const a of actions) {
        const at = shownAt(a.channelId, a.version);
        if (at === undefined) unseen++;
        else lagsMs.push(Math.max(0, at - a.at));
      }
      const tableEdits = calls.filter(
        (c) =>
          c.method === 'PATCH' &&
          c.route === '/channels/:channel/messages/:message' &&
          JSON.stringify(c.body).includes('"hand:'),
      ).length;
      return { lagsMs, unseen, tableEdits };
    },
  };
}
