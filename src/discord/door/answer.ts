/**
 * One interaction's answer, whatever the handler does: a handler that has not started answering
 * within `deferAfterMs` is deferred (an ephemeral "thinking" for commands and forms, a deferred
 * update for components), and its answer then completes the deferred response instead. A callback
 * Discord reports as already acknowledged (40060: it processed an earlier attempt that discord.js
 * retried after a gateway error) counts as answered. Handlers keep calling `reply` and `update`.
 */
import {
  DiscordAPIError,
  type Interaction,
  type InteractionReplyOptions,
  InteractionResponse,
  type InteractionUpdateOptions,
  type Message,
  Routes,
} from 'discord.js';
import { IS_COMPONENTS_V2 } from '../componentsV2.js';
import { fitContent, leanCallbackData, MAX_CONTENT } from './callbackBody.js';
import { claimOf, placeOf } from './claims.js';

const ALREADY_ACKNOWLEDGED = 40060;
const EPHEMERAL = 64;
const CHANNEL_MESSAGE = 4;
const UPDATE_MESSAGE = 7;
const DEFER_REPLY = 5;
const DEFER_UPDATE = 6;

export interface AnswerOptions {
  /** How long a handler may take before its interaction is deferred (Discord allows 3 s). */
  readonly deferAfterMs: number;
  /** Resolves once what was committed is on disk: an answer goes out only after that. */
  readonly durable: () => Promise<void>;
  /** Hears of a deferral that failed (it is then up to the handler's own answer). */
  readonly onDeferFailed?: (error: unknown) => void;
}

/** Whether a REST request is a deferral: it says nothing about what was committed, so needs no flush. */
export function isDeferral(request: { readonly fullRoute: string; readonly body?: unknown }): boolean {
  const type = (request.body as { type?: unknown } | undefined)?.type;
  return (
    (type === DEFER_REPLY || type === DEFER_UPDATE) &&
    /^\/interactions\/\d+\/[^/]+\/callback$/.test(request.fullRoute)
  );
}

export function isAlreadyAcknowledged(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === ALREADY_ACKNOWLEDGED;
}

type Replier = Extract<Interaction, { reply: unknown }>;

/** Verbs whose button updates the public message it is on (the lobby's). */
const UPDATES_ITS_MESSAGE = new Set(['join', 'leave', 'start', 'lb', 'tl']);

/**
 * How to defer: a component on a private panel, or one that updates the message it is on, is a
 * deferred update; anything else (commands, forms, "My hand" on the table message) a "thinking" reply.
 */
export function deferralFor(interaction: Replier): 'update' | 'reply' {
  if (!interaction.isMessageComponent()) return 'reply';
  // Only the message made for this id may be updated (claims.ts); anything else gets a new message.
  if (claimOf(interaction) !== 'own') return 'reply';
  if (interaction.message.flags.has(EPHEMERAL)) return 'update';
  return UPDATES_ITS_MESSAGE.has(interaction.customId.split(':')[0] ?? '') ? 'update' : 'reply';
}
type AnyOptions = InteractionReplyOptions & { withResponse?: boolean };

/** Discord's window for a first answer, counted from the interaction's creation. */
export const DISCORD_ANSWER_WINDOW_MS = 3_000;

const UNKNOWN_INTERACTION = 10062;

/** Discord no longer knows the interaction: its window for a first answer has passed. */
export function isUnknownInteraction(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === UNKNOWN_INTERACTION;
}

/**
 * How long from now the handler may take before its interaction is deferred: `deferAfterMs` from
 * the interaction's creation (its id's time), not from when it arrived. One that arrives late (held
 * while the bot restarted, then delivered on its new session) is deferred at once rather than 2 s
 * after arriving, past Discord's 3 s. An age outside Discord's window (a clock that disagrees with
 * Discord's, or an answer already too late) is not trusted: the whole delay then counts from now.
 */
export function deferDelayMs(
  interaction: { readonly createdTimestamp: number },
  deferAfterMs: number,
  now = Date.now(),
): number {
  const age = now - interaction.createdTimestamp;
  if (!(age >= 0 && age < DISCORD_ANSWER_WINDOW_MS)) return deferAfterMs;
  return Math.max(0, deferAfterMs - age);
}

export class Answer {
  /** Discord has an answer (or a deferral) for this interaction. */
  answered = false;
  /** How the interaction was deferred, if it was: its message updated later, or a reply "thinking". */
  deferred: 'update' | 'reply' | null = null;
  /** A callback was refused as already acknowledged: Discord had processed an earlier attempt. */
  answeredOnRetry = false;
  /** When Discord first had an answer or a deferral (performance.now()), for the metrics; null until then. */
  answeredAt: number | null = null;
  /** The handler's own answer was handed to discord.js (so no deferral is needed). */
  private sent = false;
  private deferral: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    interaction: Interaction,
    private readonly options: AnswerOptions,
  ) {
    if (interaction.isAutocomplete()) {
      const respond = interaction.respond.bind(interaction);
      interaction.respond = (choices) => this.callback(interaction, 'replied', () => respond(choices));
      return;
    }
    if (!interaction.isRepliable()) return;
    this.wrap(interaction);
    this.timer = setTimeout(() => this.defer(interaction), deferDelayMs(interaction, options.deferAfterMs));
  }

  /** The handler is done: no deferral from now on. */
  finish(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private wrap(interaction: Replier): void {
    const reply = interaction.reply.bind(interaction) as (o: AnyOptions) => Promise<unknown>;
    const patched = interaction as unknown as {
      reply: (o: AnyOptions) => Promise<unknown>;
      update?: (o: InteractionUpdateOptions) => Promise<unknown>;
    };
    patched.reply = async (given) => {
      const o = fitted(given);
      await this.beforeAnswer();
      if (this.deferral) {
        await this.deferral;
        return this.completeReply(interaction, o);
      }
      this.sent = true;
      return this.callback(
        interaction,
        'replied',
        direct(interaction, CHANNEL_MESSAGE, o) ?? (() => reply(o)),
        () => (o.withResponse ? this.fetchResponse(interaction) : undefined),
      );
    };
    if (interaction.isMessageComponent()) {
      const update = interaction.update.bind(interaction) as (
        o: InteractionUpdateOptions,
      ) => Promise<unknown>;
      // Decided once, before any handler runs: the clicked message is the one made for this id.
      const own = claimOf(interaction) === 'own';
      patched.update = async (given) => {
        const o = fitted(given);
        // The door refuses a foreign click before its handler runs; a handler that still tries to
        // update a message not made for its id is a bug, failed loudly (logged, the clicker told in
        // private) rather than shown to everyone.
        if (!own) throw new ForeignUpdateError(interaction.customId);
        await this.beforeAnswer();
        if (this.deferral) {
          await this.deferral;
          // The message clicked (a deferred update), or else the "thinking" reply, shows the update.
          return this.send(() => interaction.editReply(o));
        }
        this.sent = true;
        return this.callback(
          interaction,
          'replied',
          direct(interaction, UPDATE_MESSAGE, o) ?? (() => update(o)),
        );
      };
    }
  }

  /** The handler starts answering: first what it committed reaches the disk (a deferral may go meanwhile). */
  private async beforeAnswer(): Promise<void> {
    // A failed flush is the REST layer's to report (it refuses to send); here it only must not hang.
    await this.options.durable().catch(() => undefined);
  }

  private defer(interaction: Replier): void {
    this.timer = null;
    // An answer still waiting for the disk has not been sent: Discord must hear something in 3 s.
    if (this.sent || this.answered || this.deferral) return;
    const how = deferralFor(interaction);
    const call =
      how === 'update' && interaction.isMessageComponent()
        ? () => interaction.deferUpdate()
        : () => interaction.deferReply({ flags: EPHEMERAL });
    this.deferral = this.callback(interaction, 'deferred', call).then(
      () => {
        this.deferred = how;
      },
      (error: unknown) => {
        this.options.onDeferFailed?.(error);
        throw error;
      },
    );
    this.deferral.catch(() => undefined);
  }

  /**
   * A reply after a deferral: after a deferred update it follows the message clicked; after a
   * "thinking", an ephemeral reply fills it, and a public one (which editing cannot make public)
   * follows it while the placeholder goes.
   */
  private async completeReply(interaction: Replier, o: AnyOptions): Promise<unknown> {
    const { flags, withResponse: _w, ...rest } = o as AnyOptions & { flags?: unknown };
    const ephemeral = typeof flags === 'number' && (flags & EPHEMERAL) !== 0;
    if (this.deferred === 'update' || !ephemeral) {
      const message = (await this.send(() => interaction.followUp(o as InteractionReplyOptions))) as
        | Message
        | undefined;
      if (this.deferred === 'reply') await interaction.deleteReply().catch(() => undefined);
      return { resource: message ? { message } : null };
    }
    // The "thinking" placeholder is no Components V2 message: an answer made of them says so on the
    // edit (Discord sets the flag then, the placeholder's text gone), or Discord refuses its components.
    const v2 = typeof flags === 'number' ? flags & IS_COMPONENTS_V2 : 0;
    const edit = v2 ? { ...rest, flags: v2 } : rest;
    const message = (await this.send(() => interaction.editReply(edit as typeof rest))) as
      | Message
      | undefined;
    return { resource: message ? { message } : null };
  }

  /** The reply as Discord has it, for a caller that asked for the response but was told 40060. */
  private async fetchResponse(interaction: Replier): Promise<unknown> {
    const message = await interaction.fetchReply().catch(() => null);
    return { resource: message ? { message } : null };
  }

  /** Sends one answer; a 40060 means Discord already has it (an earlier attempt went through). */
  private async send<R>(call: () => Promise<R>, onRetry?: () => Promise<unknown> | undefined): Promise<R> {
    try {
      const result = await call();
      this.answered = true;
      this.answeredAt ??= performance.now();
      return result;
    } catch (error) {
      if (!isAlreadyAcknowledged(error)) throw error;
      this.answered = true;
      this.answeredAt ??= performance.now();
      this.answeredOnRetry = true;
      return (await onRetry?.()) as R;
    }
  }

  /**
   * A callback (reply, update, deferral, suggestions): told 40060, it did reach Discord, so
   * discord.js is told what it would have recorded had the first attempt's answer arrived.
   */
  private callback<R>(
    interaction: Interaction,
    state: 'replied' | 'deferred',
    call: () => Promise<R>,
    onRetry?: () => Promise<unknown> | undefined,
  ): Promise<R> {
    return this.send(call, () => {
      const flags = interaction as unknown as { replied?: boolean; deferred?: boolean; responded?: boolean };
      if (interaction.isAutocomplete()) flags.responded = true;
      else flags[state] = true;
      return onRetry?.();
    });
  }
}

/**
 * The last resort against an answer Discord would refuse as a whole (50035): content past 2,000
 * characters is cut, whichever way the answer goes (a lean callback, discord.js, or the edit or
 * follow-up that completes a deferral). Echoed user text is cut where it is echoed (doorText.ts).
 */
export function fitted<O>(options: O): O {
  const content = (options as { content?: unknown } | null)?.content;
  if (typeof content !== 'string' || content.length <= MAX_CONTENT) return options;
  return { ...options, content: fitContent(content) };
}

/** A handler tried to update a message that was not made for the id clicked (see claims.ts). */
export class ForeignUpdateError extends Error {
  constructor(customId: string) {
    // What the id is for, not the id: it is user input.
    super(`refused to update a message not made for a "${placeOf(customId)?.home ?? 'unknown'}" id`);
    this.name = 'ForeignUpdateError';
  }
}

/** discord.js's own result of a reply or update (its constructor is not in the typings). */
const Response = InteractionResponse as unknown as new (
  interaction: Replier,
  id?: string,
) => InteractionResponse;

/**
 * A reply or update sent as the callback body built from our renders (callbackBody.ts), leaving
 * discord.js in the state its own call would (replied; a reply's ephemerality) and returning what it
 * would. Null when discord.js must send it: already answered (it throws), or an option only it
 * translates.
 */
function direct(
  interaction: Replier,
  type: typeof CHANNEL_MESSAGE | typeof UPDATE_MESSAGE,
  options: unknown,
): (() => Promise<InteractionResponse>) | null {
  if (interaction.deferred || interaction.replied) return null;
  const data = leanCallbackData(options);
  if (!data) return null;
  return async () => {
    await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
      body: { type, data },
      auth: false,
    });
    const state = interaction as unknown as { replied: boolean; ephemeral: boolean | null };
    state.replied = true;
    if (type === CHANNEL_MESSAGE) {
      state.ephemeral = (((data.flags as number | undefined) ?? 0) & EPHEMERAL) !== 0;
      return new Response(interaction);
    }
    const clicked = interaction.isMessageComponent()
      ? interaction.message.interactionMetadata?.id
      : undefined;
    return new Response(interaction, clicked);
  };
}
