/** Message templates: `{name}` placeholders, their names read off the template's type. */

/** The placeholder names in a template: `Placeholders<'{a} took {b}'>` is `'a' | 'b'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

export type Values = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{([a-zA-Z0-9_]+)\}/g;

/** The template with each `{name}` replaced by its value; a missing value stays visible as `{name}`. */
export function fill(template: string, values: Values | undefined): string {
  if (!values) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** The placeholder names a template uses, sorted (the catalogue test compares languages with it). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))].sort();
}
