/** Message templates: `{name}` placeholders, their names read off the template's type. */

/** The placeholder names in a template: `Placeholders<'{a} took {b}'>` is `'a' | 'b'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

export type Values = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{([a-zA-Z0-9_]+)\}/g;

/**
 * A template split once at its placeholders: even entries are text, odd entries placeholder names
 * (renders run on every click and live edit; a regular expression each time cost more than the rest
 * of a text's lookup). Keyed by template: only the catalogues' templates come here, a bounded set.
 */
const SPLIT = new Map<string, readonly string[]>();

function split(template: string): readonly string[] {
  let parts = SPLIT.get(template);
  if (!parts) {
    parts = template.split(PLACEHOLDER);
    SPLIT.set(template, parts);
  }
  return parts;
}

/** The template with each `{name}` replaced by its value; a missing value stays visible as `{name}`. */
export function fill(template: string, values: Values | undefined): string {
  if (!values) return template;
  const parts = split(template);
  if (parts.length === 1) return template;
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = values[name];
    out += (value === undefined ? `{${name}}` : String(value)) + (parts[i + 1] as string);
  }
  return out;
}

/** The placeholder names a template uses, sorted (the catalogue test compares languages with it). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))].sort();
}
