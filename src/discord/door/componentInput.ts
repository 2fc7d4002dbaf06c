/**
 * Buttons and menus checked at the door, with zod: each verb's arguments in the custom id, the
 * kind of component it belongs to, and the values a menu sent (card codes, a play, a rank). A
 * component handler only sees input of the shape its verb encodes.
 */
import { z } from 'zod';
import { DECK } from '../../engine/index.js';
import { type ParsedId, parseId, VERBS, type Verb } from '../customIds.js';
import { KIND_KEY } from '../playMenu.js';

/** A checked component: its id, and the menu's values (none for a button). */
export interface ComponentInput extends ParsedId {
  readonly values: readonly string[];
}

export type ComponentVerdict =
  | { readonly ok: true; readonly input: ComponentInput }
  /** `ours`: the id is shaped like this bot's (forged or broken); else from another version of it. */
  | {
      readonly ok: false;
      readonly ours: boolean;
      readonly what: string;
      /** The table the id names, when it names one (its verb's arguments or values were wrong). */
      readonly tableId?: string;
    };

const BUTTON = 2;
const STRING_SELECT = 3;

/** One card: two base-36 characters naming a card of the deck. */
const cardCode = z
  .string()
  .regex(/^[0-9a-z]{2}$/)
  .refine((code) => Number.parseInt(code, 36) < DECK.length);
const rank = z
  .string()
  .regex(/^\d{1,2}$/)
  .refine((r) => Number(r) >= 2 && Number(r) <= 14);
const seat = z.enum(['0', '1', '2', '3']);
/** Up to 14 different cards in a row. */
const cards = z
  .string()
  .regex(/^(?:[0-9a-z]{2}){1,14}$/)
  .refine((text) => {
    const codes = text.match(/../g) ?? [];
    return new Set(codes).size === codes.length && codes.every((c) => cardCode.safeParse(c).success);
  });
/** The three exchange picks: a card or "--" for each. */
const picks = z
  .string()
  .regex(/^(?:[0-9a-z]{2}|--){3}$/)
  .refine((text) => (text.match(/../g) ?? []).every((c) => c === '--' || cardCode.safeParse(c).success));
const nonce = z.string().regex(/^[a-z0-9]{1,40}$/);
const none = z.tuple([]);
const play = z.string().refine((value) => {
  const [encoded, phoenix, ...more] = value.split('-');
  return (
    more.length === 0 &&
    cards.safeParse(encoded).success &&
    (phoenix === undefined || rank.safeParse(phoenix).success)
  );
});

interface Shape {
  readonly component: typeof BUTTON | typeof STRING_SELECT;
  readonly args: z.ZodType;
  /** A menu's values (a button sends none). */
  readonly values?: z.ZodType;
}

const button = (args: z.ZodType): Shape => ({ component: BUTTON, args });
const menu = (args: z.ZodType, values: z.ZodType): Shape => ({ component: STRING_SELECT, args, values });

const SHAPES: Readonly<Record<Verb, readonly Shape[]>> = {
  join: [button(none)],
  leave: [button(none)],
  start: [button(none)],
  back: [button(none)],
  pass: [button(none)],
  hand: [
    button(
      z.union([
        none,
        z.tuple([z.literal('bomb')]),
        // The Tichu call asked (tichuButtons.ts), or let be: with the exchange picks on that panel.
        z.tuple([z.enum(['tichu', 'keep'])]),
        z.tuple([z.enum(['tichu', 'keep']), picks]),
      ]),
    ),
    // The kinds menu when plays are split by kind: the kind chosen ("single", "straight5"...).
    menu(z.tuple([z.literal('kind')]), z.tuple([z.string().regex(KIND_KEY)])),
  ],
  tichu: [button(z.union([none, z.tuple([picks])]))],
  gt: [button(z.tuple([z.enum(['0', '1'])]))],
  gift: [button(z.tuple([seat]))],
  take: [button(z.tuple([seat]))],
  seatok: [button(z.tuple([seat, nonce]))],
  seatno: [button(z.tuple([seat, nonce]))],
  play: [button(z.union([z.tuple([cards]), z.tuple([cards, rank])]))],
  ex: [button(z.tuple([picks.refine((p) => !p.includes('--'))]))],
  wish: [button(z.tuple([z.literal('0')])), menu(none, z.tuple([rank]))],
  pick: [
    menu(
      none,
      z
        .array(cardCode)
        .min(1)
        .max(14)
        .refine((v) => new Set(v).size === v.length),
    ),
  ],
  lp: [menu(none, z.tuple([play]))],
  exs: [menu(z.tuple([z.enum(['0', '1', '2']), picks]), z.tuple([cardCode]))],
};

/** What a menu's values name, for "That … is not valid." */
const VALUE_WORDS: Partial<Record<Verb, string>> = {
  wish: 'wish',
  pick: 'card choice',
  lp: 'play',
  hand: 'kind of play',
  exs: 'exchange choice',
};

/** Checks a component interaction's custom id, component type and values. */
export function readComponent(
  customId: string,
  componentType: number,
  values: readonly string[],
): ComponentVerdict {
  const what = componentType === STRING_SELECT ? 'menu' : 'button';
  const id = parseId(customId);
  if (!id) return { ok: false, ours: looksOurs(customId), what };
  const shapes = SHAPES[id.verb].filter((s) => s.component === componentType);
  const shape = shapes.find((s) => s.args.safeParse(id.args).success);
  if (!shape) return { ok: false, ours: true, what, tableId: id.tableId };
  if (shape.values && !shape.values.safeParse(values).success)
    return { ok: false, ours: true, what: VALUE_WORDS[id.verb] ?? 'choice', tableId: id.tableId };
  return { ok: true, input: { ...id, values: shape.values ? values : [] } };
}

/** An id that starts like this bot's (a verb, or `verb:table:version`), rather than some older scheme. */
function looksOurs(customId: string): boolean {
  const first = customId.split(':')[0] ?? '';
  return (VERBS as readonly string[]).includes(first) || /^[a-z]+:[a-z0-9]{8}:\d+/.test(customId);
}
