/** The table message's edits: which go first, judged by what Discord last took, not what was sent. */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableService, TableSnapshot } from '../../src/app/tableService.js';
import type { Looks } from '../../src/discord/looks.js';
import { NORMAL, type Outbox, type Priority, URGENT } from '../../src/discord/outbox.js';
import { TableMessages } from '../../src/discord/tableMessages.js';

vi.mock('../../src/discord/renderTable.js', () => ({
  renderTable: () => ({ embeds: [{ title: 'table' }], components: [] }),
}));

/** A table in play whose turn is `turn`'s, at `version`. */
function snapshot(turn: number, version: number): TableSnapshot {
  return {
    table: { id: 't1', status: 'playing', channelId: '10', guildId: '20', messageId: '30' },
    view: { phase: 'play', handNumber: 1, pending: null, turn, version },
  } as unknown as TableSnapshot;
}

describe('TableMessages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the next edit urgent while Discord has not taken the one that changed whose turn it is', async () => {
    let current = snapshot(0, 1);
    const service = { tableView: () => ({ ok: true, value: current }) } as unknown as TableService;
    let failing = false;
    const patches: number[] = [];
    const client = {
      rest: {
        patch: async () => {
          patches.push(current.view?.version ?? 0);
          if (failing) throw Object.assign(new Error('Service Unavailable'), { status: 503 });
        },
      },
    };
    // An outbox that sends at once and records each write's priority.
    const priorities: Priority[] = [];
    const outbox = {
      put: (_key: string, priority: Priority, run: () => Promise<unknown>) => {
        priorities.push(priority);
        return run().catch(() => undefined);
      },
    } as unknown as Outbox;
    const messages = new TableMessages(
      client as never,
      service,
      pino({ level: 'silent' }),
      outbox,
      { forGuild: () => ({}) } as unknown as Looks,
      10,
    );
    const change = async (next: TableSnapshot) => {
      current = next;
      messages.schedule('t1');
      await vi.advanceTimersByTimeAsync(20);
    };
    await change(snapshot(0, 1)); // shown: seat 0's turn
    await change(snapshot(0, 2)); // still seat 0: not urgent
    failing = true;
    await change(snapshot(1, 3)); // seat 1's turn, but Discord fails the edit
    failing = false;
    await change(snapshot(1, 4)); // the message still shows seat 0's turn: urgent
    await change(snapshot(1, 5)); // now it shows seat 1's: not urgent
    expect(patches).toEqual([1, 2, 3, 4, 5]);
    expect(priorities).toEqual([URGENT, NORMAL, URGENT, URGENT, NORMAL]);
  });
});
