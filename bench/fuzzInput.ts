/**
 * Random interactions for the fuzz (bench/fuzz.ts): commands with random options (right and wrong
 * types, values in and out of range and choices, texts of every length, unknown options and
 * subcommands), autocomplete, context menus, unknown commands, components with forged custom ids
 * and values on every component type, and modal submits. Seeded: the same seed, the same inputs.
 */
import type { APIApplicationCommandOption } from 'discord.js';
import type { Forged } from '../src/localDiscord/interactions.js';

type Json = Record<string, unknown>;

/** A small seeded generator (mulberry32 over a hash of the seed text). */
export class Rng {
  private state: number;

  constructor(seed: string) {
    let h = 1779033703 ^ seed.length;
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    this.state = h >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** What the generator may refer to: the people, the messages and the tables it can see. */
export interface FuzzWorld {
  readonly userIds: readonly string[];
  readonly messageIds: readonly string[];
  readonly tableIds: readonly string[];
  readonly version: number;
}

const WORDS = ['', 'a', '7st', '7st 7jd', 'phoenix 9sw as:9', 'dragon', 'mahjong', 'dog', 'Kjd Kst', '10pg'];
const ODD = [
  '12',
  '-1',
  '0',
  '1e3',
  '99',
  '5x',
  'zz',
  'NaN',
  '<@1>',
  '@everyone',
  '🃏',
  "'; DROP TABLE t;--",
  'a\nb',
];

export function randomText(rng: Rng): string {
  const roll = rng.int(10);
  if (roll < 3) return rng.pick(WORDS);
  if (roll < 6) return rng.pick(ODD);
  if (roll < 8) return rng.pick(WORDS).repeat(1 + rng.int(40));
  // Long texts, past every limit the bot or Discord has.
  return 'x'.repeat(rng.pick([99, 100, 101, 2000, 2001, 3000, 6001]));
}

/** A value of any type: what a stale registration or a modified client could send. */
function anyValue(rng: Rng, world: FuzzWorld): unknown {
  switch (rng.int(6)) {
    case 0:
      return randomText(rng);
    case 1:
      return rng.pick([0, 1, 2, 3, 4, 5, -1, 1.5, 14, 15, 50, 100, 10_000, 2 ** 53, -(2 ** 31)]);
    case 2:
      return rng.chance(0.5);
    case 3:
      return rng.pick(world.userIds);
    case 4:
      return String(rng.pick([1, 2, 3, 4, 9]));
    default:
      return rng.pick(['A', 'B', 'C', 'on', 'off', 'maybe', 'add', 'remove', 'hard', 'expert', 'junk']);
  }
}

/** A value fit for the option: one of its choices, in its range, a member (most of the time). */
function fitValue(rng: Rng, option: APIApplicationCommandOption, world: FuzzWorld): unknown {
  const o = option as unknown as Json & { type: number; choices?: Array<{ value: unknown }> };
  if (o.choices?.length) return rng.pick(o.choices).value;
  switch (o.type) {
    case 3:
      return rng.pick(WORDS);
    case 4:
    case 10: {
      const min = (o.min_value as number | undefined) ?? 0;
      const max = (o.max_value as number | undefined) ?? min + 20;
      return min + rng.int(Math.max(1, Math.min(max - min + 1, 50)));
    }
    case 5:
      return rng.chance(0.5);
    case 6:
      return rng.pick(world.userIds);
    default:
      return rng.pick(world.userIds);
  }
}

function optionsFor(rng: Rng, spec: readonly APIApplicationCommandOption[], world: FuzzWorld): Json[] {
  const out: Json[] = [];
  for (const option of spec) {
    const required = 'required' in option && option.required === true;
    if (!rng.chance(required ? 0.9 : 0.5)) continue;
    const wild = rng.chance(0.3);
    const type = wild && rng.chance(0.3) ? rng.pick([3, 4, 5, 6, 10]) : option.type;
    out.push({ type, name: option.name, value: wild ? anyValue(rng, world) : fitValue(rng, option, world) });
  }
  if (rng.chance(0.05))
    out.push({ type: 3, name: rng.pick(['colour', 'seat', 'x']), value: randomText(rng) });
  return out;
}

/** A slash command: mostly the bot's own with random options, sometimes an unknown one or subcommand. */
export function randomCommand(rng: Rng, commands: readonly Json[], world: FuzzWorld): Forged {
  if (rng.chance(0.03)) return { kind: 'command', name: rng.pick(['teleport', 'tichu2', 'admin']) };
  const command = rng.pick(commands) as Json & { name: string; options?: APIApplicationCommandOption[] };
  const spec = command.options ?? [];
  const subs = spec.filter((o) => o.type === 1);
  if (subs.length === 0)
    return { kind: 'command', name: command.name, options: optionsFor(rng, spec, world) };
  if (rng.chance(0.03))
    return { kind: 'command', name: command.name, options: [{ type: 1, name: 'frobnicate', options: [] }] };
  const sub = rng.pick(subs) as APIApplicationCommandOption & { options?: APIApplicationCommandOption[] };
  return {
    kind: 'command',
    name: command.name,
    options: [{ type: 1, name: sub.name, options: optionsFor(rng, sub.options ?? [], world) }],
  };
}

/** Autocomplete of any command, any option focused, with any text. */
export function randomAutocomplete(rng: Rng, commands: readonly Json[]): Forged {
  const command = rng.pick(commands) as Json & { name: string; options?: APIApplicationCommandOption[] };
  const focused = {
    type: 3,
    name: rng.chance(0.8) ? 'cards' : 'seat',
    value: randomText(rng),
    focused: true,
  };
  const subs = (command.options ?? []).filter((o) => o.type === 1);
  const options = subs.length > 0 ? [{ type: 1, name: rng.pick(subs).name, options: [focused] }] : [focused];
  return { kind: 'autocomplete', name: rng.chance(0.9) ? command.name : 'teleport', options };
}

/** Context menus (user and message), the entry point, and modal submits: the bot has none of them. */
export function randomOther(rng: Rng, world: FuzzWorld): Forged {
  const message = world.messageIds.length > 0 ? rng.pick(world.messageIds) : undefined;
  switch (rng.int(4)) {
    case 0:
      return { kind: 'command', name: 'Stats', commandType: 2, targetId: rng.pick(world.userIds) };
    case 1:
      if (message) return { kind: 'command', name: 'Report', commandType: 3, targetId: message };
      return { kind: 'command', name: 'launch', commandType: 4 };
    case 2:
      return { kind: 'command', name: 'launch', commandType: 4 };
    default:
      return {
        kind: 'modal',
        customId: rng.chance(0.5)
          ? randomText(rng).slice(0, 100)
          : `pass:${rng.pick(world.tableIds.concat('abcd1234'))}:0`,
        fields: { text: randomText(rng) },
        ...(message && rng.chance(0.5) ? { messageId: message } : {}),
      };
  }
}

const VERBS = [
  'join',
  'leave',
  'start',
  'hand',
  'pick',
  'lp',
  'play',
  'pass',
  'tichu',
  'gt',
  'exs',
  'ex',
  'wish',
  'gift',
  'back',
  'take',
  'seatok',
  'seatno',
  'lb',
  'tl',
  'steal',
];
const ARGS = [
  '',
  '0',
  '1',
  '2',
  '3',
  '7',
  '14',
  '15',
  'bomb',
  'kind',
  '------',
  '0001--',
  '000102',
  '00',
  '0a0b',
  'zz',
  '12-7',
  'a'.repeat(41),
  'A',
  'x y',
];

/** A component with a forged custom id and values, on a message the user can see, of any type. */
export function randomComponent(rng: Rng, world: FuzzWorld, messageId: string): Forged {
  const table = world.tableIds.length > 0 && rng.chance(0.85) ? rng.pick(world.tableIds) : 'zzzz9999';
  const version = rng.chance(0.7) ? world.version : rng.pick([0, world.version + 1, 999_999_999, -1]);
  const args = Array.from({ length: rng.int(3) }, () => rng.pick(ARGS));
  const customId = rng.chance(0.9)
    ? [rng.pick(VERBS), table, version, ...args].join(':')
    : randomText(rng).slice(0, rng.chance(0.9) ? 100 : 200);
  const componentType = rng.pick([2, 2, 3, 3, 3, 5, 6, 7, 8] as const);
  const values = Array.from({ length: rng.int(4) }, () =>
    rng.pick([
      ...ARGS,
      '2',
      '5',
      '99',
      '5x',
      '12',
      '00',
      '0d',
      '1k',
      'single',
      'straight5',
      'pairs6',
      'bomb',
    ]),
  );
  return { kind: 'component', messageId, customId, componentType, values };
}

/** A component a user sees on a message: its type, custom id and options (for `mutateComponent`). */
export interface SeenComponent {
  readonly type: number;
  readonly customId: string;
  readonly values: readonly string[];
}

/** A card of the deck as the custom ids and menu values write it: two base-36 digits of its index. */
function anyCardCode(rng: Rng): string {
  return rng.int(60).toString(36).padStart(2, '0');
}

/**
 * A real component the user sees, mutated as a modified client would: the version moved, the
 * table id swapped for another table's, an argument changed (another seat, other cards, a digit
 * more), or menu values that are not among its options (other players' cards, repeats, too many).
 */
export function mutateComponent(
  rng: Rng,
  world: FuzzWorld & { readonly otherTableIds: readonly string[] },
  messageId: string,
  seen: SeenComponent,
): Forged {
  const [verb = '', table = '', version = '0', ...args] = seen.customId.split(':');
  const parts = { verb, table, version, args: [...args] };
  switch (rng.int(5)) {
    case 0:
      parts.version = String(rng.pick([Number(version) - 1, Number(version) + 1, 0, world.version + 1]));
      break;
    case 1:
      parts.table = rng.pick(world.otherTableIds.length > 0 ? world.otherTableIds : ['zzzz9999']);
      break;
    case 2: {
      const i = rng.int(Math.max(1, parts.args.length));
      parts.args[i] = rng.pick([
        String(rng.int(6)),
        anyCardCode(rng) + anyCardCode(rng),
        `${parts.args[i] ?? ''}${anyCardCode(rng)}`,
        (parts.args[i] ?? '').slice(1),
        '-',
      ]);
      break;
    }
    case 3:
      parts.verb = rng.pick(VERBS);
      break;
    default:
      break; // the values alone
  }
  const customId = [parts.verb, parts.table, parts.version, ...parts.args].join(':');
  const values =
    seen.type === 3
      ? Array.from({ length: 1 + rng.int(4) }, () =>
          rng.chance(0.5) && seen.values.length > 0
            ? rng.pick(seen.values)
            : rng.pick([
                anyCardCode(rng),
                anyCardCode(rng) + anyCardCode(rng),
                `${anyCardCode(rng)}-${rng.int(16)}`,
              ]),
        )
      : [];
  return { kind: 'component', messageId, customId, componentType: seen.type === 3 ? 3 : 2, values };
}
