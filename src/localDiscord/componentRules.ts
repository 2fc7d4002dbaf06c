/** Discord's rules for interactive components: action rows, buttons and selects, and their custom ids. */
import type { FormErrors } from './errors.js';

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function checkLength(errors: FormErrors, path: Path, value: unknown, min: number, max: number): void {
  if (value === undefined || value === null) {
    if (min > 0) errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (typeof value !== 'string') {
    errors.add(path, 'BASE_TYPE_STRING', 'Must be a string.');
    return;
  }
  if (value.length < min || value.length > max) {
    errors.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
  }
}

/**
 * The action rows of a legacy message (no IS_COMPONENTS_V2): at most 5, each a row. Custom ids must
 * be unique in the whole message: `ids` collects them.
 */
export function validateComponents(errors: FormErrors, rows: unknown[], ids = new Set<string>()): void {
  if (rows.length > 5) errors.add(['components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
  rows.forEach((raw, i) => {
    const row = (raw ?? {}) as Json;
    const path = ['components', i];
    if (row.type !== 1) {
      errors.add([...path, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
    validateRow(errors, path, row, ids);
  });
}

/** An action row: 1 to 5 buttons, or one select. */
export function validateRow(errors: FormErrors, path: Path, row: Json, ids: Set<string>): void {
  const children = Array.isArray(row.components) ? (row.components as Json[]) : [];
  if (children.length < 1 || children.length > 5) {
    errors.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  }
  const hasSelect = children.some((c) => SELECT_TYPES.has(c.type as number));
  if (hasSelect && children.length > 1) {
    errors.add(
      [...path, 'components'],
      'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
      'The specified component exceeds the maximum width',
    );
  }
  children.forEach((c, j) => {
    const cPath = [...path, 'components', j];
    uniqueId(errors, cPath, c, ids);
    if (c.type === 2) validateButton(errors, cPath, c);
    else if (SELECT_TYPES.has(c.type as number)) validateSelect(errors, cPath, c);
    else
      errors.add(
        [...cPath, 'type'],
        'UNION_TYPE_CHOICES',
        'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
      );
  });
}

/** Discord refuses two components of a message with one custom id. */
export function uniqueId(errors: FormErrors, path: Path, c: Json, ids: Set<string>): void {
  const id = str(c.custom_id);
  if (id === undefined) return;
  if (ids.has(id))
    errors.add(
      [...path, 'custom_id'],
      'COMPONENT_CUSTOM_ID_DUPLICATED',
      'Component custom id cannot be duplicated',
    );
  ids.add(id);
}

export function validateButton(errors: FormErrors, path: Path, c: Json): void {
  const style = c.style as number;
  if (![1, 2, 3, 4, 5, 6].includes(style))
    errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
  if (c.label !== undefined) checkLength(errors, [...path, 'label'], c.label, 0, 80);
  if (style === 5) {
    if (!str(c.url)) errors.add([...path, 'url'], 'BASE_TYPE_REQUIRED', 'This field is required');
    if (c.custom_id !== undefined)
      errors.add(
        [...path, 'custom_id'],
        'BUTTON_CUSTOM_ID_INVALID',
        'A custom id cannot be set on a link button',
      );
  } else if (style !== 6) {
    checkLength(errors, [...path, 'custom_id'], c.custom_id, 1, 100);
  }
  if (c.label === undefined && c.emoji === undefined && style !== 6) {
    errors.add([...path], 'BUTTON_COMPONENT_INVALID', 'A button must have a label or an emoji');
  }
}

function validateSelect(errors: FormErrors, path: Path, c: Json): void {
  checkLength(errors, [...path, 'custom_id'], c.custom_id, 1, 100);
  if (c.placeholder !== undefined) checkLength(errors, [...path, 'placeholder'], c.placeholder, 0, 150);
  const min = (c.min_values as number | undefined) ?? 1;
  const max = (c.max_values as number | undefined) ?? 1;
  if (!Number.isInteger(min) || min < 0 || min > 25)
    errors.add([...path, 'min_values'], 'NUMBER_TYPE_MAX', 'min_values must be 0..25');
  if (!Number.isInteger(max) || max < 1 || max > 25)
    errors.add([...path, 'max_values'], 'NUMBER_TYPE_MAX', 'max_values must be 1..25');
  if (min > max)
    errors.add(
      [...path, 'min_values'],
      'SELECT_COMPONENT_MIN_MAX_INVALID',
      'min_values may not exceed max_values',
    );
  if (c.type !== 3) return;
  const options = Array.isArray(c.options) ? (c.options as Json[]) : [];
  if (options.length < 1 || options.length > 25)
    errors.add([...path, 'options'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
  if (max > options.length)
    errors.add(
      [...path, 'max_values'],
      'SELECT_COMPONENT_MAX_VALUES_EXCEEDED',
      'max_values exceeds the number of options',
    );
  const values = new Set<string>();
  options.forEach((o, k) => {
    checkLength(errors, [...path, 'options', k, 'label'], o.label, 1, 100);
    checkLength(errors, [...path, 'options', k, 'value'], o.value, 1, 100);
    if (o.description !== undefined)
      checkLength(errors, [...path, 'options', k, 'description'], o.description, 0, 100);
    const v = str(o.value);
    if (v !== undefined && values.has(v))
      errors.add(
        [...path, 'options', k, 'value'],
        'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        'Option values must be unique',
      );
    if (v !== undefined) values.add(v);
  });
}
