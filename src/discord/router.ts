/** The one door for interactions: route to a command or component handler, one error boundary, one log line. */
import type { Client, Interaction } from 'discord.js';
import { Events } from 'discord.js';
import { commandNamed } from '../../commands/index.js';
import { page as leaderboardPage } from '../../commands/leaderboard.js';
import { listPage } from '../../commands/table/list.js';
import { handleComponent } from './components.js';
import type { BotContext } from './context.js';
import { refusalText, type TextContext } from './refusalText.js';
import { EPHEMERAL } from './renderPanel.js';
import type { Outcome } from './respond.js';

/** For sentences that name no player. */
const NO_NAMES: TextContext = { seatName: (seat) => `Seat ${seat + 1}` };

export class Router {
  private readonly inFlight = new Set<Promise<void>>();
  private accepting = true;

  constructor(
    client: Client,
    private readonly ctx: BotContext,
  ) {
    client.on(Events.InteractionCreate, (interaction) => {
      const work = this.handle(interaction).finally(() => this.inFlight.delete(work));
      this.inFlight.add(work);
    });
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
    let outcome: Outcome = { result: 'ignored' };
    let kind = 'unknown';
    try {
      if (!this.accepting) {
        if (interaction.isRepliable())
          await interaction.reply({
            content: refusalText({ code: 'restarting' }, NO_NAMES),
            flags: EPHEMERAL,
          });
        outcome = { result: 'shutting_down' };
      } else if (interaction.isChatInputCommand()) {
        const sub = interaction.options.getSubcommand(false);
        kind = sub ? `/${interaction.commandName} ${sub}` : `/${interaction.commandName}`;
        const command = commandNamed(interaction.commandName);
        if (command) outcome = await command.execute(interaction, this.ctx);
      } else if (interaction.isAutocomplete()) {
        kind = `autocomplete /${interaction.commandName}`;
        const command = commandNamed(interaction.commandName);
        if (command?.autocomplete) outcome = await command.autocomplete(interaction, this.ctx);
      } else if (interaction.isButton() && interaction.customId.startsWith('lb:')) {
        kind = 'leaderboard';
        outcome = await leaderboardPage(interaction, this.ctx);
      } else if (interaction.isButton() && interaction.customId.startsWith('tl:')) {
        kind = 'table list';
        outcome = await listPage(interaction, this.ctx);
      } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
        kind = interaction.customId.split(':')[0] ?? 'component';
        outcome = await handleComponent(this.ctx, interaction);
      }
    } catch (error) {
      outcome = { result: 'error' };
      const code = (error as { code?: unknown } | null)?.code;
      const damaged = typeof code === 'string' && code.startsWith('SQLITE_CORRUPT');
      this.ctx.logger.error(
        { err: error instanceof Error ? error.message : String(error), interaction: interaction.id, kind },
        // A damaged page shows only when a table on it is first read (tables load lazily).
        damaged
          ? 'the database file is damaged: stop the bot and restore it from a backup'
          : 'handler failed',
      );
      await this.apologize(interaction);
    }
    this.ctx.logger.info(
      {
        interaction: interaction.id,
        user: interaction.user.id,
        guild: interaction.guildId,
        channel: interaction.channelId,
        kind,
        table: outcome.tableId,
        outcome: outcome.result,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'interaction',
    );
  }

  private async apologize(interaction: Interaction): Promise<void> {
    if (!interaction.isRepliable() || interaction.replied || interaction.deferred) return;
    await interaction
      .reply({
        content: refusalText({ code: 'internal_error' }, NO_NAMES),
        flags: EPHEMERAL,
      })
      .catch(() => undefined);
  }
}
