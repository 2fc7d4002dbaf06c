/**
 * Installs the first door (rawInteraction.ts) on discord.js's INTERACTION_CREATE action, where the
 * gateway's payload becomes an interaction object: a payload that breaks Discord's schema costs that
 * event, never the process. Refused ones get one warning line (their id and the failing fields: no
 * token, no user text) and, when due, a sentence through a raw callback; a payload that passes and
 * still makes discord.js throw while it builds or emits is treated the same. Nothing here throws.
 */
import { type Client, Routes } from 'discord.js';
import type { Logger } from 'pino';
import { checkRawInteraction, idOf, refusalOf } from './rawInteraction.js';

/** discord.js's internal action (stable through v14): `handle(data)` builds and emits the interaction. */
interface InteractionAction {
  handle(data: unknown): unknown;
}

export const MALFORMED_LINE = 'malformed interaction';

/** Wraps the action once; call before login, so that no interaction reaches discord.js unchecked. */
export function guardRawInteractions(client: Client, logger: Logger): void {
  const action = (client as unknown as { actions?: { InteractionCreate?: InteractionAction } }).actions
    ?.InteractionCreate;
  if (!action)
    throw new Error('discord.js has no InteractionCreate action: the payload check cannot be installed');
  const handle = action.handle.bind(action);
  action.handle = (data: unknown) => {
    const verdict = checkRawInteraction(data);
    if (!verdict.ok) {
      logger.warn(
        { ...(verdict.id === null ? {} : { interaction: verdict.id }), paths: verdict.paths },
        MALFORMED_LINE,
      );
      answer(client, logger, data);
      return undefined;
    }
    try {
      return handle(data);
    } catch (error) {
      // Past the schema and still too much for discord.js: where it threw, never the values.
      logger.warn(
        { ...idField(data), stage: 'build', err: errorName(error), at: thrownAt(error) },
        MALFORMED_LINE,
      );
      answer(client, logger, data);
      return undefined;
    }
  };
}

function idField(data: unknown): { interaction?: string } {
  const id = idOf(data);
  return id === null ? {} : { interaction: id };
}

/** The sentence (or an empty autocomplete), sent as a raw callback; its failure is logged, never thrown. */
function answer(client: Client, logger: Logger, data: unknown): void {
  let refusal: ReturnType<typeof refusalOf>;
  try {
    refusal = refusalOf(data);
  } catch {
    refusal = null;
  }
  if (!refusal) return;
  const { id, token, body } = refusal;
  // Through a promise from the start: not even a synchronous throw of the REST client escapes.
  Promise.resolve()
    .then(() => client.rest.post(Routes.interactionCallback(id, token), { body, auth: false }))
    .catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      logger.warn(
        {
          interaction: id.slice(0, 32),
          code: typeof code === 'number' || typeof code === 'string' ? code : errorName(error),
        },
        'malformed interaction: the refusal could not be sent',
      );
    });
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** The file and line where it threw, from the first frame ("ChatInputCommandInteraction.js:21"). */
function thrownAt(error: unknown): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frame = stack.split('\n').find((line) => line.trimStart().startsWith('at '));
  return frame ? /([^/\\\s()]+):(\d+):\d+\)?$/.exec(frame)?.slice(1, 3).join(':') : undefined;
}
