/** What every /table subcommand at a channel's table gets: the table, the actor, and the usual answer. */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Actor } from '../../src/app/core.js';
import type { BotContext } from '../../src/discord/context.js';
import { EPHEMERAL } from '../../src/discord/renderPanel.js';
import { actorOf, type Outcome } from '../../src/discord/respond.js';
import type { Ui } from '../../src/discord/ui.js';
import type { Seat } from '../../src/engine/index.js';

export interface Here {
  readonly interaction: ChatInputCommandInteraction;
  readonly ctx: BotContext;
  readonly tableId: string;
  readonly actor: Actor;
  /** How the actor reads the bot (their client's language): for answers only they see. */
  readonly ui: Ui;
  /** A seat option as the service counts seats (the command shows them 1-4). */
  seat(name: string, required?: boolean): Seat | undefined;
  /** Answers the actor alone; the table message follows the committed change either way. */
  say(content: string): Promise<Outcome>;
}

export function hereAt(interaction: ChatInputCommandInteraction, ctx: BotContext, tableId: string): Here {
  return {
    interaction,
    ctx,
    tableId,
    actor: actorOf(interaction),
    ui: ctx.looks.forUser(interaction.locale),
    seat(name, required = false) {
      const n = interaction.options.getInteger(name, required);
      return n === null ? undefined : ((n - 1) as Seat);
    },
    async say(content) {
      try {
        await interaction.reply({ content, flags: EPHEMERAL, allowedMentions: { parse: [] } });
      } finally {
        // The change is committed: the table message follows even if the answer did not get through.
        ctx.tableMessages.schedule(tableId);
      }
      return { result: 'ok', tableId };
    },
  };
}
