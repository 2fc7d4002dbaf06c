/** /notify: turn the "your turn" message on or off. */
import { type ChatInputCommandInteraction, SlashCommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { EPHEMERAL } from '../src/discord/renderPanel.js';
import { actorOf, type Outcome, refuse } from '../src/discord/respond.js';

export const data = new SlashCommandBuilder()
  .setName('notify')
  .setDescription('Turn the message that tells you it is your turn on or off')
  .addStringOption((o) =>
    o
      .setName('turn')
      .setDescription('on or off')
      .setRequired(true)
      .addChoices({ name: 'on', value: 'on' }, { name: 'off', value: 'off' }),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const on = interaction.options.getString('turn', true) === 'on';
  const result = ctx.service.setTurnPings(actorOf(interaction), on);
  if (!result.ok) return refuse(ctx, interaction, result.error);
  await interaction.reply({
    content: on ? 'I will mention you when it is your turn.' : 'No more turn messages for you.',
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}
