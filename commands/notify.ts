/** /notify: turn the "your turn" message on or off. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { actorOf, type Outcome, refuse } from '../src/discord/respond.js';
import { t } from '../src/i18n/index.js';
import { choice, named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'notify', 'cmd.notify').addStringOption((o) =>
  named(o, 'turn', 'cmd.notify.turn')
    .setRequired(true)
    .addChoices(choice('on', 'cmd.notify.turn.on'), choice('off', 'cmd.notify.turn.off')),
);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const on = interaction.options.getString('turn', true) === 'on';
  const result = ctx.service.setTurnPings(actorOf(interaction), on);
  if (!result.ok) return refuse(ctx, interaction, result.error);
  const { lang } = ctx.looks.forUser(interaction.locale);
  await interaction.reply({
    content: t(lang, on ? 'cmd.reply.notifyOn' : 'cmd.reply.notifyOff'),
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}
