/**
 * /help: what the commands do and how a match goes, and what every symbol and label means, in the
 * reader's language.
 */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import type { Outcome } from '../src/discord/respond.js';
import { type Lang, t } from '../src/i18n/index.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'help', 'cmd.help');

const PARAGRAPHS = [
  'cmd.help.start',
  'cmd.help.play',
  'cmd.help.panels',
  'cmd.help.clock',
  'cmd.help.pace',
  'cmd.help.takeOver',
  'cmd.help.host',
  'cmd.help.finding',
  'cmd.help.competition',
  'cmd.help.events',
  'cmd.help.seasons',
  'cmd.help.challenge',
  'cmd.help.review',
  'cmd.help.notify',
] as const;

/**
 * How to play with the bot, one paragraph a line, in an embed of its own (a description holds 4,096
 * characters; the English text was 1,906 as message content, whose limit is 2,000).
 */
export function helpText(lang: Lang): string {
  return PARAGRAPHS.map((key) => t(lang, key)).join('\n');
}

/**
 * Every card symbol, play label and table-message mark the bot uses (cardText.ts, renderTable.ts,
 * renderPanel.ts, renderStory.ts), in an embed: its description may hold 4,096 characters.
 */
export function symbolsText(lang: Lang): string {
  return [
    t(lang, 'cmd.help.symbolsCards'),
    t(lang, 'cmd.help.symbolsPlays'),
    t(lang, 'cmd.help.symbolsTable'),
  ].join('\n\n');
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const { lang } = ctx.looks.forUser(interaction.locale);
  await interaction.reply({
    embeds: [
      { title: t(lang, 'cmd.help.title'), description: helpText(lang) },
      { title: t(lang, 'cmd.help.symbolsTitle'), description: symbolsText(lang) },
    ],
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}
