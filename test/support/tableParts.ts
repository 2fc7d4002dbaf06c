/**
 * Reads a table message as players read it, whether it is a Components V2 message (a container of
 * text displays, seat sections and button rows) or an embed posted before V2: its title, its lines
 * and its headed parts ("On the table", "Last trick"…), so tests assert the same words either way.
 */

type Json = Record<string, unknown>;

export interface TableParts {
  /** "Tichu · hand 2". */
  readonly title: string;
  /** The lines under the title: score, rules, status, deadline. */
  readonly description: string;
  /** Each headed part ("Seats", "On the table"…) and its lines, in order. */
  readonly fields: ReadonlyArray<{ name: string; value: string }>;
  /** The container's accent colour (the embed's colour for an old message), null if none. */
  readonly accent: number | null;
  /** Text displays above the container (the private copy's sentence). */
  readonly notes: readonly string[];
}

const HEADING = /^\*\*([^*]+)\*\*$/;

/** Every button and select of a message, however nested (rows, containers, sections' accessories). */
export function interactive(components: readonly unknown[]): Json[] {
  const out: Json[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 8 || node === null || typeof node !== 'object') return;
    const c = node as Json;
    if (typeof c.custom_id === 'string' || c.type === 2) out.push(c);
    for (const child of Array.isArray(c.components) ? c.components : []) walk(child, depth + 1);
    if (c.accessory) walk(c.accessory, depth + 1);
  };
  for (const c of components) walk(c, 0);
  return out;
}

/** Whether a message is in Components V2's shape: a container (the table message's) at its top. */
export function isV2(message: { components: readonly unknown[] }): boolean {
  return message.components.some((c) => (c as Json)?.type === 17);
}

/** The parts of a V2 message's first container. */
export function v2Parts(components: readonly unknown[]): TableParts {
  const notes: string[] = [];
  let box: Json | undefined;
  for (const c of components as Json[]) {
    if (c.type === 10) notes.push(String(c.content));
    if (c.type === 17 && !box) box = c;
  }
  const children = (box?.components ?? []) as Json[];
  const texts: Array<string | null> = [];
  for (const c of children) {
    if (c.type === 10) texts.push(String(c.content));
    else if (c.type === 9) for (const t of (c.components ?? []) as Json[]) texts.push(String(t.content));
    // A separator or a row ends the part before it.
    else texts.push(null);
  }
  const [head = '', ...rest] = texts;
  const [titleLine = '', ...descriptionLines] = (head ?? '').split('\n');
  const fields: Array<{ name: string; value: string }> = [];
  let open: { name: string; lines: string[] } | null = null;
  const close = () => {
    if (open) fields.push({ name: open.name, value: open.lines.join('\n') });
    open = null;
  };
  for (const text of rest) {
    if (text === null) {
      close();
      continue;
    }
    const [first = '', ...lines] = text.split('\n');
    const heading = HEADING.exec(first);
    if (heading) {
      close();
      open = { name: heading[1] as string, lines };
    } else if (open) (open as { lines: string[] }).lines.push(text);
  }
  close();
  const accent = box?.accent_color;
  return {
    title: titleLine.replace(/^#+ /, ''),
    description: descriptionLines.join('\n'),
    fields,
    accent: typeof accent === 'number' ? accent : null,
    notes,
  };
}

/** The parts of a message, V2 or embed style (null for a message with neither). */
export function tableParts(message: {
  embeds?: readonly unknown[];
  components: readonly unknown[];
}): TableParts | null {
  if (isV2(message)) return v2Parts(message.components);
  const embed = (message.embeds ?? [])[0] as
    | {
        title?: string;
        description?: string;
        color?: number;
        fields?: Array<{ name: string; value: string }>;
      }
    | undefined;
  if (!embed) return null;
  return {
    title: embed.title ?? '',
    description: embed.description ?? '',
    fields: (embed.fields ?? []).map((f) => ({ name: f.name, value: f.value })),
    accent: embed.color ?? null,
    notes: [],
  };
}

/** Title, lines and "Name: value" parts, one per line: the words a table message shows. */
export function partsText(parts: TableParts): string {
  return [
    ...parts.notes,
    parts.title,
    parts.description,
    ...parts.fields.map((f) => `${f.name}: ${f.value}`),
  ].join('\n');
}

/** The named part's lines ("Seats", "On the table"…), or undefined. */
export function field(parts: TableParts, name: string): string | undefined {
  return parts.fields.find((f) => f.name === name)?.value;
}
