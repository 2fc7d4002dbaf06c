/**
 * The metrics' parts on their own: labels bounded by construction (no id, token or card code can
 * become one), the endpoint's answers and its refusals, the sharded main process's aggregation and
 * its report of a shard that does not answer, and the database's write check.
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { kindLabel, outcomeClass, restRoute } from '../../src/discord/metricLabels.js';
import { hear429s } from '../../src/discord/rest/rateLimits.js';
import { LocalDiscord } from '../../src/localDiscord/index.js';
import { FleetMetrics, type ShardLink } from '../../src/metrics/cluster.js';
import { BotMetrics } from '../../src/metrics/registry.js';
import { type MetricsServer, MetricsServerError, serveMetrics } from '../../src/metrics/server.js';
import { Store } from '../../src/store/store.js';
import { accessWords, passesByItself, writeProblem } from '../../src/store/writeCheck.js';
import { parsePrometheus } from '../support/promText.js';

describe('labels', () => {
  it('a REST route is bucketed: ids, tokens, reactions and queries never reach it', () => {
    const token = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZg';
    expect(restRoute(`/interactions/123456789012345678/${token}/callback`)).toBe(
      '/interactions/:id/:token/callback',
    );
    expect(restRoute(`/webhooks/123456789012345678/${token}/messages/@original`)).toBe(
      '/webhooks/:id/:token/messages/@original',
    );
    expect(restRoute('/channels/123456789012345678/messages/223456789012345678')).toBe(
      '/channels/:id/messages/:id',
    );
    expect(restRoute('/channels/123456789012345678/messages?limit=5&around=1')).toBe(
      '/channels/:id/messages',
    );
    expect(restRoute('/channels/1/messages/2/reactions/🐉/@me')).toBe(
      '/channels/:id/messages/:id/reactions/:reaction',
    );
    expect(restRoute('/applications/123456789012345678/emojis')).toBe('/applications/:id/emojis');
    // The routes as discord.js makes them: an edit of an interaction's answer escapes its @.
    expect(restRoute(Routes.webhookMessage('123456789012345678', token, '@original'))).toBe(
      '/webhooks/:id/:token/messages/@original',
    );
    expect(restRoute(`/webhooks/1576091799292870657/${token}-_x/messages/%40original`)).toBe(
      '/webhooks/:id/:token/messages/@original',
    );
    expect(restRoute(Routes.webhookMessage('123456789012345678', token, '323456789012345678'))).toBe(
      '/webhooks/:id/:token/messages/:id',
    );
    expect(restRoute(Routes.interactionCallback('123456789012345678', token))).toBe(
      '/interactions/:id/:token/callback',
    );
    expect(restRoute(Routes.user('@me'))).toBe('/users/@me');
    expect(restRoute(Routes.guildMember('123456789012345678', '@me'))).toBe('/guilds/:id/members/@me');
    // Anything not shaped like Discord's routes is one label, whatever it holds.
    expect(restRoute('/channels/10jd phoenix/x')).toBe('other');
    expect(restRoute(`/${'a'.repeat(100)}`)).toBe('other');
  });

  it('an outcome is a class: accepted, refused (rules, stale views, bad input), errors and the door’s own', () => {
    expect(['ok', 'shown_not_seated', 'review_stored', 'counted'].map(outcomeClass)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    expect(
      [
        'rule:not_your_turn',
        'stale_view',
        'not_seated',
        'invalid_option',
        'spent_component',
        'unreadable_cards',
      ].map(outcomeClass),
    ).toEqual(Array(6).fill('refused'));
    expect(['error', 'internal_error', 'reply_failed'].map(outcomeClass)).toEqual([
      'error',
      'error',
      'error',
    ]);
    expect(['disk_full', 'expired', 'shutting_down', 'answered_on_retry'].map(outcomeClass)).toEqual([
      'disk_full',
      'expired',
      'shutting_down',
      'answered_on_retry',
    ]);
  });

  it('a kind is the log’s name for it; anything carrying digits or odd characters is `other`', () => {
    expect(['/table create', 'pass', 'foreign component', '/event close-round'].map(kindLabel)).toEqual([
      '/table create',
      'pass',
      'foreign component',
      '/event close-round',
    ]);
    expect(['play:abcd1234:7:10jd', 'Phoenix!', 'x'.repeat(60)].map(kindLabel)).toEqual([
      'other',
      'other',
      'other',
    ]);
  });
});

describe('the endpoint', () => {
  let server: MetricsServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  async function get(path: string, method = 'GET') {
    const response = await fetch(`http://127.0.0.1:${server?.port}${path}`, { method });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  }

  it('/healthz says ok or why not; /metrics is Prometheus text; nothing else is served', async () => {
    let health: { ok: true } | { ok: false; reason: string } = { ok: true };
    const metrics = new BotMetrics();
    metrics.interaction('pass', 'ok', 'component', 0.02);
    server = await serveMetrics('127.0.0.1', 0, { health: () => health, metrics: () => metrics.text() });
    expect(await get('/healthz')).toMatchObject({ status: 200, body: 'ok\n' });
    health = { ok: false, reason: 'the gateway is reconnecting to Discord (resuming its session)' };
    expect(await get('/healthz')).toMatchObject({
      status: 503,
      body: 'the gateway is reconnecting to Discord (resuming its session)\n',
    });
    const scraped = await get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const parsed = parsePrometheus(scraped.body);
    expect(parsed.value('tichu_interactions_total', { kind: 'pass', outcome: 'ok' })).toBe(1);
    expect(parsed.value('tichu_interaction_answer_seconds_count', { type: 'component' })).toBe(1);
    expect(parsed.types.get('process_cpu_seconds_total')).toBe('counter');
    expect(parsed.types.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect((await get('/')).status).toBe(404);
    expect((await get('/metrics', 'POST')).status).toBe(405);
  });

  it('a port in use is refused with a sentence naming METRICS_PORT', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const refused = await serveMetrics('127.0.0.1', port, {
        health: () => ({ ok: true }),
        metrics: async () => '',
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MetricsServerError);
      expect((refused as Error).message).toBe(
        `METRICS_PORT ${port} is already in use on 127.0.0.1 (another program, or another copy of the bot, listens there): choose another port in .env or stop that program`,
      );
    } finally {
      taken.close();
    }
  });

  it('an address this machine does not have is refused naming METRICS_HOST', async () => {
    const refused = await serveMetrics('192.0.2.1', 0, {
      health: () => ({ ok: true }),
      metrics: async () => '',
    }).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(
      /^METRICS_HOST 192\.0\.2\.1 is not an address of this machine/,
    );
  });
});

/** A shard as the main process sees it, answering with `metrics` (or not at all). */
function fakeShard(id: number, metrics: BotMetrics | null, health = { ok: true as const }): ShardLink {
  let listener: (message: unknown) => void = () => {};
  return {
    id,
    running: () => true,
    send(message) {
      const ask = message as { id: number };
      if (!metrics) return; // stopped (SIGSTOP): never answers
      void metrics.registry
        .getMetricsAsJSON()
        .then((json) => listener({ tichuMetrics: 'answer', id: ask.id, metrics: json, health }));
    },
    onMessage(heard) {
      listener = heard;
    },
  };
}

describe('the sharded endpoint (the main process)', () => {
  it('puts the shards’ series side by side with their shard, takes the tables once, and is healthy when every shard is', async () => {
    const shards = [new BotMetrics(), new BotMetrics()];
    for (const [i, m] of shards.entries()) {
      m.handPlayed();
      m.interaction('pass', 'ok', 'component', 0.01 * (i + 1));
      m.attach({
        tablesByStatus: () => ({ playing: 3, lobby: 1 }),
        queueDepth: () => ({ channel: i, panels: 0 }),
        health: () => ({ ok: true }),
      });
    }
    const fleet = new FleetMetrics(300);
    expect(await fleet.health()).toEqual({
      ok: false,
      reason: 'starting: the shards are not all connected yet',
    });
    const links = shards.map((m, id) => fakeShard(id, m));
    fleet.attach(() => links);
    expect(await fleet.health()).toEqual({ ok: true });
    const parsed = parsePrometheus(await fleet.metrics());
    expect(parsed.value('tichu_hands_played_total', { shard: '0' })).toBe(1);
    expect(parsed.value('tichu_hands_played_total', { shard: '1' })).toBe(1);
    expect(parsed.samples.filter((s) => s.name === 'tichu_hands_played_total')).toHaveLength(2);
    expect(parsed.value('tichu_interaction_answer_seconds_count', { type: 'component', shard: '1' })).toBe(1);
    expect(parsed.value('tichu_outbox_depth', { queue: 'channel', shard: '1' })).toBe(1);
    // Every sample but the bot-wide ones names its shard; Node's own metrics too (one process each).
    const bare = parsed.samples.filter((s) => s.labels.shard === undefined).map((s) => s.name);
    // The backup series are the main process's own (it runs the schedule): the shards' are left out.
    expect([...new Set(bare)].filter((name) => !name.startsWith('tichu_backup')).sort()).toEqual([
      'tichu_healthy',
      'tichu_tables',
    ]);
    expect(parsed.samples.filter((s) => s.name.startsWith('tichu_backup') && s.labels.shard)).toEqual([]);
    expect(parsed.value('process_cpu_seconds_total', { shard: '1' })).toBeGreaterThan(0);
    // The shards share one file: the same tables, once, with no shard label.
    expect(parsed.samples.filter((s) => s.name === 'tichu_tables')).toEqual([
      { name: 'tichu_tables', labels: { status: 'playing' }, value: 3 },
      { name: 'tichu_tables', labels: { status: 'lobby' }, value: 1 },
    ]);
    expect(parsed.samples.filter((s) => s.name === 'tichu_healthy')).toEqual([
      { name: 'tichu_healthy', labels: {}, value: 1 },
    ]);
    expect(parsed.value('tichu_shard_up', { shard: '0' })).toBe(1);
    expect(parsed.value('tichu_shard_up', { shard: '1' })).toBe(1);
  });

  it('a shard started again counts from 0 in its own series: no other series ever goes down', async () => {
    const steady = new BotMetrics();
    let restarted = new BotMetrics();
    for (let i = 0; i < 5; i++) steady.handPlayed();
    for (let i = 0; i < 3; i++) restarted.handPlayed();
    const fleet = new FleetMetrics(300);
    const links = [fakeShard(0, steady), fakeShard(1, null)];
    fleet.attach(() => links);
    links[1] = fakeShard(1, restarted);
    const before = parsePrometheus(await fleet.metrics());
    // Shard 1's process dies and is started again: a new registry, its counters at 0.
    restarted = new BotMetrics();
    restarted.handPlayed();
    links[1] = fakeShard(1, restarted);
    const after = parsePrometheus(await fleet.metrics());
    expect(before.value('tichu_hands_played_total', { shard: '0' })).toBe(5);
    expect(after.value('tichu_hands_played_total', { shard: '0' })).toBe(5);
    expect(before.value('tichu_hands_played_total', { shard: '1' })).toBe(3);
    expect(after.value('tichu_hands_played_total', { shard: '1' })).toBe(1);
    // A shard that misses a scrape is a gap in its own series, not a drop in anyone's.
    links[1] = fakeShard(1, null);
    const missed = parsePrometheus(await fleet.metrics());
    expect(missed.value('tichu_hands_played_total', { shard: '0' })).toBe(5);
    expect(missed.samples.filter((s) => s.labels.shard === '1').map((s) => s.name)).toEqual([
      'tichu_shard_up',
    ]);
  });

  it('a shard that does not answer is named within the time allowed; tichu_healthy is 0 and the others’ metrics are still served', async () => {
    const answering = new BotMetrics();
    answering.handPlayed();
    // It answers, healthy: alone it would say 1; the bot, with a shard missing, is not healthy.
    answering.attach({ tablesByStatus: () => ({}), queueDepth: () => ({}), health: () => ({ ok: true }) });
    const fleet = new FleetMetrics(200);
    const unwell = fakeShard(2, new BotMetrics(), {
      ok: false,
      reason: 'the database file /x is read-only (EACCES)',
    } as never);
    fleet.attach(() => [fakeShard(0, answering), fakeShard(1, null), unwell]);
    const started = Date.now();
    expect(await fleet.health()).toEqual({
      ok: false,
      reason: 'shard 1 did not answer within 200 ms; shard 2: the database file /x is read-only (EACCES)',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    const parsed = parsePrometheus(await fleet.metrics());
    expect(parsed.value('tichu_hands_played_total', { shard: '0' })).toBe(1);
    expect(parsed.value('tichu_shard_up', { shard: '1' })).toBe(0);
    expect(parsed.value('tichu_shard_up', { shard: '0' })).toBe(1);
    expect(parsed.samples.filter((s) => s.name === 'tichu_healthy')).toEqual([
      { name: 'tichu_healthy', labels: {}, value: 0 },
    ]);
    // Every shard well again: 1.
    const well = new FleetMetrics(200);
    well.attach(() => [fakeShard(0, answering)]);
    expect(parsePrometheus(await well.metrics()).value('tichu_healthy')).toBe(1);
    well.stop();
    expect(parsePrometheus(await well.metrics()).value('tichu_healthy')).toBe(0);
  });
  it('tichu_healthy is 0 while a shard is missing, though every shard that answered says 1', async () => {
    const answering = new BotMetrics();
    answering.attach({ tablesByStatus: () => ({}), queueDepth: () => ({}), health: () => ({ ok: true }) });
    const fleet = new FleetMetrics(200);
    fleet.attach(() => [fakeShard(0, answering), fakeShard(1, null)]);
    expect((await fleet.health()).ok).toBe(false);
    expect(parsePrometheus(await fleet.metrics()).value('tichu_healthy')).toBe(0);
  });
});

describe('the backup metrics', () => {
  it('count each slot by outcome and keep the time of the last backup made; absent until one is known', async () => {
    const metrics = new BotMetrics();
    let scrape = parsePrometheus(await metrics.text());
    expect(scrape.samples.filter((s) => s.name === 'tichu_backup_last_success_timestamp_seconds')).toEqual(
      [],
    );
    metrics.backupsScheduled(null);
    scrape = parsePrometheus(await metrics.text());
    for (const outcome of ['ok', 'failed', 'skipped'])
      expect(scrape.value('tichu_backups_total', { outcome })).toBe(0);
    expect(scrape.samples.filter((s) => s.name === 'tichu_backup_last_success_timestamp_seconds')).toEqual(
      [],
    );
    const before = Date.now() / 1000;
    metrics.backupEnded('ok', 2.5);
    metrics.backupEnded('failed', null);
    metrics.backupEnded('skipped', null);
    metrics.backupEnded('failed', null);
    scrape = parsePrometheus(await metrics.text());
    expect(scrape.value('tichu_backups_total', { outcome: 'ok' })).toBe(1);
    expect(scrape.value('tichu_backups_total', { outcome: 'failed' })).toBe(2);
    expect(scrape.value('tichu_backups_total', { outcome: 'skipped' })).toBe(1);
    expect(scrape.types.get('tichu_backup_last_success_timestamp_seconds')).toBe('gauge');
    // A failure after it leaves the time of the last success alone: its age is what an alert watches.
    expect(scrape.value('tichu_backup_last_success_timestamp_seconds')).toBeGreaterThanOrEqual(before);
    expect(scrape.value('tichu_backup_duration_seconds_count')).toBe(1);
    expect(scrape.value('tichu_backup_duration_seconds_sum')).toBe(2.5);
  });

  it('a schedule started again takes the time of the newest backup already made', async () => {
    const metrics = new BotMetrics();
    metrics.backupsScheduled(Date.parse('2026-11-28T06:00:00Z'));
    const scrape = parsePrometheus(await metrics.text());
    expect(scrape.value('tichu_backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-11-28T06:00:00Z') / 1000,
    );
  });

  it('sharded, the main process serves its own backup series beside the shards’', async () => {
    const shard = new BotMetrics();
    shard.attach({ tablesByStatus: () => ({}), queueDepth: () => ({}), health: () => ({ ok: true }) });
    const fleet = new FleetMetrics(300);
    const links = [fakeShard(0, shard)];
    fleet.attach(() => links);
    fleet.backups.backupsScheduled(null);
    fleet.backups.backupEnded('failed', null);
    fleet.backups.backupEnded('ok', 1);
    const scrape = parsePrometheus(await fleet.metrics());
    expect(scrape.samples.filter((s) => s.name === 'tichu_backups_total')).toEqual([
      { name: 'tichu_backups_total', labels: { outcome: 'ok' }, value: 1 },
      { name: 'tichu_backups_total', labels: { outcome: 'failed' }, value: 1 },
      { name: 'tichu_backups_total', labels: { outcome: 'skipped' }, value: 0 },
    ]);
    expect(scrape.value('tichu_backup_last_success_timestamp_seconds')).toBeGreaterThan(0);
  });
});

describe('the gauges', () => {
  it('leave out what they cannot read now, never keeping the last value read; nothing once the bot has stopped', async () => {
    const metrics = new BotMetrics();
    let broken = false;
    metrics.attach({
      tablesByStatus: () => {
        if (broken) throw new Error('The database connection is not open');
        return { playing: 2, lobby: 1 };
      },
      queueDepth: () => {
        if (broken) throw new Error('gone');
        return { channel: 4, panels: 1 };
      },
      health: () => ({ ok: true }),
    });
    const read = async () => parsePrometheus(await metrics.text());
    const first = await read();
    expect(first.value('tichu_tables', { status: 'playing' })).toBe(2);
    expect(first.value('tichu_outbox_depth', { queue: 'channel' })).toBe(4);
    broken = true;
    const failing = await read();
    expect(failing.samples.filter((s) => s.name === 'tichu_tables')).toEqual([]);
    expect(failing.samples.filter((s) => s.name === 'tichu_outbox_depth')).toEqual([]);
    broken = false;
    expect((await read()).value('tichu_tables', { status: 'lobby' })).toBe(1);
    // The bot stopped (its store closed): nothing is read, and it is not healthy.
    metrics.attach(null);
    const stopped = await read();
    expect(
      stopped.samples.filter((s) => s.name === 'tichu_tables' || s.name === 'tichu_outbox_depth'),
    ).toEqual([]);
    expect(stopped.value('tichu_healthy')).toBe(0);
  });
});

describe('the database write check', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a writable file is fine; a file deleted under the bot is named (as root too)', () => {
    dir = mkdtempSync(join(tmpdir(), 'tichu-write-'));
    const path = join(dir, 'tichu.sqlite');
    const store = Store.open(path);
    try {
      expect(store.writeProblem()).toBeNull();
      unlinkSync(path);
      expect(store.writeProblem()).toBe(
        `the database file ${path} is gone (ENOENT): it was moved or deleted while the bot runs`,
      );
    } finally {
      store.close();
    }
  });

  it('a write refused for a lock held elsewhere is reported while the lock is held, and not once it is let go (no commit needed)', () => {
    dir = mkdtempSync(join(tmpdir(), 'tichu-write-'));
    const path = join(dir, 'tichu.sqlite');
    const store = Store.open(path);
    const other = new Database(path);
    try {
      store.db.pragma('busy_timeout = 20');
      other.exec('BEGIN IMMEDIATE');
      expect(() => store.transaction(() => 1)).toThrow(/locked|busy/i);
      expect(store.writeProblem()).toMatch(/^the last write to the database failed \(SQLITE_BUSY/);
      // Still held: still reported (the probe could not take the lock either).
      expect(store.writeProblem()).toMatch(/^the last write to the database failed \(SQLITE_BUSY/);
      other.exec('ROLLBACK');
      // Nothing has committed since, yet the file takes writes again: healthy.
      expect(store.writeProblem()).toBeNull();
      // The probe left the bot's connection as it was: no transaction, its own busy timeout.
      expect(store.db.inTransaction).toBe(false);
      expect(store.db.pragma('busy_timeout', { simple: true })).toBe(20);
      expect(store.transaction(() => 2)).toBe(2);
    } finally {
      other.close();
      store.close();
    }
  });

  it('says what to do: a read-only mount, an immutable file (EPERM), a failed write by its code', () => {
    expect(accessWords('the database file', '/srv/t.sqlite', 'EROFS')).toBe(
      'the database file /srv/t.sqlite is on a read-only file system (EROFS): remount it read-write or move DATABASE_PATH to a writable disk',
    );
    expect(accessWords("the database's -wal file", '/srv/t.sqlite-wal', 'EPERM')).toBe(
      "the database's -wal file /srv/t.sqlite-wal may not be written (EPERM): make it writable for the user the bot runs as; if lsattr shows it immutable (an i), remove the flag with chattr -i",
    );
    const failed = (code: string, message: string) =>
      writeProblem({
        path: ':memory:',
        flushFailed: false,
        disk: { diskFull: false, since: null, code: null, refused: 0 },
        lastFailure: { code, message, at: 0 },
      });
    expect(failed('SQLITE_IOERR_WRITE', 'disk I/O error')).toBe(
      'the last write to the database failed (SQLITE_IOERR_WRITE: disk I/O error): check the disk (the system log, dmesg) and whether the database file or its -wal may be written (an immutable flag shows as an i in lsattr; chattr -i removes it)',
    );
    expect(failed('SQLITE_READONLY', 'attempt to write a readonly database')).toMatch(
      /: make the database file, its -wal and its folder writable for the user the bot runs as \(an immutable flag/,
    );
    expect(failed('SQLITE_CORRUPT', 'database disk image is malformed')).toMatch(
      /restore the latest backup \(npm run restore\)$/,
    );
    const full = (refused: number) =>
      writeProblem({
        path: ':memory:',
        flushFailed: false,
        disk: { diskFull: true, since: 0, code: 'SQLITE_FULL', refused },
        lastFailure: null,
      });
    expect(full(1)).toMatch(/: 1 write refused$/);
    expect(full(4)).toMatch(/: 4 writes refused$/);
    // A lock passes by itself: nothing to add.
    expect(failed('SQLITE_BUSY', 'database is locked')).toBe(
      'the last write to the database failed (SQLITE_BUSY: database is locked)',
    );
  });

  it('only a lock is looked at again: a read-only file, I/O errors and damage stand until a write succeeds', () => {
    const failure = (code: string) => ({ code, message: code, at: 0 });
    expect(
      ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED'].map((c) => passesByItself(failure(c))),
    ).toEqual([true, true, true]);
    expect(
      ['SQLITE_READONLY', 'SQLITE_IOERR_WRITE', 'SQLITE_CORRUPT', 'SQLITE_CANTOPEN'].map((c) =>
        passesByItself(failure(c)),
      ),
    ).toEqual([false, false, false, false]);
  });
});

describe('429s heard on the bot’s thread (a shard process sends from it)', () => {
  it('each 429 Discord answers is heard once with its bucketed route; the request still succeeds', async () => {
    const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
    try {
      const { channels } = discord.addGuild('Limits', ['tichu']);
      const channel = (channels[0] as { id: string }).id;
      const rest = new REST({ version: '10', api: discord.restUrl }).setToken(discord.token);
      const heard: Array<[string, boolean]> = [];
      hear429s(rest, (route, global) => heard.push([route, global]));
      const limit = discord.faults.rest({
        route: /^POST \/channels\//,
        status: 429,
        retryAfterMs: 50,
        times: 2,
      });
      const sent = (await rest.post(Routes.channelMessages(channel), { body: { content: 'hello' } })) as {
        id: string;
      };
      expect(sent.id).toMatch(/^\d+$/);
      expect(limit.hits).toBe(2);
      expect(heard.map(([route, global]) => [restRoute(route), global])).toEqual([
        ['/channels/:id/messages', false],
        ['/channels/:id/messages', false],
      ]);
    } finally {
      await discord.close();
    }
  });
});
