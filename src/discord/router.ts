/**
 * The one door for interactions: every kind is routed (dispatch.ts) and answered, a slow handler is
 * deferred (answer.ts), one error boundary, one log line per interaction.
 */
import type { Client, Interaction } from 'discord.js';
import { Events } from 'discord.js';
import type { BotContext } from './context.js';
import {
  Answer,
  DISCORD_ANSWER_WINDOW_MS,
  isAlreadyAcknowledged,
  isUnknownInteraction,
} from './door/answer.js';
import { dispatch } from './door/dispatch.js';
import { refusalText, seatNumbers } from './refusalText.js';
import { EPHEMERAL } from './renderPanel.js';
import type { Outcome } from './respond.js';

export class Router {
  private readonly inFlight = new Set<Promise<void>>();
  private accepting = true;

  constructor(
    client: Client,
    private readonly ctx: BotContext,
  ) {
    client.on(Events.InteractionCreate, (interaction) => {
      if (this.seenBefore(interaction.id)) return;
      const work = this.handle(interaction).finally(() => this.inFlight.delete(work));
      this.inFlight.add(work);
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
    // How old it was on arrival: one delivered late (held while the bot was down) may be past
    // Discord's window already, and then nothing the bot does can answer it.
    const ageOnArrival = Date.now() - interaction.createdTimestamp;
    let outcome: Outcome = { result: 'ignored' };
    let kind = 'unknown';
    const answer = new Answer(interaction, {
      deferAfterMs: this.ctx.deferAfterMs,
      durable: this.ctx.durable,
      onDeferFailed: (error) =>
        this.ctx.logger.warn({ interaction: interaction.id, err: describe(error) }, 'deferral failed'),
    });
    try {
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
        await this.apologize(interaction, answer);
      }
    } catch (error) {
      if (isAlreadyAcknowledged(error)) {
        // Discord processed an earlier attempt of this answer (discord.js retried after a 5xx).
        outcome = { result: 'answered_on_retry' };
      } else if (isUnknownInteraction(error) && ageOnArrival >= DISCORD_ANSWER_WINDOW_MS) {
        // Not the bot's failure: it came too late to be answered by anyone (a warning, not an error).
        outcome = { result: 'expired' };
        this.ctx.logger.warn(
          { interaction: interaction.id, kind, ageOnArrival },
          "arrived past Discord's answer window: it could not be answered",
        );
      } else {
        outcome = { result: 'error' };
        const code = (error as { code?: unknown } | null)?.code;
        const damaged = typeof code === 'string' && code.startsWith('SQLITE_CORRUPT');
        this.ctx.logger.error(
          {
            err: describe(error),
            interaction: interaction.id,
            kind,
            // Where the time went when it came too late: on the way here, or in the handler.
            ageOnArrival,
            ms: Math.round(performance.now() - started),
          },
          // A damaged page shows only when a table on it is first read (tables load lazily).
          damaged
            ? 'the database file is damaged: stop the bot and restore it from a backup'
            : 'handler failed',
        );
        await this.apologize(interaction, answer);
      }
    } finally {
      answer.finish();
    }
    const handled = outcome.result;
    if (answer.answeredOnRetry && handled !== 'error') outcome = { ...outcome, result: 'answered_on_retry' };
    this.ctx.logger.info(
      {
        interaction: interaction.id,
        user: interaction.user.id,
        guild: interaction.guildId,
        channel: interaction.channelId,
        kind,
        table: outcome.tableId,
        outcome: outcome.result,
        ...(handled !== outcome.result ? { handled } : {}),
        ...(answer.deferred ? { deferred: answer.deferred } : {}),
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'interaction',
    );
  }

  /** A refusal that names no player, in the user's language. */
  private say(interaction: Interaction, code: 'restarting' | 'internal_error'): string {
    const ui = this.ctx.looks.forUser(interaction.locale);
    return refusalText({ code }, seatNumbers(ui.lang), ui);
  }

  /** The apology, if the user has not had an answer (a deferred one is completed with it). */
  private async apologize(interaction: Interaction, answer: Answer): Promise<void> {
    if (interaction.isAutocomplete()) {
      if (!answer.answered) await interaction.respond([]).catch(() => undefined);
      return;
    }
    if (!interaction.isRepliable()) return;
    const open = !answer.answered || (answer.deferred !== null && !interaction.replied);
    if (!open) return;
    await interaction
      .reply({
        content: this.say(interaction, 'internal_error'),
        flags: EPHEMERAL,
      })
      .catch(() => undefined);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
