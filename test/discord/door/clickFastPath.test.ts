/**
 * The first door's quick yes for clicks (src/discord/door/clickFastPath.ts) against its zod schema:
 * it says yes to the clicks and menu picks the local Discord sends, in a server and with the fields
 * Discord documents, and whatever it says yes to, the schema accepts too: over every malformed shape
 * of the catalogue and over random changes at every depth of real payloads.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainClick } from '../../../src/discord/door/clickFastPath.js';
import { checkRawInteraction, schemaAccepts } from '../../../src/discord/door/rawInteraction.js';
import { LocalDiscord, MALFORMED_SHAPES, type ScriptedUser } from '../../../src/localDiscord/index.js';
import { storeMessage } from '../../../src/localDiscord/restMessages.js';

let discord: LocalDiscord;
let ann: ScriptedUser;
let channelId = '';
let messageId = '';

beforeAll(async () => {
  discord = await LocalDiscord.start();
  const { guild, channels } = discord.addGuild('Door Club', ['door']);
  channelId = (channels[0] as { id: string }).id;
  ann = discord.addUser('Ann');
  const options = Array.from({ length: 14 }, (_, i) => ({ label: `Card ${i}`, value: `c${i}` }));
  const rows = [
    { type: 1, components: [{ type: 2, custom_id: 'hand:1:0', label: 'My hand', style: 1 }] },
    { type: 1, components: [{ type: 3, custom_id: 'menu:1', options, min_values: 1, max_values: 3 }] },
  ];
  messageId = storeMessage(
    discord.hub,
    {
      channelId,
      guildId: guild.id,
      authorId: discord.applicationId,
      visibleTo: null,
      interactionId: null,
      webhookId: null,
    },
    { content: 'table', embeds: [{ title: 'Tichu' }], components: rows, attachments: [], flags: 0 },
  ).id;
});
afterAll(async () => {
  await discord?.close();
});

const click = (): Record<string, unknown> => ann.draftClick(messageId, 'hand:1:0');
const select = (): Record<string, unknown> =>
  ann.draftForge(channelId, {
    kind: 'component',
    messageId,
    customId: 'menu:1',
    componentType: 3,
    values: ['c1', 'c2'],
  });

describe('the quick yes', () => {
  it('is said to the clicks and menu picks the local Discord sends, which the schema accepts too', () => {
    for (const raw of [click(), select()]) {
      expect(isPlainClick(raw)).toBe(true);
      expect(schemaAccepts(raw)).toBe(true);
    }
  });

  it('is not said to other kinds, nor to clicks with resolved data: the schema judges those', () => {
    const withResolved = { ...select(), data: { ...(select().data as object), resolved: {} } };
    expect(isPlainClick(withResolved)).toBe(false);
    expect(isPlainClick({ ...click(), type: 2 })).toBe(false);
    expect(isPlainClick(null)).toBe(false);
    expect(isPlainClick([])).toBe(false);
  });

  it('is never said to a malformed shape of the catalogue the schema refuses', () => {
    const shapes = MALFORMED_SHAPES.filter((s) => s.base === 'click' || s.base === 'select');
    expect(shapes.length).toBeGreaterThanOrEqual(10);
    for (const shape of shapes) {
      const raw = shape.mutate(shape.base === 'click' ? click() : select());
      if (!schemaAccepts(raw))
        expect({ shape: shape.name, quick: isPlainClick(raw) }).toEqual({
          shape: shape.name,
          quick: false,
        });
    }
  });

  it('agrees with the schema under random changes at every depth: its yes is always the schema’s', () => {
    const bases = [click(), select()];
    const odd = fc.constantFrom<unknown>(
      undefined,
      null,
      0,
      -1,
      1.5,
      2 ** 60,
      Number.NaN,
      '',
      'x',
      '123',
      '1'.repeat(21),
      true,
      [],
      [null],
      ['1'],
      {},
      { id: '1' },
    );
    let quickYes = 0;
    fc.assert(
      fc.property(
        fc.nat(1),
        fc.array(fc.tuple(fc.nat(), odd), { minLength: 1, maxLength: 3 }),
        (b, changes) => {
          const raw = structuredClone(bases[b]) as Record<string, unknown>;
          for (const [pick, value] of changes) change(raw, pick, value);
          const quick = isPlainClick(raw);
          if (quick) quickYes++;
          expect(!quick || schemaAccepts(raw)).toBe(true);
          // And the door as a whole says what the schema says.
          expect(checkRawInteraction(raw).ok).toBe(schemaAccepts(raw));
        },
      ),
      { numRuns: 3000, seed: 29 },
    );
    // The changes do not all break it: the quick path is exercised on changed payloads too.
    expect(quickYes).toBeGreaterThan(100);
  });
});

/** Every place in a payload: [the object or array holding it, its key]. */
function places(node: unknown, out: Array<[Record<string, unknown>, string]> = []) {
  if (node === null || typeof node !== 'object') return out;
  for (const key of Object.keys(node)) {
    out.push([node as Record<string, unknown>, key]);
    places((node as Record<string, unknown>)[key], out);
  }
  return out;
}

/** Sets the `pick`th place (mod their number) to `value`, or deletes it for undefined. */
function change(raw: Record<string, unknown>, pick: number, value: unknown): void {
  const all = places(raw);
  const [holder, key] = all[pick % all.length] as [Record<string, unknown>, string];
  if (value === undefined) delete holder[key];
  else holder[key] = structuredClone(value);
}
