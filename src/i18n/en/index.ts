/** The English catalogue, the source of every key: one namespace per area, keys prefixed by it. */
import { cards } from './cards.js';
import { challenge } from './challenge.js';
import { commands } from './commands.js';
import { events } from './events.js';
import { panel } from './panel.js';
import { records } from './records.js';
import { refusals } from './refusals.js';
import { review } from './review.js';
import { seasons } from './seasons.js';
import { table } from './table.js';

export const NAMESPACES = {
  cards,
  panel,
  table,
  commands,
  refusals,
  records,
  events,
  seasons,
  review,
  challenge,
} as const;
export const en = {
  ...cards,
  ...panel,
  ...table,
  ...commands,
  ...refusals,
  ...records,
  ...events,
  ...seasons,
  ...review,
  ...challenge,
} as const;
