/**
 * Which handler answers an interaction, by its kind, and the answers for everything no handler
 * owns: commands the bot does not have (stale registrations, context menus, the entry point),
 * autocomplete without suggestions, menus and forms the bot never sends. Options are checked
 * here, before any handler runs.
 */
import type { Interaction } from 'discord.js';
import { click as challengeClick } from '../../../commands/challenge.js';
import { click as eventClick } from '../../../commands/event.js';
import { commandNamed } from '../../../commands/index.js';
import { page as leaderboardPage } from '../../../commands/leaderboard.js';
import { listPage } from '../../../commands/table/list.js';
import type { Command } from '../../../commands/types.js';
import { type Lang, langOf, t } from '../../i18n/index.js';
import { handleComponent } from '../components.js';
import type { BotContext } from '../context.js';
import { VERBS } from '../customIds.js';
import { EPHEMERAL } from '../renderPanel.js';
import type { Outcome } from '../respond.js';
import { reviewClick } from '../reviewReply.js';
import { claimOf } from './claims.js';
import { type CommandDefinition, checkOptions } from './commandOptions.js';
import { staleCommand, staleComponent, staleForm } from './doorText.js';

export interface Routed {
  /** What it was, for the log line: "/table join", "pass", "modal". */
  readonly kind: string;
  readonly outcome: Promise<Outcome>;
}

export function dispatch(interaction: Interaction, ctx: BotContext): Routed {
  // What the door itself says is in the user's language.
  const lang = langOf(interaction.locale);
  if (interaction.isChatInputCommand()) {
    const command = commandNamed(interaction.commandName);
    // Not a command of the bot's: its name (anyone's input) stays out of the log.
    if (!command)
      return { kind: 'unknown command', outcome: say(interaction, staleCommand(lang), 'stale_command') };
    const verdict = checkOptions(
      definitionOf(command),
      interaction.options.data,
      lang,
      false,
      command.optionWords,
    );
    const sub =
      verdict.ok || verdict.result !== 'stale_command' ? interaction.options.getSubcommand(false) : null;
    const kind = sub ? `/${interaction.commandName} ${sub}` : `/${interaction.commandName}`;
    if (!verdict.ok) return { kind, outcome: say(interaction, verdict.text, verdict.result) };
    return { kind, outcome: command.execute(interaction, ctx) };
  }
  if (interaction.isAutocomplete()) {
    const command = commandNamed(interaction.commandName);
    const kind = command ? `autocomplete /${interaction.commandName}` : 'autocomplete';
    const fits =
      command?.autocomplete && checkOptions(definitionOf(command), interaction.options.data, lang, true).ok;
    if (command?.autocomplete && fits) return { kind, outcome: command.autocomplete(interaction, ctx) };
    return {
      kind,
      outcome: interaction.respond([]).then(() => ({ result: 'no_suggestions' })),
    };
  }
  if (interaction.isCommand()) {
    // A context menu or entry point: the bot registers none, so this one is left from elsewhere.
    return {
      kind: 'context menu',
      outcome: say(interaction, staleCommand(lang), 'stale_command'),
    };
  }
  const claim = interaction.isButton() || interaction.isStringSelectMenu() ? claimOf(interaction) : null;
  if (claim === 'foreign' || claim === 'spent') {
    // An id of ours on a message not made for it, or one whose buttons are gone (claims.ts): said to
    // the clicker alone, and nothing is done.
    const what = interaction.isStringSelectMenu() ? 'menu' : 'button';
    return {
      kind: `${claim} component`,
      outcome: say(interaction, notItsMessage(claim, what, lang), `${claim}_component`),
    };
  }
  if (interaction.isButton() && interaction.customId.startsWith('lb:'))
    return { kind: 'leaderboard', outcome: leaderboardPage(interaction, ctx) };
  if (interaction.isButton() && interaction.customId.startsWith('ev:'))
    return { kind: 'event', outcome: eventClick(interaction, ctx) };
  if (interaction.isButton() && interaction.customId.startsWith('rv:'))
    return { kind: 'review', outcome: reviewClick(interaction, ctx) };
  if (interaction.isButton() && interaction.customId.startsWith('ch:'))
    return { kind: 'challenge', outcome: challengeClick(interaction, ctx) };
  if (interaction.isButton() && interaction.customId.startsWith('tl:'))
    return { kind: 'table list', outcome: listPage(interaction, ctx) };
  if (interaction.isButton() || interaction.isStringSelectMenu()) {
    // The verb names the kind; anything else is user input, which the log does not repeat.
    const verb = interaction.customId.split(':')[0] ?? '';
    const kind = (VERBS as readonly string[]).includes(verb) ? verb : 'component';
    return { kind, outcome: handleComponent(ctx, interaction) };
  }
  if (interaction.isMessageComponent()) {
    // User, role, mentionable or channel menus: the bot sends none.
    return { kind: 'menu', outcome: say(interaction, staleComponent('menu', lang), 'stale_component') };
  }
  if (interaction.isModalSubmit())
    return { kind: 'modal', outcome: say(interaction, staleForm(lang), 'stale_form') };
  return { kind: 'unknown', outcome: Promise.resolve({ result: 'ignored' }) };
}

/** Each command's definition as Discord has it, built once. */
const definitions = new WeakMap<Command, CommandDefinition>();

function definitionOf(command: Command): CommandDefinition {
  let definition = definitions.get(command);
  if (!definition) {
    definition = command.data.toJSON();
    definitions.set(command, definition);
  }
  return definition;
}

async function say(
  interaction: Extract<Interaction, { reply: unknown }>,
  content: string,
  result: string,
): Promise<Outcome> {
  await interaction.reply({ content, flags: EPHEMERAL, allowedMentions: { parse: [] } });
  return { result };
}

/**
 * A forged id on a message not made for it gets what a malformed one gets ("That button is not
 * valid."): only a modified client can send it. One on a message whose buttons are gone may be a
 * real click that raced their removal: "That button is no longer in use: nothing was done."
 */
function notItsMessage(claim: 'foreign' | 'spent', what: 'button' | 'menu', lang: Lang): string {
  const words = t(lang, what === 'menu' ? 'refusal.what.menu' : 'refusal.what.button');
  return claim === 'spent'
    ? t(lang, 'refusal.door.spent', { what: words })
    : t(lang, 'refusal.malformed_id', { what: words });
}
