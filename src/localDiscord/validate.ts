/** Discord's limits on what a bot sends: message content, embeds, components, modals, autocomplete. */
import { FormErrors } from './errors.js';

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function checkLength(errors: FormErrors, path: Path, value: unknown, min: number, max: number): void {
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

export function validateMessage(body: Json, errors = new FormErrors()): FormErrors {
  const content = body.content;
  if (content !== undefined && content !== null) {
    if (typeof content !== 'string') errors.add(['content'], 'BASE_TYPE_STRING', 'Must be a string.');
    else if (content.length > 2000)
      errors.add(['content'], 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
  }
  if (Array.isArray(body.embeds)) validateEmbeds(errors, body.embeds);
  if (Array.isArray(body.components)) validateComponents(errors, body.components);
  return errors;
}

function validateEmbeds(errors: FormErrors, embeds: unknown[]): void {
  if (embeds.length > 10) errors.add(['embeds'], 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  let total = 0;
  embeds.forEach((raw, i) => {
    const e = (raw ?? {}) as Json;
    const limits: Array<[Path, unknown, number]> = [
      [['embeds', i, 'title'], e.title, 256],
      [['embeds', i, 'description'], e.description, 4096],
      [['embeds', i, 'footer', 'text'], (e.footer as Json | undefined)?.text, 2048],
      [['embeds', i, 'author', 'name'], (e.author as Json | undefined)?.name, 256],
    ];
    const fields = Array.isArray(e.fields) ? (e.fields as Json[]) : [];
    if (fields.length > 25)
      errors.add(['embeds', i, 'fields'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    fields.forEach((f, j) => {
      limits.push(
        [['embeds', i, 'fields', j, 'name'], f.name, 256],
        [['embeds', i, 'fields', j, 'value'], f.value, 1024],
      );
      if (!str(f.name) || !str(f.value))
        errors.add(['embeds', i, 'fields', j], 'BASE_TYPE_REQUIRED', 'This field is required');
    });
    for (const [path, value, max] of limits) {
      const s = str(value);
      if (s === undefined) continue;
      total += s.length;
      if (s.length > max) errors.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    }
  });
  if (total > 6000)
    errors.add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
}

function validateComponents(errors: FormErrors, rows: unknown[]): void {
  if (rows.length > 5) errors.add(['components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
  const ids = new Set<string>();
  rows.forEach((raw, i) => {
    const row = (raw ?? {}) as Json;
    const path = ['components', i];
    if (row.type !== 1) {
      errors.add([...path, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
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
      const id = str(c.custom_id);
      if (id !== undefined) {
        if (ids.has(id))
          errors.add(
            [...cPath, 'custom_id'],
            'COMPONENT_CUSTOM_ID_DUPLICATED',
            'Component custom id cannot be duplicated',
          );
        ids.add(id);
      }
      if (c.type === 2) validateButton(errors, cPath, c);
      else if (SELECT_TYPES.has(c.type as number)) validateSelect(errors, cPath, c);
      else
        errors.add(
          [...cPath, 'type'],
          'UNION_TYPE_CHOICES',
          'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
        );
    });
  });
}

function validateButton(errors: FormErrors, path: Path, c: Json): void {
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

export function validateModal(data: Json): FormErrors {
  const errors = new FormErrors();
  checkLength(errors, ['data', 'title'], data.title, 1, 45);
  checkLength(errors, ['data', 'custom_id'], data.custom_id, 1, 100);
  const rows = Array.isArray(data.components) ? (data.components as Json[]) : [];
  if (rows.length < 1 || rows.length > 5)
    errors.add(['data', 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  rows.forEach((row, i) => {
    // A modal row is an action row holding one text input, or (newer) a label holding one component.
    if (row.type === 18) {
      const path = ['data', 'components', i];
      checkLength(errors, [...path, 'label'], row.label, 1, 45);
      if (row.description !== undefined)
        checkLength(errors, [...path, 'description'], row.description, 0, 100);
      const input = (row.component ?? {}) as Json;
      if (input.type !== 4) {
        errors.add(
          [...path, 'component', 'type'],
          'UNION_TYPE_CHOICES',
          'Value of field "type" must be one of (4,).',
        );
      }
      checkTextInput(errors, [...path, 'component'], input, false);
      return;
    }
    const inputs = Array.isArray(row.components) ? (row.components as Json[]) : [];
    const path = ['data', 'components', i, 'components'];
    if (row.type !== 1 || inputs.length !== 1)
      errors.add(path, 'BASE_TYPE_BAD_LENGTH', 'Must be 1 in length.');
    inputs.forEach((input, j) => {
      if (input.type !== 4)
        errors.add([...path, j, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (4,).');
      checkTextInput(errors, [...path, j], input, true);
    });
  });
  return errors;
}

function checkTextInput(errors: FormErrors, path: Path, input: Json, needsLabel: boolean): void {
  checkLength(errors, [...path, 'custom_id'], input.custom_id, 1, 100);
  if (needsLabel) checkLength(errors, [...path, 'label'], input.label, 1, 45);
  if (input.value !== undefined) checkLength(errors, [...path, 'value'], input.value, 0, 4000);
  if (input.placeholder !== undefined)
    checkLength(errors, [...path, 'placeholder'], input.placeholder, 0, 100);
  if (input.style !== 1 && input.style !== 2)
    errors.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
  const bound = (key: 'min_length' | 'max_length', low: number) => {
    const value = input[key];
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > 4000)
      errors.add([...path, key], 'NUMBER_TYPE_MAX', `Must be between ${low} and 4000.`);
  };
  bound('min_length', 0);
  bound('max_length', 1);
  if (
    typeof input.min_length === 'number' &&
    typeof input.max_length === 'number' &&
    input.min_length > input.max_length
  )
    errors.add([...path, 'min_length'], 'BASE_TYPE_BAD_INT', 'Must be at most max_length.');
  if (input.required !== undefined && typeof input.required !== 'boolean')
    errors.add([...path, 'required'], 'BASE_TYPE_BAD_BOOLEAN', 'Must be a boolean.');
}

export function validateChoices(data: Json): FormErrors {
  const errors = new FormErrors();
  const choices = Array.isArray(data.choices) ? (data.choices as Json[]) : [];
  if (choices.length > 25)
    errors.add(['data', 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  choices.forEach((choice, i) => {
    checkLength(errors, ['data', 'choices', i, 'name'], choice.name, 1, 100);
    if (typeof choice.value === 'string')
      checkLength(errors, ['data', 'choices', i, 'value'], choice.value, 0, 100);
  });
  return errors;
}

/** A message must carry something: content, an embed, components, or a file. */
export function isEmptyMessage(body: Json, fileCount: number): boolean {
  const hasContent = typeof body.content === 'string' && body.content.length > 0;
  const hasEmbeds = Array.isArray(body.embeds) && body.embeds.length > 0;
  const hasComponents = Array.isArray(body.components) && body.components.length > 0;
  const hasAttachments = Array.isArray(body.attachments) && body.attachments.length > 0;
  return !hasContent && !hasEmbeds && !hasComponents && !hasAttachments && fileCount === 0;
}
