/** /table list [mine]: the server's active tables, newest activity first, and its paging buttons. */
import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../../src/discord/context.js';
import { parseListId, renderList } from '../../src/discord/renderList.js';
import { EPHEMERAL } from '../../src/discord/renderPanel.js';
import { type Outcome, refuse, toDiscord } from '../../src/discord/respond.js';

export async function list(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const mine = interaction.options.getBoolean('mine') ?? false;
  const r = ctx.service.listTables(interaction.guildId ?? '', interaction.user.id, mine, 0);
  if (!r.ok) return refuse(ctx, interaction, r.error);
  await interaction.reply({
    ...toDiscord(renderList(r.value, ctx.looks.forUser(interaction.locale).lang)),
    flags: EPHEMERAL,
  });
  return { result: 'ok' };
}

/** ◀ / ▶ on a list: the page in the id, the viewer (for `mine`) from the interaction alone. */
export async function listPage(interaction: ButtonInteraction, ctx: BotContext): Promise<Outcome> {
  const wanted = parseListId(interaction.customId);
  if (!wanted) return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  const r = ctx.service.listTables(interaction.guildId ?? '', interaction.user.id, wanted.mine, wanted.page);
  if (!r.ok) return refuse(ctx, interaction, r.error);
  await interaction.update(toDiscord(renderList(r.value, ctx.looks.forUser(interaction.locale).lang)));
  return { result: 'ok' };
}
