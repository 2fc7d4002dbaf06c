/** The shape of a command module: its builder and what runs it. */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandOptionsOnlyBuilder,
  SlashCommandSubcommandsOnlyBuilder,
} from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import type { Outcome } from '../src/discord/respond.js';

export interface Command {
  readonly data: SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome>;
  autocomplete?(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Outcome>;
}
