/**
 * The router's error boundary cannot throw: a full disk gets its own sentence and no error line; a
 * locale that cannot be read is answered in English; an apology that cannot be sent, or a logger
 * that throws, is logged (or dropped) without an unhandled rejection. Driven with a fake client and
 * interaction (a handler that throws is all the boundary needs).
 */
import { EventEmitter } from 'node:events';
import { Events } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/discord/context.js';
import { Router } from '../../src/discord/router.js';
import { DiskFullError } from '../../src/store/diskHealth.js';

type Line = { level: string; msg: string; fields: Record<string, unknown> };

let rejections: unknown[];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeEach(() => {
  rejections = [];
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

/** A router on a fake client whose every interaction's handler throws `failure`. */
function setUp(options: { failure: unknown; post?: () => Promise<unknown>; loggerThrows?: boolean }) {
  const lines: Line[] = [];
  const posts: unknown[] = [];
  const log =
    (level: string) =>
    (fields: Record<string, unknown>, msg: string): void => {
      if (options.loggerThrows) throw new Error('the log is gone');
      lines.push({ level, msg, fields });
    };
  const ctx = {
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    looks: {
      forUser: (locale: unknown) => {
        if (typeof locale !== 'string') throw new TypeError('locale is not a string');
        return { lang: 'en', faces: null };
      },
    },
    deferAfterMs: 2_000,
    durable: () => Promise.resolve(),
  } as unknown as BotContext;
  const client = new EventEmitter();
  const router = new Router(client as never, ctx);
  const interaction = {
    id: '1100000000000000001',
    token: 'tok',
    createdTimestamp: Date.now(),
    locale: 42,
    replied: false,
    deferred: false,
    user: { id: '300000000000000001' },
    guildId: null,
    channelId: '200000000000000001',
    client: {
      rest: {
        post: (_route: string, request: { body: unknown }) => {
          posts.push(request.body);
          return options.post ? options.post() : Promise.resolve();
        },
      },
    },
    isAutocomplete: () => false,
    isRepliable: () => true,
    isMessageComponent: () => false,
    // The first thing dispatch asks: the handler "fails" here.
    isChatInputCommand: () => {
      throw options.failure;
    },
    reply: () => Promise.reject(new Error('discord.js reply is not used for a plain apology')),
  };
  return {
    lines,
    posts,
    async run(): Promise<void> {
      client.emit(Events.InteractionCreate, interaction);
      await router.drain();
      // Let Node report any rejection left unhandled.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const contentOf = (posts: unknown[]) => posts.map((p) => (p as { data: { content: string } }).data.content);

describe('the router’s error boundary', () => {
  it('a full disk: the plain sentence, and no error line (the store logs it once)', async () => {
    const full = new DiskFullError(
      '/data/tichu.sqlite',
      'SQLITE_FULL',
      new Error('database or disk is full'),
    );
    const fx = setUp({ failure: full });
    await fx.run();
    expect(contentOf(fx.posts)).toEqual([
      'The bot cannot save moves right now because its disk is full. Nothing was lost; try again in a while.',
    ]);
    expect(fx.lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(fx.lines.find((l) => l.msg === 'interaction')?.fields.outcome).toBe('disk_full');
    expect(rejections).toEqual([]);
  });

  it('a locale that cannot be read: the apology in English, and a warning', async () => {
    const fx = setUp({ failure: new Error('boom') });
    await fx.run();
    expect(contentOf(fx.posts)).toEqual([
      'Something went wrong on our side. Use /hand to see where the table stands.',
    ]);
    expect(fx.lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'error handler failed',
      "warn the user's locale could not be read; answered in English",
      'info interaction',
    ]);
    expect(rejections).toEqual([]);
  });

  it('an apology Discord refuses: logged as a warning, nothing thrown', async () => {
    const fx = setUp({
      failure: new Error('boom'),
      post: () => Promise.reject(new Error('503 from Discord')),
    });
    await fx.run();
    expect(fx.lines.find((l) => l.msg === 'the apology could not be sent')?.fields).toMatchObject({
      code: 'internal_error',
      err: '503 from Discord',
    });
    expect(fx.lines.at(-1)?.fields.outcome).toBe('error');
    expect(rejections).toEqual([]);
  });

  it('even a logger that throws leaves no unhandled rejection, and the apology still goes', async () => {
    const fx = setUp({ failure: new Error('boom'), loggerThrows: true });
    await fx.run();
    expect(contentOf(fx.posts)).toHaveLength(1);
    expect(rejections).toEqual([]);
  });
});
