/**
 * Payloads that break Discord's own schema, sent to the real bot process (`npm start`'s code, as
 * chaos runs it) through the local Discord: each costs that event, never the process. Every shape
 * of the catalogue (src/localDiscord/malformed.ts) and seeded random mutations of well-formed
 * payloads leave the process alive and the next legitimate interaction answered, and each is
 * answered or refused with one log line (no token, nothing typed). Without the door a third of
 * the shapes ended the process (33 of 84 when it was written). A restart with such an event pending
 * (Discord delivering it to the new session) refuses it once and does not crash or loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../bench/fuzzInput.js';
import { MALFORMED_LINE, MalformedBot } from '../../bench/malformedBot.js';
import { malformedText } from '../../src/discord/door/rawInteraction.js';
import { MALFORMED_SHAPES, mutateAtRandom } from '../../src/localDiscord/index.js';
import { eventually } from '../support/discordFixture.js';

let run: MalformedBot;
const tokens: string[] = [];

beforeAll(async () => {
  run = await MalformedBot.start();
});
afterAll(async () => {
  await run?.close();
});

/** Shapes the door lets through (within what it checks): they are handled as any interaction. */
const PASSED_ON = new Set([
  'locale huge',
  'option value huge',
  'autocomplete focused value a number',
  'command name huge',
  'option name of 2,100 characters',
  'custom_id huge',
]);

/** Whether a refused payload is owed an answer: a string id and token to answer to, a type that expects one. */
function owed(raw: unknown): boolean {
  const r = (raw ?? {}) as { id?: unknown; token?: unknown; type?: unknown };
  return (
    typeof r.id === 'string' &&
    typeof r.token === 'string' &&
    r.token !== '' &&
    [2, 3, 4, 5].includes(r.type as number)
  );
}

describe('every malformed shape costs that event, never the process', () => {
  it.each(MALFORMED_SHAPES.map((s) => [s.name, s] as const))('%s', async (name, shape) => {
    const raw = shape.mutate(run.base(shape.base));
    const token = (raw as { token?: unknown } | null)?.token;
    if (typeof token === 'string' && token !== '') tokens.push(token);
    const { fate, handle } = await run.send(raw);
    expect(['answered', 'refused']).toContain(fate);
    expect(run.alive).toBe(true);
    expect(run.crashes).toBe(0);
    if (!PASSED_ON.has(name)) {
      // Refused at the door: its one line, and the sentence (or no suggestions) when it is owed one.
      const id = handle.id?.slice(0, 32);
      // The line comes through the process's output, which may arrive after its callback did.
      const linesOf = () => run.lines.filter((l) => l.msg === MALFORMED_LINE && l.interaction === id);
      if (id !== undefined) {
        await eventually(() => (linesOf().length > 0 ? true : undefined), `the malformed line of ${name}`);
        expect(linesOf()).toHaveLength(1);
      }
      if (owed(raw)) {
        const call = await handle.callback();
        const body = call.body as { type: number; data: { content?: string; choices?: unknown[] } };
        if (shape.base === 'autocomplete') expect(body).toEqual({ type: 8, data: { choices: [] } });
        else expect(body).toEqual({ type: 4, data: { content: malformedText('en'), flags: 64 } });
      } else expect(handle.answered).toBe(false);
    }
    expect(await run.legitAnswered()).toBe(true);
  });

  it('a German user is told in German', async () => {
    const raw = { ...run.base('click', run.users[1]), message: null };
    const { handle } = await run.send(raw);
    const call = await handle.callback();
    expect((call.body as { data: { content: string } }).data.content).toBe(malformedText('de'));
  });

  it('nothing failed in the bot, and no token or anything typed reached the log', () => {
    expect(run.lines.filter((l) => l.level >= 50)).toEqual([]);
    const text = JSON.stringify(run.lines);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('S2 S2');
    expect(text).not.toContain('"cards"');
  });
});

describe('seeded random mutations of well-formed payloads', () => {
  it('60 of them (a field dropped, nulled or of the wrong type): each answered or refused, the bot alive', async () => {
    const rng = new Rng('malformed-suite');
    const kinds = ['slash', 'subcommand', 'autocomplete', 'click', 'select', 'modal', 'userMenu'] as const;
    const unaccounted: string[] = [];
    for (let i = 0; i < 60; i++) {
      const raw = run.base(kinds[rng.int(kinds.length)] ?? 'slash');
      const change = mutateAtRandom(raw, () => rng.next());
      const { fate } = await run.send(raw);
      if (fate !== 'answered' && fate !== 'refused') unaccounted.push(`${change}: ${fate}`);
    }
    expect(unaccounted).toEqual([]);
    expect(run.crashes).toBe(0);
    expect(run.lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(await run.legitAnswered()).toBe(true);
  });
});

describe('a restart with a malformed event pending', () => {
  it('the restarted bot gets it first, refuses it once, and neither crashes nor loops', async () => {
    await run.stop();
    const raw = run.base('slash');
    (raw.data as { options: unknown[] }).options = [null];
    const handle = run.discord.injectInteraction(raw);
    expect(handle.delivery).toBe('held');
    const from = run.lines.length;
    const firstPid = run.pid;
    expect(await run.restart()).toBe(true);
    expect(run.pid).not.toBe(firstPid);
    const refusal = await eventually(
      () => run.lines.slice(from).find((l) => l.msg === MALFORMED_LINE && l.interaction === handle.id),
      'the refusal of the pending event',
    );
    expect(refusal.paths).toEqual(['data.options.0']);
    expect(run.discord.gateway.heldCount).toBe(0);
    // Up a while later, started once: no crash, no restart loop, and the next interaction answered.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(run.alive).toBe(true);
    expect(run.crashes).toBe(0);
    const since = run.lines.slice(from);
    expect(since.filter((l) => l.msg === 'connected to Discord')).toHaveLength(1);
    expect(since.filter((l) => l.msg === MALFORMED_LINE)).toHaveLength(1);
    expect(await run.legitAnswered()).toBe(true);
    // It came before any other interaction on the new session.
    const first = since.findIndex((l) => l.msg === MALFORMED_LINE || l.msg === 'interaction');
    expect(since[first]?.msg).toBe(MALFORMED_LINE);
  });
});
