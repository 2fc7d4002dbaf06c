/**
 * The shape of message and form components as the first door checks them (rawInteraction.ts and
 * its quick path for clicks, clickFastPath.ts).
 */

/**
 * Components of a message or a form (rows hold components, labels one, sections an accessory;
 * discord.js maps a row's components without looking), checked in place rather than with zod, whose
 * copy of every option of every menu (a panel carries a hundred) cost about 0.2 ms of the bot's
 * thread per click.
 */
export function componentsOk(value: unknown, depth = 0): boolean {
  if (!Array.isArray(value)) return false;
  return value.every((c) => componentOk(c, depth));
}

function componentOk(c: unknown, depth: number): boolean {
  if (depth > 8 || c === null || typeof c !== 'object' || Array.isArray(c)) return false;
  const {
    type,
    components,
    component: inner,
    accessory,
    custom_id,
    value,
    values,
  } = c as Record<string, unknown>;
  if (typeof type !== 'number' || !Number.isInteger(type)) return false;
  if (type === 1 && !Array.isArray(components)) return false;
  if (components !== undefined && !componentsOk(components, depth + 1)) return false;
  if (inner !== undefined && !componentOk(inner, depth + 1)) return false;
  if (accessory !== undefined && !componentOk(accessory, depth + 1)) return false;
  if (custom_id !== undefined && typeof custom_id !== 'string') return false;
  if (value !== undefined && typeof value !== 'string') return false;
  return values === undefined || (Array.isArray(values) && values.every((v) => typeof v === 'string'));
}
