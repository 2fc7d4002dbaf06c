/** Discord's limits on what a bot sends: message content, embeds, components, modals, autocomplete. */
import { checkLength, str, validateComponents } from './componentRules.js';
import { FormErrors } from './errors.js';
import { IS_COMPONENTS_V2, validateV2Components } from './validateV2.js';

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

/** Whether a body sets IS_COMPONENTS_V2. */
export function setsV2(body: Json): boolean {
  return typeof body.flags === 'number' && (body.flags & IS_COMPONENTS_V2) !== 0;
}

/**
 * A message body's limits. `v2`: the message is (or becomes) a Components V2 one, which takes no
 * content and no embeds (empty ones are allowed: they clear an old message's) and lays out its
 * components in containers, sections and text displays.
 */
export function validateMessage(body: Json, errors = new FormErrors(), v2 = setsV2(body)): FormErrors {
  const content = body.content;
  if (content !== undefined && content !== null) {
    if (typeof content !== 'string') errors.add(['content'], 'BASE_TYPE_STRING', 'Must be a string.');
    else if (content.length > 2000)
      errors.add(['content'], 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
  }
  if (v2) {
    if (typeof content === 'string' && content.length > 0) legacyField(errors, 'content');
    if (Array.isArray(body.embeds) && body.embeds.length > 0) legacyField(errors, 'embeds');
    if (Array.isArray(body.components)) validateV2Components(errors, body.components);
    return errors;
  }
  if (Array.isArray(body.embeds)) validateEmbeds(errors, body.embeds);
  if (Array.isArray(body.components)) validateComponents(errors, body.components);
  return errors;
}

/** Discord's refusal of content or embeds on a Components V2 message. */
export function legacyField(errors: FormErrors, field: 'content' | 'embeds'): void {
  errors.add(
    [field],
    'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
  );
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
