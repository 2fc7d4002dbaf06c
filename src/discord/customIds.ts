/**
 * Custom ids: `<verb>:<tableId>:<version>[:<arg>...]`, at most 100 characters. They are user input:
 * parsed strictly, never trusted for identity (that comes only from interaction.user.id).
 */
import { type Card, cardIndex, DECK, isCard } from '../engine/index.js';

export const VERBS = [
  'join', // lobby: join the table
  'leave', // lobby: leave
  'start', // lobby: the host starts
  'hand', // show or refresh my hand panel
  'pick', // select: cards picked for a play
  'lp', // select: one of the legal plays
  'play', // play the picked cards (arg: encoded cards, optional Phoenix rank)
  'pass',
  'tichu',
  'gt', // Grand Tichu decision (arg: 1 or 0)
  'exs', // exchange select (args: slot, current picks)
  'ex', // exchange confirm (arg: picks)
  'wish', // wish select or "no wish" button
  'gift', // Dragon gift (arg: seat)
  'back', // I'm back: an away seat is its player's again
  'take', // table message: ask to take an away or bot seat (arg: seat)
  'seatok', // a seat request: approve (args: seat, the request's nonce)
  'seatno', // a seat request: decline or withdraw (args: seat, nonce)
] as const;
export type Verb = (typeof VERBS)[number];

export interface ParsedId {
  readonly verb: Verb;
  readonly tableId: string;
  readonly version: number;
  readonly args: readonly string[];
}

const TABLE_ID = /^[a-z0-9]{8}$/;

export function encodeId(
  verb: Verb,
  tableId: string,
  version: number,
  ...args: Array<string | number>
): string {
  const id = [verb, tableId, String(version), ...args.map(String)].join(':');
  // The id may carry a hand's cards: the error names its verb and length only, never its text.
  if (id.length > 100) throw new Error(`custom id for "${verb}" over 100 characters (${id.length})`);
  return id;
}

export function parseId(raw: string): ParsedId | null {
  if (raw.length > 100) return null;
  const [verb, tableId, version, ...args] = raw.split(':');
  if (!verb || !(VERBS as readonly string[]).includes(verb)) return null;
  if (!tableId || !TABLE_ID.test(tableId)) return null;
  if (!version || !/^\d{1,9}$/.test(version)) return null;
  if (args.some((a) => !/^[a-z0-9-]{0,40}$/.test(a))) return null;
  return { verb: verb as Verb, tableId, version: Number(version), args };
}

/** Cards as two base-36 characters each (their deck index): 14 cards fit in 28 characters. */
export function encodeCards(cards: readonly Card[]): string {
  return cards.map((card) => cardIndex(card).toString(36).padStart(2, '0')).join('');
}

/** The three exchange picks as one id argument: a card's code, or "--" for a slot not chosen. */
export function encodePicks(picks: readonly (Card | null)[]): string {
  return picks.map((c) => (c ? encodeCards([c]) : '--')).join('');
}

export function decodeCards(text: string): Card[] | null {
  if (text.length > 28 || !/^(?:[0-9a-z]{2})*$/.test(text)) return null;
  const cards: Card[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const index = Number.parseInt(text.slice(i, i + 2), 36);
    const card = DECK[index];
    if (!Number.isInteger(index) || card === undefined || cards.includes(card)) return null;
    cards.push(card);
  }
  return cards;
}

/** A select value naming a play: encoded cards, then "-" and the Phoenix rank when it matters. */
export function encodePlay(cards: readonly Card[], phoenixAs?: number): string {
  return phoenixAs === undefined ? encodeCards(cards) : `${encodeCards(cards)}-${phoenixAs}`;
}

export function decodePlay(value: string): { cards: Card[]; phoenixAs?: number } | null {
  const [encoded, phoenix] = value.split('-');
  const cards = decodeCards(encoded ?? '');
  if (!cards || cards.length === 0 || !cards.every(isCard)) return null;
  if (phoenix === undefined) return { cards };
  const phoenixAs = Number(phoenix);
  return Number.isInteger(phoenixAs) && phoenixAs >= 2 && phoenixAs <= 14 ? { cards, phoenixAs } : null;
}
