/** /rules: Tichu in a nutshell, as this bot plays it, in the reader's language. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import type { Outcome } from '../src/discord/respond.js';
import { type Lang, t } from '../src/i18n/index.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'rules', 'cmd.rules');

const PARAGRAPHS = [
  'cmd.rules.teams',
  'cmd.rules.deal',
  'cmd.rules.play',
  'cmd.rules.combos',
  'cmd.rules.specials',
  'cmd.rules.tichu',
  'cmd.rules.scoring',
] as const;

/** The rules, one paragraph a line. */
export function rulesText(lang: Lang): string {
  return PARAGRAPHS.map((key) => t(lang, key)).join('\n');
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const { lang } = ctx.looks.forUser(interaction.locale);
  await interaction.reply({ content: rulesText(lang), flags: EPHEMERAL });
  return { result: 'ok' };
}
