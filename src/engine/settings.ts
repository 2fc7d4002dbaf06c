/** Table settings: the rule flags of docs/RULES.md with their defaults, and the target score. */

export interface Settings {
  /** The match ends after a hand where a team has reached this score. */
  readonly targetScore: number;
  /** A Tichu may be called after someone is already out (it can only fail). */
  readonly callsAfterFirstOut: boolean;
  /** The Mah Jong's player may name no wish. */
  readonly wishOptional: boolean;
  /** A bomb without the wished rank may be played even when the wish could be fulfilled. */
  readonly bombIgnoresWish: boolean;
  /**
   * Grand Tichu is offered after eight cards. Off (as championships play, and events by default):
   * all fourteen cards are dealt at once and the hand starts at the exchange.
   */
  readonly grandTichu: boolean;
  /**
   * When set, the match ends after this many hands whatever the score (an event's round of boards);
   * the higher total wins, an equal total is a draw (no winner). Null: play to `targetScore`.
   */
  readonly handLimit: number | null;
}

export const DEFAULT_SETTINGS: Settings = {
  targetScore: 1000,
  callsAfterFirstOut: true,
  wishOptional: true,
  bombIgnoresWish: true,
  grandTichu: true,
  handLimit: null,
};

export const MIN_TARGET_SCORE = 50;
export const MAX_TARGET_SCORE = 10_000;
/** The most hands a match with a hand limit may have (an event round is a few boards). */
export const MAX_HAND_LIMIT = 32;

/** Fills in defaults; clamps nothing silently: an out-of-range target is reported by the caller. */
export function makeSettings(partial: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, ...partial };
}

/** What is wrong with settings, with the bounds a sentence about it needs. */
export type SettingsProblem =
  | { readonly kind: 'target'; readonly min: number; readonly max: number }
  | { readonly kind: 'handLimit'; readonly min: number; readonly max: number };

/** The problem of `settings`, or null when they can be played. */
export function settingsDetail(settings: Settings): SettingsProblem | null {
  const t = settings.targetScore;
  if (!Number.isInteger(t) || t < MIN_TARGET_SCORE || t > MAX_TARGET_SCORE)
    return { kind: 'target', min: MIN_TARGET_SCORE, max: MAX_TARGET_SCORE };
  const limit = settings.handLimit;
  if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_HAND_LIMIT))
    return { kind: 'handLimit', min: 1, max: MAX_HAND_LIMIT };
  return null;
}
