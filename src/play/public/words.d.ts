/** Types of words.js, the play page's own words, for TypeScript tests. */

export const LANGUAGES: readonly string[];
export function setLanguage(lang: unknown): string;
export function language(): string;
export function t(key: string, params?: Readonly<Record<string, unknown>>, lang?: string): string;
export function relativeTimeIn(lang: string, unixSeconds: number, nowMs: number): string;
