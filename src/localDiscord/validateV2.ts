/**
 * Components V2 (message flag IS_COMPONENTS_V2), as Discord checks them: at most 40 components in
 * all (nested ones count), at most 4,000 characters across text displays, and valid nesting:
 * containers hold rows, sections, texts, separators, galleries and files; a section holds 1 to 3
 * text displays and a button or thumbnail beside them; rows hold up to 5 buttons or one select.
 */
import { checkLength, uniqueId, validateButton, validateRow } from './componentRules.js';
import type { FormErrors } from './errors.js';

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

export const IS_COMPONENTS_V2 = 1 << 15;
export const MAX_V2_COMPONENTS = 40;
export const MAX_V2_TEXT = 4000;

const ROW = 1;
const BUTTON = 2;
const SECTION = 9;
const TEXT = 10;
const THUMBNAIL = 11;
const GALLERY = 12;
const FILE = 13;
const SEPARATOR = 14;
const CONTAINER = 17;

/** What may stand at the top of a V2 message, and inside a container (no container in a container). */
const TOP_LEVEL = [ROW, SECTION, TEXT, GALLERY, FILE, SEPARATOR, CONTAINER];
const IN_CONTAINER = [ROW, SECTION, TEXT, GALLERY, FILE, SEPARATOR];

/**
 * Every component of a message, however nested (rows, containers, sections and their accessory),
 * with its path in the body; depth-first, in order.
 */
export function eachComponent(components: readonly unknown[], visit: (c: Json, path: Path) => void): void {
  const walk = (node: unknown, path: Path, depth: number): void => {
    // Discord nests at most container > section > accessory; the bound keeps a hostile body cheap.
    if (depth > 8 || node === null || typeof node !== 'object') return;
    const c = node as Json;
    visit(c, path);
    if (Array.isArray(c.components))
      c.components.forEach((child, i) => {
        walk(child, [...path, 'components', i], depth + 1);
      });
    if (c.accessory !== undefined) walk(c.accessory, [...path, 'accessory'], depth + 1);
  };
  components.forEach((c, i) => {
    walk(c, ['components', i], 0);
  });
}

export function validateV2Components(errors: FormErrors, components: unknown[]): void {
  let count = 0;
  let text = 0;
  eachComponent(components, (c) => {
    count++;
    if (c.type === TEXT && typeof c.content === 'string') text += c.content.length;
  });
  if (count > MAX_V2_COMPONENTS)
    errors.add(
      ['components'],
      'MAX_COMPONENTS_EXCEEDED',
      `A message may have at most ${MAX_V2_COMPONENTS} components in total (nested ones count)`,
    );
  if (text > MAX_V2_TEXT)
    errors.add(
      ['components'],
      'MAX_TEXT_DISPLAY_LENGTH_EXCEEDED',
      `The text displays of a message may hold at most ${MAX_V2_TEXT} characters in total`,
    );
  const ids = new Set<string>();
  components.forEach((raw, i) => {
    layout(errors, ['components', i], (raw ?? {}) as Json, TOP_LEVEL, ids);
  });
}

function layout(errors: FormErrors, path: Path, c: Json, allowed: readonly number[], ids: Set<string>): void {
  const type = c.type as number;
  if (!allowed.includes(type)) {
    errors.add([...path, 'type'], 'UNION_TYPE_CHOICES', `Value of field "type" must be one of (${allowed}).`);
    return;
  }
  switch (type) {
    case ROW:
      validateRow(errors, path, c, ids);
      break;
    case TEXT:
      checkLength(errors, [...path, 'content'], c.content, 1, MAX_V2_TEXT);
      break;
    case SEPARATOR:
      separator(errors, path, c);
      break;
    case SECTION:
      section(errors, path, c, ids);
      break;
    case CONTAINER:
      container(errors, path, c, ids);
      break;
    default:
      // Galleries and files: the bot sends none; their media are not checked here.
      break;
  }
}

function separator(errors: FormErrors, path: Path, c: Json): void {
  if (c.divider !== undefined && typeof c.divider !== 'boolean')
    errors.add([...path, 'divider'], 'BASE_TYPE_BAD_BOOLEAN', 'Must be a boolean.');
  if (c.spacing !== undefined && c.spacing !== 1 && c.spacing !== 2)
    errors.add([...path, 'spacing'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
}

function section(errors: FormErrors, path: Path, c: Json, ids: Set<string>): void {
  const texts = Array.isArray(c.components) ? (c.components as Json[]) : [];
  if (texts.length < 1 || texts.length > 3)
    errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 3 in length.');
  texts.forEach((t, j) => {
    layout(errors, [...path, 'components', j], (t ?? {}) as Json, [TEXT], ids);
  });
  const accessory = c.accessory as Json | undefined | null;
  if (!accessory || typeof accessory !== 'object') {
    errors.add([...path, 'accessory'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  const aPath = [...path, 'accessory'];
  if (accessory.type === BUTTON) {
    uniqueId(errors, aPath, accessory, ids);
    validateButton(errors, aPath, accessory);
  } else if (accessory.type !== THUMBNAIL)
    errors.add([...aPath, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (2, 11).');
}

function container(errors: FormErrors, path: Path, c: Json, ids: Set<string>): void {
  const children = Array.isArray(c.components) ? (c.components as Json[]) : [];
  if (children.length < 1)
    errors.add([...path, 'components'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  const accent = c.accent_color;
  if (
    accent !== undefined &&
    accent !== null &&
    (typeof accent !== 'number' || !Number.isInteger(accent) || accent < 0 || accent > 0xffffff)
  )
    errors.add([...path, 'accent_color'], 'NUMBER_TYPE_MAX', 'Must be between 0 and 16777215.');
  children.forEach((child, j) => {
    layout(errors, [...path, 'components', j], (child ?? {}) as Json, IN_CONTAINER, ids);
  });
}
