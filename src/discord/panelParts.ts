/** The building blocks of a player's panel: its options, the row and button shapes, card options. */
import type { Card } from '../engine/index.js';
import { cardEmojiField, cardText } from './cardText.js';
import { encodeCards } from './customIds.js';
import type { Ui } from './ui.js';

export interface PanelOptions {
  /** A line at the top: a refusal, or what just happened (in the panel's language). */
  readonly notice?: string;
  /** Cards picked in the multi-select, waiting for "Play". */
  readonly picked?: readonly Card[];
  /** Exchange picks so far: for next, partner, previous. */
  readonly exchange?: readonly [Card | null, Card | null, Card | null];
  /** The last exchange pick took its card from another player's slot: which slots (0 next, 1 partner, 2 previous). */
  readonly exchangeMoved?: { readonly from: number; readonly to: number };
  /** Several Phoenix readings of the picked cards are legal: ask which (labels in the panel's language). */
  readonly readings?: ReadonlyArray<{ cards: readonly Card[]; phoenixAs: number; label: string }>;
  /** The player asked to bomb: the plays menu offers only bombs. */
  readonly bombsOnly?: boolean;
  /** The kind of play chosen in the kinds menu (plays split by kind): its plays are offered. */
  readonly kind?: string;
  /** The player clicked Tichu!: the panel asks to confirm the call (tichuButtons.ts). */
  readonly confirmTichu?: boolean;
}

export type Row = Record<string, unknown>;

/**
 * One card as a select option (the exchange selects and the card picker): its label is text, as
 * Discord needs (no custom emoji markup in a label), in the reader's language. Made once per card,
 * language, card faces and choice, and frozen: a panel shows up to 56 of them, and no payload is
 * changed once made (renderPanel.ts).
 */
export function cardOption(card: Card, ui: Ui, chosen: boolean): Row {
  const key = `${ui.lang}:${chosen ? 1 : 0}:${card}`;
  const made = optionsFor(ui.faces);
  const known = made.get(key);
  if (known) return known;
  const emoji = cardEmojiField(card, ui);
  const option: Row = Object.freeze({
    label: cardText(card, ui.lang),
    value: encodeCards([card]),
    // Only when chosen: Discord reads a missing `default` as false (42 options on an exchange panel).
    ...(chosen ? { default: true } : {}),
    ...(emoji ? { emoji: Object.freeze(emoji) } : {}),
  });
  made.set(key, option);
  return option;
}

/** Card options made so far, per set of card faces (a redeploy of the emoji makes a new set). */
const optionsByFaces = new WeakMap<NonNullable<Ui['faces']>, Map<string, Row>>();
const textOptions = new Map<string, Row>();

function optionsFor(faces: Ui['faces']): Map<string, Row> {
  if (faces === null) return textOptions;
  let made = optionsByFaces.get(faces);
  if (!made) {
    made = new Map();
    optionsByFaces.set(faces, made);
  }
  return made;
}

export function button(
  label: string,
  customId: string,
  style: 1 | 2 | 3 | 4,
  emoji?: string,
  disabled = false,
): Row {
  return {
    type: 2,
    style,
    label,
    custom_id: customId,
    ...(emoji ? { emoji: { name: emoji } } : {}),
    ...(disabled ? { disabled } : {}),
  };
}
