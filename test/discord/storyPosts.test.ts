/**
 * The hand story's posts (src/discord/handStory.ts): a post Discord failed for now is tried again
 * with the same enforced nonce (so a try Discord took is not posted twice), the next post of the
 * table waits for it, and a refusal that would fail again (a 4xx), an old nonce or a shutdown ends
 * the tries with one warning.
 */
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { StoryPosts } from '../../src/discord/handStory.js';
import { POST_RETRY_WINDOW_MS } from '../../src/discord/nonce.js';
import { Outbox } from '../../src/discord/outbox.js';
import type { StoryPayload } from '../../src/discord/renderStory.js';

interface Sent {
  readonly route: string;
  readonly body: StoryPayload & { nonce: string; enforce_nonce: boolean };
}

/** A REST whose answers are scripted: a status fails that try (as discord.js's errors carry it), null posts. */
function scriptedRest(answers: Array<number | null>) {
  const sent: Sent[] = [];
  return {
    sent,
    rest: {
      post: async (route: string, options: { body: Sent['body'] }) => {
        sent.push({ route, body: options.body });
        const status = answers.shift() ?? null;
        if (status !== null) throw Object.assign(new Error(`Discord answered ${status}`), { status });
        return { id: String(sent.length) };
      },
    },
  };
}

function setup(answers: Array<number | null>, clock = { now: 0 }) {
  const { sent, rest } = scriptedRest(answers);
  const warnings: Array<Record<string, unknown>> = [];
  const waits: number[] = [];
  const logger = { warn: (line: Record<string, unknown>) => warnings.push(line) } as unknown as Logger;
  const posts = new StoryPosts(rest as never, new Outbox({ ratePerSecond: 1_000 }), logger, {
    now: () => clock.now,
    random: () => 0.5,
    wait: async (ms) => {
      waits.push(ms);
      clock.now += ms;
    },
  });
  return { posts, sent, warnings, waits };
}

const summary = (content: string) =>
  ({ content, allowed_mentions: { parse: [] } }) as unknown as StoryPayload;

describe('the hand story’s posts', () => {
  it('tells that a post stands once it does (the panels then move below it), and never for one that failed', async () => {
    const { posts } = setup([503, null, 403]);
    const heard: string[] = [];
    posts.post('t1', '42', summary('**Hand 1 over**'), () => heard.push('hand 1'));
    posts.post('t1', '42', summary('**Hand 2 over**'), () => heard.push('hand 2'));
    await posts.settled();
    expect(heard).toEqual(['hand 1']);
  });

  it('tries a post Discord failed for now again, with the same nonce, until it stands', async () => {
    const { posts, sent, warnings, waits } = setup([503, 502, null]);
    posts.post('t1', '42', summary('**Hand 1 over**'));
    await posts.settled();
    expect(sent.map((s) => s.route)).toEqual([
      '/channels/42/messages',
      '/channels/42/messages',
      '/channels/42/messages',
    ]);
    expect(new Set(sent.map((s) => s.body.nonce)).size).toBe(1);
    expect(sent.every((s) => s.body.enforce_nonce && s.body.content === '**Hand 1 over**')).toBe(true);
    // 1 s, then 2 s (the jitter's middle); one warning for the streak, not one a try.
    expect(waits).toEqual([1_000, 2_000]);
    expect(warnings).toEqual([expect.objectContaining({ tableId: 't1', failures: 1, retrying: true })]);
  });

  it('keeps a table’s story in order: the next post waits for the one being tried again', async () => {
    const { posts, sent } = setup([503, null, null, null]);
    posts.post('t1', '1', summary('hand 1'));
    posts.post('t1', '1', summary('hand 2'));
    posts.post('t2', '2', summary('other table'));
    await posts.settled();
    const t1 = sent.filter((s) => s.route === '/channels/1/messages').map((s) => s.body.content);
    expect(t1).toEqual(['hand 1', 'hand 1', 'hand 2']);
    // Each post has its own nonce.
    expect(new Set(sent.map((s) => s.body.nonce)).size).toBe(3);
  });

  it('does not try again what would fail again (a 4xx), once Discord forgot the nonce, or at shutdown', async () => {
    const refused = setup([403]);
    refused.posts.post('t1', '1', summary('x'));
    await refused.posts.settled();
    expect(refused.sent).toHaveLength(1);
    expect(refused.warnings).toEqual([expect.objectContaining({ failures: 1 })]);
    expect(refused.warnings[0]).not.toHaveProperty('retrying');

    const clock = { now: 0 };
    const late = setup([503, 503, 503, 503, 503, 503, 503, 503, 503, 503], clock);
    late.posts.post('t1', '1', summary('x'));
    await late.posts.settled();
    // Waits of 1, 2, 4 ... 30 s add up past two minutes: the try after that is the last.
    expect(late.waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(POST_RETRY_WINDOW_MS);
    expect(late.sent.length).toBe(late.waits.length + 1);
    expect(late.warnings.at(-1)).not.toHaveProperty('retrying');

    // A shutdown while a post waits for its next try: it wakes it, and no try follows.
    const { sent: tried, rest } = scriptedRest([503, null]);
    let waiting: () => void = () => {};
    const asleep = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const logger = { warn: () => {} } as unknown as Logger;
    const waker = new StoryPosts(rest as never, new Outbox({ ratePerSecond: 1_000 }), logger, {
      // A wait that never ends by itself: only the shutdown can end it.
      wait: () => {
        waiting();
        return new Promise(() => {});
      },
    });
    waker.post('t1', '1', summary('x'));
    await asleep;
    await waker.drain();
    expect(tried).toHaveLength(1);

    const stopping = setup([503, null]);
    const drained = stopping.posts.drain();
    stopping.posts.post('t1', '1', summary('x'));
    await drained;
    await stopping.posts.drain();
    expect(stopping.sent).toHaveLength(1);
  });
});
