/**
 * The one door for interactions: every kind is routed (dispatch.ts) and answered, a slow handler is
 * deferred (answer.ts), one error boundary, one log line per interaction. The boundary itself cannot
 * throw: whatever fails in it (building the apology, sending it, the log line) is logged, and no
 * interaction's promise is ever left rejected.
 */
import type { Client, Interaction } from 'discord.js';
import { Events } from 'discord.js';
import { isDiskFull } from '../app/storeErrors.js';
import { NO_METRICS, type Recorder } from '../metrics/recorder.js';
import type { BotContext } from './context.js';
import {
  Answer,
  DISCORD_ANSWER_WINDOW_MS,
  isAlreadyAcknowledged,
  isUnknownInteraction,
} from './door/answer.js';
import { dispatch } from './door/dispatch.js';
import { interactionType, kindLabel, outcomeClass } from './metricLabels.js';
import { refusalText, seatNumbers } from './refusalText.js';
import { EPHEMERAL } from './renderPanel.js';
import type { Outcome } from './respond.js';
import { EN_TEXT } from './ui.js';

/** What the door says on its own: no player named, no details. */
type DoorWords = 'restarting' | 'internal_error' | 'disk_full';

export class Router {
  private readonly inFlight = new Set<Promise<void>>();
  private accepting = true;

  constructor(
    client: Client,
    private readonly ctx: BotContext,
    /** Counts each interaction by kind and outcome, and the time to its first answer. */
    private readonly metrics: Recorder = NO_METRICS,
  ) {
    client.on(Events.InteractionCreate, (interaction) => {
      let work: Promise<void>;
      try {
        if (this.seenBefore(interaction.id)) return;
        work = this.handle(interaction);
      } catch (error) {
        work = Promise.reject(error);
      }
      // Last resort: a failure that got past handle's own boundary costs this event a log line,
      // never an unhandled rejection (which would stop the process).
      const settled: Promise<void> = work
        .catch((error: unknown) => this.lastResort(interaction, error))
        .finally(() => this.inFlight.delete(settled));
      this.inFlight.add(settled);
    });
  }

  /** The latest interaction ids, oldest first (a bounded set: see `seenBefore`). */
  private readonly seen = new Set<string>();

  /**
   * Whether this interaction was delivered already: a resumed gateway session replays the events
   * after the sequence number the client sent, which may include one it was still handling (op 9
   * resumable, a reconnect). It is handled once; a second answer would be refused (40060).
   */
  private seenBefore(id: string): boolean {
    if (this.seen.has(id)) {
      this.ctx.logger.info({ interaction: id }, 'interaction delivered twice; handled once');
      return true;
    }
    this.seen.add(id);
    if (this.seen.size > 10_000) this.seen.delete(this.seen.values().next().value as string);
    return false;
  }

  /** New interactions are no longer handled (they are told the bot is restarting). */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** Stops taking new interactions and waits for the ones being handled. */
  async drain(): Promise<void> {
    this.accepting = false;
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async handle(interaction: Interaction): Promise<void> {
    const started = performance.now();
    let ageOnArrival = 0;
    let outcome: Outcome = { result: 'ignored' };
    let kind = 'unknown';
    let answer: Answer | null = null;
    try {
      // How old it was on arrival: one delivered late (held while the bot was down) may be past
      // Discord's window already, and then nothing the bot does can answer it.
      ageOnArrival = Date.now() - interaction.createdTimestamp;
      answer = new Answer(interaction, {
        deferAfterMs: this.ctx.deferAfterMs,
        durable: this.ctx.durable,
        onDeferFailed: (error) =>
          this.ctx.logger.warn({ interaction: interaction.id, err: describe(error) }, 'deferral failed'),
      });
      if (!this.accepting) {
        if (interaction.isRepliable())
          await interaction.reply({
            content: this.say(interaction, 'restarting'),
            flags: EPHEMERAL,
          });
        outcome = { result: 'shutting_down' };
      } else {
        const routed = dispatch(interaction, this.ctx);
        kind = routed.kind;
        outcome = await routed.outcome;
      }
      if (!answer.answered && (interaction.isRepliable() || interaction.isAutocomplete())) {
        // A handler that returned without a word is a bug: say so in the log, and answer anyway.
        this.ctx.logger.error({ interaction: interaction.id, kind }, 'handler returned without answering');
        outcome = { ...outcome, result: 'error' };
        await this.apologize(interaction, answer, 'internal_error');
      }
    } catch (error) {
      outcome = await this.failed(interaction, answer, error, { kind, ageOnArrival, started });
    } finally {
      answer?.finish();
    }
    const handled = outcome.result;
    if (answer?.answeredOnRetry && handled !== 'error') outcome = { ...outcome, result: 'answered_on_retry' };
    this.logLine(interaction, started, {
      kind,
      table: outcome.tableId,
      outcome: outcome.result,
      ...(handled !== outcome.result ? { handled } : {}),
      ...(answer?.deferred ? { deferred: answer.deferred } : {}),
    });
    this.count(interaction, kind, outcome.result, started, answer);
  }

  /** The interaction's metrics: never throws (the boundary must not), whatever the interaction is. */
  private count(
    interaction: Interaction,
    kind: string,
    result: string,
    started: number,
    answer: Answer | null,
  ): void {
    if (this.metrics === NO_METRICS) return;
    try {
      const answeredAt = answer?.answeredAt ?? null;
      this.metrics.interaction(
        kindLabel(kind),
        outcomeClass(result),
        interactionType(interaction),
        answeredAt === null ? null : (answeredAt - started) / 1000,
      );
    } catch {
      // A malformed interaction's getters, or a metrics bug: the interaction is answered all the same.
    }
  }

  /** What a failed interaction comes to, with its answer if one is owed: never throws. */
  private async failed(
    interaction: Interaction,
    answer: Answer | null,
    error: unknown,
    at: { kind: string; ageOnArrival: number; started: number },
  ): Promise<Outcome> {
    const { kind, ageOnArrival, started } = at;
    if (isAlreadyAcknowledged(error)) {
      // Discord processed an earlier attempt of this answer (discord.js retried after a 5xx).
      return { result: 'answered_on_retry' };
    }
    if (isUnknownInteraction(error) && ageOnArrival >= DISCORD_ANSWER_WINDOW_MS) {
      // Not the bot's failure: it came too late to be answered by anyone (a warning, not an error).
      this.log(
        'warn',
        { interaction: interaction.id, kind, ageOnArrival },
        "arrived past Discord's answer window: it could not be answered",
      );
      return { result: 'expired' };
    }
    if (isDiskFull(error)) {
      // Nothing was saved and nothing is lost: the player is told why, in words. The store logged
      // the full disk once when it began (and logs when writes succeed again), not at every click.
      await this.apologize(interaction, answer, 'disk_full');
      return { result: 'disk_full' };
    }
    const code = (error as { code?: unknown } | null)?.code;
    const damaged = typeof code === 'string' && code.startsWith('SQLITE_CORRUPT');
    this.log(
      'error',
      {
        err: describe(error),
        interaction: interaction.id,
        kind,
        // Where the time went when it came too late: on the way here, or in the handler.
        ageOnArrival,
        ms: Math.round(performance.now() - started),
      },
      // A damaged page shows only when a table on it is first read (tables load lazily).
      damaged ? 'the database file is damaged: stop the bot and restore it from a backup' : 'handler failed',
    );
    await this.apologize(interaction, answer, 'internal_error');
    return { result: 'error' };
  }

  /** The one line per interaction; fields a malformed interaction lacks are left out, not thrown on. */
  private logLine(interaction: Interaction, started: number, fields: Record<string, unknown>): void {
    try {
      this.log(
        'info',
        {
          interaction: interaction.id,
          user: interaction.user?.id,
          guild: interaction.guildId,
          channel: interaction.channelId,
          ...fields,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'interaction',
      );
    } catch (error) {
      this.lastResort(interaction, error);
    }
  }

  /** A failure that got past the boundary (a malformed interaction's getters, say): one line. */
  private lastResort(interaction: Interaction, error: unknown): void {
    try {
      this.log(
        'error',
        { interaction: String((interaction as { id?: unknown } | null)?.id), err: describe(error) },
        "the interaction's error path failed",
      );
    } catch {
      // Its id could not even be read: the constructor's catch must not throw in turn.
    }
  }

  /** A log line that cannot throw: the error path goes on (to the apology) whatever the log does. */
  private log(level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, message: string): void {
    try {
      this.ctx.logger[level](fields, message);
    } catch {
      // The log refused the line: there is nowhere left to say it, and the answer matters more.
    }
  }

  /** A sentence that names no player, in the user's language (English if the locale cannot be read). */
  private say(interaction: Interaction, code: DoorWords): string {
    let ui = EN_TEXT;
    try {
      ui = this.ctx.looks.forUser(interaction.locale);
    } catch (error) {
      this.log(
        'warn',
        { interaction: interaction.id, err: describe(error) },
        "the user's locale could not be read; answered in English",
      );
    }
    return refusalText({ code }, seatNumbers(ui.lang), ui);
  }

  /**
   * The apology (or the disk's sentence), if the user has not had an answer (a deferred one is
   * completed with it). A failure to build or send it is logged, never thrown.
   */
  private async apologize(interaction: Interaction, answer: Answer | null, code: DoorWords): Promise<void> {
    try {
      if (interaction.isAutocomplete()) {
        if (!answer?.answered) await interaction.respond([]);
        return;
      }
      if (!interaction.isRepliable()) return;
      const open = !answer?.answered || (answer.deferred !== null && !interaction.replied);
      if (!open) return;
      await interaction.reply({ content: this.say(interaction, code), flags: EPHEMERAL });
    } catch (error) {
      this.log(
        'warn',
        { interaction: String((interaction as { id?: unknown } | null)?.id), code, err: describe(error) },
        'the apology could not be sent',
      );
    }
  }
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
