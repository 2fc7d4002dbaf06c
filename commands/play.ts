/** /play cards: the typed way to play, with autocomplete offering your legal plays. */
import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  SlashCommandBuilder,
} from 'discord.js';
import { inHandOrder } from '../src/discord/cardText.js';
import type { BotContext } from '../src/discord/context.js';
import { comboLabelFor } from '../src/discord/playLabels.js';
import { actorOf, afterAction, type Outcome, refuse, showPanel } from '../src/discord/respond.js';
import { type Action, formatCards, parseCards, type Rank } from '../src/engine/index.js';
import { t } from '../src/i18n/index.js';
import { named } from './localized.js';

export const data = named(new SlashCommandBuilder(), 'play', 'cmd.play')
  .addStringOption((o) =>
    named(o, 'cards', 'cmd.play.cards').setRequired(true).setAutocomplete(true).setMaxLength(100),
  )
  .addIntegerOption((o) => named(o, 'phoenix', 'cmd.play.phoenix').setMinValue(2).setMaxValue(14));

/** "7st 7jd", or with a Phoenix reading: "phoenix 9sw 9jd as:9". */
export function parsePlayText(text: string): { cards: string; phoenixAs?: number } {
  const match = /\bas:(\d{1,2})\b/.exec(text);
  const cards = text.replace(/\bas:\d{1,2}\b/, '').trim();
  return match ? { cards, phoenixAs: Number(match[1]) } : { cards };
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<Outcome> {
  const here = ctx.service.tableInChannel(interaction.channelId);
  if (!here.ok) return refuse(ctx, interaction, here.error);
  const tableId = here.value.table.id;
  const typed = parsePlayText(interaction.options.getString('cards', true));
  const parsed = parseCards(typed.cards);
  if (!parsed.ok)
    return refuse(ctx, interaction, { code: 'unreadable_cards', problem: parsed.error.problem }, tableId);
  const phoenixAs = interaction.options.getInteger('phoenix') ?? typed.phoenixAs;
  const action: Action =
    phoenixAs === undefined
      ? { type: 'play', cards: parsed.value }
      : { type: 'play', cards: parsed.value, phoenixAs: phoenixAs as Rank };
  const actor = actorOf(interaction);
  const result = ctx.service.act(tableId, actor, action);
  if (!result.ok) return refuse(ctx, interaction, result.error, tableId);
  // The player's answer goes first; the table message and the next player's ping follow it.
  try {
    const lang = ctx.looks.forUser(interaction.locale).lang;
    return await showPanel(ctx, interaction, tableId, {
      notice: t(lang, 'panel.youPlayed', { cards: formatCards(inHandOrder(parsed.value)) }),
    });
  } finally {
    afterAction(ctx, result.value, actor.userId);
  }
}

export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<Outcome> {
  const here = ctx.service.tableInChannel(interaction.channelId);
  const view = here.ok ? ctx.service.playerView(here.value.table.id, interaction.user.id) : null;
  if (!view?.ok) {
    await interaction.respond([]);
    return { result: 'no_table' };
  }
  const typed = interaction.options.getFocused().toLowerCase().trim();
  const plays = view.value.legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  const lang = ctx.looks.forUser(interaction.locale).lang;
  const choices = plays
    .map((p) => {
      const value = `${formatCards(inHandOrder(p.cards))}${p.phoenixAs === undefined ? '' : ` as:${p.phoenixAs}`}`;
      return {
        name: `${comboLabelFor(view.value.view, p, lang)}: ${formatCards(inHandOrder(p.cards))}`.slice(
          0,
          100,
        ),
        value: value.slice(0, 100),
      };
    })
    .filter((c) => typed === '' || typed.split(/\s+/).every((word) => c.value.toLowerCase().includes(word)))
    .slice(0, 25);
  await interaction.respond(choices);
  return { result: 'ok', tableId: here.ok ? here.value.table.id : undefined };
}
