/** The shape of a command module: its builder and what runs it. */
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandOptionsOnlyBuilder,
  SlashCommandSubcommandsOnlyBuilder,
} from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import type { OptionWords } from '../src/discord/door/commandOptions.js';
import type { Outcome } from '../src/discord/respond.js';

export interface Command {
  readonly data: SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome>;
  /** The sentence for a bad value of an option (by name), where better than the door's general one. */
  readonly optionWords?: OptionWords;
  autocomplete?(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Outcome>;
}
