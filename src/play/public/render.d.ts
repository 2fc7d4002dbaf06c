/** Types of render.js, the play page's pure helpers, for TypeScript tests. */

export interface Named {
  readonly id: string;
  readonly name: string;
}

/** Names for mentions: a list of {id, name}, or an object from id to name. */
export type NameSource = readonly Named[] | Readonly<Record<string, string>>;

export interface MarkdownOptions {
  readonly users?: NameSource;
  readonly channels?: NameSource;
  /** "Now" for relative timestamps (default Date.now()). */
  readonly nowMs?: number;
  /** IANA time zone for absolute timestamps (default the runtime's). */
  readonly timeZone?: string;
}

export type TimestampStyle = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R';

export interface Emoji {
  readonly name?: string | null;
  readonly id?: string | null;
}

export const TIMESTAMP_STYLES: readonly TimestampStyle[];

export function escapeHtml(text: unknown): string;
export function markdownToHtml(text: string | null | undefined, options?: MarkdownOptions): string;
export function formatTimestamp(
  unixSeconds: number,
  style: TimestampStyle | string,
  nowMs: number,
  timeZone?: string,
): string;
export function relativeTime(unixSeconds: number, nowMs: number): string;
export function timestampHtml(
  unixSeconds: number,
  style: TimestampStyle | string,
  nowMs: number,
  timeZone?: string,
): string;
export function colorToHex(color: unknown): string | null;
export function buttonStyleName(style: unknown): string;
export function emojiText(emoji: Emoji | null | undefined): string;
export function emojiUrl(id: string): string;
export interface SelectOption {
  readonly label?: string;
  readonly value?: string;
  readonly description?: string;
  readonly emoji?: Emoji | null;
  readonly default?: boolean;
}
export function emojiHtml(emoji: Emoji | null | undefined): string;
export function optionHtml(option: SelectOption | null | undefined, withDescription?: boolean): string;
