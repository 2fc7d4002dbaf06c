/**
 * For tests of a player's panel in a language: snapshots of real engine states, every text a panel
 * shows, the English phrases a German panel must not show, and Discord's limits on a payload.
 */
import type { PlayerSnapshot, TableRecord } from '../../src/app/tableService.js';
import type { PanelPayload } from '../../src/discord/renderPanel.js';
import {
  type Action,
  apply,
  legalActions,
  type MatchState,
  type Seat,
  seatView,
} from '../../src/engine/index.js';
import { CATALOGUES, type Lang } from '../../src/i18n/index.js';
import { playingTable } from './records.js';

/** The seat's panel data as the table service builds it (`playerView`), at a table of `names`. */
export function snapshotAt(
  state: MatchState,
  seat: Seat,
  options: { names?: readonly string[]; table?: Partial<TableRecord>; deadline?: number } = {},
): PlayerSnapshot {
  const base = playingTable(state.settings);
  const seats = base.seats.map((s, n) =>
    s && options.names?.[n] !== undefined ? { ...s, name: options.names[n] } : s,
  ) as never;
  return {
    table: { ...base, seats, ...options.table },
    seat,
    view: seatView(state, seat),
    legal: legalActions(state, seat, { exchanges: false }),
    deadline: options.deadline ?? null,
  };
}

/** The state after `seat` does `action` (the test's script must be legal). */
export function stateAfter(state: MatchState, seat: Seat, action: Action): MatchState {
  const step = apply(state, seat, action);
  if (!step.ok) throw new Error(`${JSON.stringify(action)}: ${step.error.code}`);
  return step.value.state;
}

export interface Part {
  readonly type: number;
  readonly label?: string;
  readonly custom_id?: string;
  readonly placeholder?: string;
  readonly emoji?: { name?: string; id?: string };
  readonly options?: ReadonlyArray<{ label: string; value: string; description?: string; default?: boolean }>;
}

export function partsOf(payload: Pick<PanelPayload, 'components'>): Part[] {
  return payload.components.flatMap((row) => (row as { components: Part[] }).components);
}

/** Every text a reader sees on the panel: content, button labels, placeholders, options. */
export function textsOf(payload: Pick<PanelPayload, 'content' | 'components'>): string[] {
  const texts = [payload.content];
  for (const part of partsOf(payload)) {
    if (part.label) texts.push(part.label);
    if (part.placeholder) texts.push(part.placeholder);
    for (const o of part.options ?? []) texts.push(o.label, ...(o.description ? [o.description] : []));
  }
  return texts;
}

/**
 * The fixed words of every panel and card template of `lang` that the other language says
 * otherwise ("Your hand", "Pick cards to play", "single"; "Deine Karten", "Passen"): none may show
 * on a panel in the other language.
 */
export function phrasesOf(lang: Lang): string[] {
  const other: Lang = lang === 'en' ? 'de' : 'en';
  const phrases = new Set<string>();
  for (const [key, template] of Object.entries(CATALOGUES[lang])) {
    if (!/^(panel|card|combo)\./.test(key)) continue;
    const there = CATALOGUES[other][key as keyof (typeof CATALOGUES)['en']];
    for (const piece of template.split(/\{[a-zA-Z]+\}|\*\*|[():·→…]/)) {
      const phrase = piece.replace(/^\P{L}+|\P{L}+$/gu, '');
      if (phrase.length >= 4 && !there.includes(phrase)) phrases.add(phrase);
    }
  }
  return [...phrases];
}

/** The phrases of `lang` (`phrasesOf`) among `texts`, as whole words. */
export function phrasesIn(texts: readonly string[], lang: Lang): string[] {
  const found = new Set<string>();
  for (const phrase of phrasesOf(lang)) {
    const re = new RegExp(`(^|\\P{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\P{L})`, 'u');
    for (const text of texts) if (re.test(text)) found.add(`${phrase} in "${text.slice(0, 80)}"`);
  }
  return [...found];
}

/** English left on a panel that should be German. */
export function englishIn(texts: readonly string[]): string[] {
  return phrasesIn(texts, 'en');
}

/** Every Discord limit the payload breaks (none, for a valid panel). */
export function overLimits(payload: Pick<PanelPayload, 'content' | 'components'>): string[] {
  const problems: string[] = [];
  const check = (what: string, value: string | undefined, max: number) => {
    if (value !== undefined && value.length > max)
      problems.push(`${what} ${value.length} > ${max}: ${value}`);
  };
  check('content', payload.content, 2000);
  if (payload.components.length > 5) problems.push(`${payload.components.length} rows`);
  for (const row of payload.components) {
    const parts = (row as { components: Part[] }).components;
    const selects = parts.filter((p) => p.type === 3).length;
    if (parts.length > 5 || (selects > 0 && parts.length > 1)) problems.push(`a row of ${parts.length}`);
    for (const part of parts) {
      check('custom_id', part.custom_id, 100);
      if (part.type === 2) check('button label', part.label, 80);
      if (part.type !== 3) continue;
      check('placeholder', part.placeholder, 150);
      const options = part.options ?? [];
      if (options.length < 1 || options.length > 25) problems.push(`${options.length} options`);
      for (const o of options) {
        check('option label', o.label, 100);
        check('option value', o.value, 100);
        check('option description', o.description, 100);
        // Labels are text: Discord shows no custom emoji there (they go in the option's emoji).
        if (/<a?:\w+:\d+>/.test(o.label)) problems.push(`emoji markup in the label ${o.label}`);
      }
    }
  }
  return problems;
}
