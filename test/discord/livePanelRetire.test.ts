/**
 * A panel's retirement ("no longer live") against a click that made it live again: with the
 * retirement still queued behind other edits, a click on the old panel makes it the live one, and
 * the queued retirement must then leave it alone, while the newer panel it replaced is retired.
 * A REST stub records the webhook edits; the outbox is the real one, kept busy by one slow write.
 */

import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../../src/app/tableService.js';
import { LivePanels } from '../../src/discord/livePanels.js';
import { Looks } from '../../src/discord/looks.js';
import { Outbox, URGENT } from '../../src/discord/outbox.js';

const snapshot = {
  table: { id: 't', matchId: 1, status: 'playing', seats: [{ kind: 'user', userId: 'u' }, null, null, null] },
  seat: 0,
  view: { version: 5 },
} as unknown as PlayerSnapshot;

function setup() {
  const retired: string[] = [];
  const rest = {
    patch: async (route: string, options: { body: { content: string } }) => {
      // Routes are /webhooks/{app}/{token}/messages/@original.
      if (options.body.content.includes('no longer live')) retired.push(route.split('/')[3] as string);
    },
  };
  const outbox = new Outbox({ ratePerSecond: 1_000, concurrency: 1 });
  const logger = { warn: () => {} };
  const panels = new LivePanels(
    rest as never,
    'app',
    {} as never,
    outbox,
    logger as never,
    new Looks(null),
    Date.now,
  );
  let release = () => {};
  void outbox.put('panel:someone-else', URGENT, () => new Promise<void>((resolve) => (release = resolve)));
  return { panels, outbox, retired, release: () => release() };
}

describe('a live panel’s retirement', () => {
  it('leaves alone a panel a click made live again, and retires the one that replaced it', async () => {
    const { panels, outbox, retired, release } = setup();
    const answered = Promise.resolve();
    panels.shown(snapshot, { token: 'T1', how: 'new', origin: 'I1', locale: null, answered });
    panels.shown(snapshot, { token: 'T2', how: 'new', origin: 'I2', locale: null, answered });
    // A click on the first panel (its message was made by I1): it is the live one again.
    panels.shown(snapshot, { token: 'T3', how: 'same', origin: 'I1', locale: null, answered });
    release();
    await outbox.drain();
    expect(retired).toEqual(['T2']);
  });

  it('retires the older panel when nothing made it live again', async () => {
    const { panels, outbox, retired, release } = setup();
    const answered = Promise.resolve();
    panels.shown(snapshot, { token: 'T1', how: 'new', origin: 'I1', locale: null, answered });
    panels.shown(snapshot, { token: 'T2', how: 'new', origin: 'I2', locale: null, answered });
    // A click on the newer panel keeps it live: the older one still goes.
    panels.shown(snapshot, { token: 'T3', how: 'same', origin: 'I2', locale: null, answered });
    release();
    await outbox.drain();
    expect(retired).toEqual(['T1']);
  });
});
