/**
 * A seat's snapshot is made once per committed table state: asked again before anything changes,
 * the same snapshot comes back (and its panel renders once: renderPanel.ts `panelOf`); after any
 * commit (an action, here) a new one shows the change. Each seat has its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { panelOf, renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { accepted, createFixture, type Fixture, HOST, startFourHumans, USERS } from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

describe('snapshots and panels made once per table state', () => {
  it('the same snapshot until a commit, then a new one; one per seat', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    const first = accepted(fx.service.playerView(id, HOST.userId));
    expect(accepted(fx.service.playerView(id, HOST.userId))).toBe(first);
    const other = accepted(fx.service.playerView(id, (USERS[1] as { userId: string }).userId));
    expect(other).not.toBe(first);
    expect(other.seat).not.toBe(first.seat);
    accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: false }, first.view.version));
    const after = accepted(fx.service.playerView(id, HOST.userId));
    expect(after).not.toBe(first);
    expect(after.view.version).toBeGreaterThan(first.view.version);
    expect(after).toEqual({ ...after, table: accepted(fx.service.tableView(id)).table });
  });

  it('a panel renders once per snapshot, language, faces and options, and as renderPanel would', () => {
    const started = startFourHumans(fx);
    const snapshot = accepted(fx.service.playerView(started.table.id, HOST.userId));
    const panel = panelOf(snapshot, EN_TEXT);
    expect(panel).toEqual(renderPanel(snapshot, EN_TEXT));
    expect(panelOf(snapshot, EN_TEXT, {})).toBe(panel);
    const german = panelOf(snapshot, { lang: 'de', faces: null });
    expect(german).not.toBe(panel);
    expect(german).toEqual(renderPanel(snapshot, { lang: 'de', faces: null }));
    const noticed = panelOf(snapshot, EN_TEXT, { notice: 'Hello' });
    expect(noticed).not.toBe(panel);
    expect(noticed.content.startsWith('> Hello')).toBe(true);
    const faces = new Map();
    expect(panelOf(snapshot, { lang: 'en', faces })).not.toBe(panel);
  });
});
