/** Answering an interaction: panels, refusals and table updates, each in one acknowledgement. */
import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  APIEmbed,
  ButtonInteraction,
  ChatInputCommandInteraction,
  JSONEncodable,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { Actor } from '../app/core.js';
import type { Refusal } from '../app/refusals.js';
import type { ActOutcome, TableRecord, TableSnapshot } from '../app/tableService.js';
import { type Lang, t } from '../i18n/index.js';
import { comboLabel } from './cardText.js';
import { IS_COMPONENTS_V2 } from './componentsV2.js';
import type { BotContext } from './context.js';
import { textContext } from './names.js';
import { refusalText, seatNumbers } from './refusalText.js';
import { EPHEMERAL, type PanelOptions, panelOf, renderPanel } from './renderPanel.js';

export type Repliable = ButtonInteraction | StringSelectMenuInteraction | ChatInputCommandInteraction;

/** What the handler did, for the log line. */
export type Outcome = { readonly result: string; readonly tableId?: string };

export function actorOf(interaction: Repliable): Actor {
  const member = interaction.member;
  const display = member && 'displayName' in member ? member.displayName : null;
  return {
    userId: interaction.user.id,
    name: display ?? interaction.user.globalName ?? interaction.user.username,
  };
}

/**
 * Whether the interaction came from a private panel (ephemeral), rather than the public message.
 * The private table copy (`/table status`) is ephemeral too, but a Components V2 message: a panel
 * (content and rows) cannot replace it, since Discord never removes the flag, so it counts as none.
 */
export function fromPanel(interaction: Repliable): boolean {
  if (interaction.isChatInputCommand()) return false;
  const { flags } = interaction.message;
  return flags.has(EPHEMERAL) && !flags.has(IS_COMPONENTS_V2);
}

/**
 * Shows the clicking user's panel, in their language (`interaction.locale`): in place on a panel
 * click, else as a new ephemeral message. `options.notice` must already be in that language.
 */
export async function showPanel(
  ctx: BotContext,
  interaction: Repliable,
  tableId: string,
  options: PanelOptions = {},
): Promise<Outcome> {
  const snapshot = ctx.service.playerView(tableId, interaction.user.id);
  if (!snapshot.ok) return refuse(ctx, interaction, snapshot.error, tableId);
  const { locale } = interaction;
  const payload = panelOf(snapshot.value, ctx.looks.forUser(locale), options);
  // The panel sent is the player's live one: it follows the table from now on.
  if (fromPanel(interaction) && !interaction.isChatInputCommand()) {
    const answered = interaction.update(toDiscord(payload));
    ctx.livePanels.shown(
      snapshot.value,
      { token: interaction.token, how: 'same', origin: originOf(interaction), locale, answered },
      options,
    );
    await answered;
  } else {
    const answered = interaction.reply({ ...toDiscord(payload), flags: EPHEMERAL });
    ctx.livePanels.shown(
      snapshot.value,
      { token: interaction.token, how: 'new', origin: interaction.id, locale, answered },
      options,
    );
    await answered;
  }
  return { result: 'ok', tableId };
}

/** The interaction whose answer made the clicked message (Discord names it on the message). */
function originOf(interaction: ButtonInteraction | StringSelectMenuInteraction): string | null {
  return interaction.message.interactionMetadata?.id ?? null;
}

/** A refusal as one ephemeral sentence (on a panel, the current panel with the sentence on top). */
export async function refuse(
  ctx: BotContext,
  interaction: Repliable,
  refusal: Refusal,
  tableId?: string,
): Promise<Outcome> {
  const table = tableId ? ctx.service.tableView(tableId) : null;
  const ui = ctx.looks.forUser(interaction.locale);
  const names = table?.ok ? textContext(table.value.table, ui.lang) : seatNumbers(ui.lang);
  let text = refusalText(refusal, names, ui);
  if (refusal.code === 'stale_view' && table?.ok) text = `${text} ${whatChanged(table.value, ui.lang)}`;
  const hint = midMatchHint(interaction, refusal);
  if (hint) text = `${text} ${t(ui.lang, hint)}`;
  // One not seated at a match with a seat a bot plays, or an away player's: how to ask for it.
  if (refusal.code === 'not_seated' && table?.ok && offersSeat(table.value.table))
    text = `${text} ${t(ui.lang, 'refusal.notSeated.takeSeat')}`;
  const panel =
    tableId && fromPanel(interaction) ? ctx.service.playerView(tableId, interaction.user.id) : null;
  if (panel?.ok && !interaction.isChatInputCommand()) {
    const answered = interaction.update(toDiscord(renderPanel(panel.value, ui, { notice: text })));
    ctx.livePanels.shown(panel.value, {
      token: interaction.token,
      how: 'same',
      origin: originOf(interaction),
      locale: interaction.locale,
      answered,
    });
    await answered;
  } else {
    await interaction.reply({ content: text, flags: EPHEMERAL, allowedMentions: { parse: [] } });
  }
  return {
    result: refusal.code === 'rule' ? `rule:${refusal.error.code}` : refusal.code,
    ...(tableId ? { tableId } : {}),
  };
}

/** The /table subcommands refused during a match, and the hint each gets: what to do instead. */
const MID_MATCH_HINTS = {
  join: 'refusal.midMatch.join',
  leave: 'refusal.midMatch.leave',
  start: 'refusal.midMatch.start',
  bot: 'refusal.midMatch.bot',
  kick: 'refusal.midMatch.kick',
  seat: 'refusal.midMatch.seat',
  team: 'refusal.midMatch.seat',
  timer: 'refusal.midMatch.timer',
} as const;

/** "Not possible while the match is being played" alone leaves one guessing: a typed /table command hears what to do instead. */
function midMatchHint(
  interaction: Repliable,
  refusal: Refusal,
): (typeof MID_MATCH_HINTS)[keyof typeof MID_MATCH_HINTS] | null {
  if (refusal.code !== 'wrong_status' || (refusal.status !== 'playing' && refusal.status !== 'paused'))
    return null;
  if (!interaction.isChatInputCommand() || interaction.commandName !== 'table') return null;
  const sub = interaction.options.getSubcommand(false);
  return sub !== null && Object.hasOwn(MID_MATCH_HINTS, sub)
    ? MID_MATCH_HINTS[sub as keyof typeof MID_MATCH_HINTS]
    : null;
}

/** Whether a match under way has a seat someone could ask for (a bot's, or an away player's). */
function offersSeat(table: TableRecord): boolean {
  if (table.status !== 'playing' && table.status !== 'paused') return false;
  return table.seats.some((s) => s?.kind === 'bot' || (s?.kind === 'user' && s.away === true));
}

/** For a stale panel: what the table shows now, in a sentence. */
function whatChanged(snapshot: TableSnapshot, lang: Lang): string {
  const view = snapshot.view;
  if (!view) return '';
  const names = textContext(snapshot.table, lang);
  const top = view.trick?.plays.at(-1);
  const a = top
    ? t(lang, 'refusal.changed.played', {
        name: names.seatName(top.seat),
        combo: comboLabel(top.combo, lang),
      })
    : t(lang, 'refusal.changed.empty');
  if (view.turn === null) return t(lang, 'refusal.changed.one', { a });
  const b = t(lang, 'refusal.changed.turn', { name: names.seatName(view.turn) });
  return t(lang, 'refusal.changed.two', { a, b });
}

/** After an accepted action: the public message follows, and whoever must act next may be told. */
export function afterAction(ctx: BotContext, outcome: ActOutcome, actorId: string): void {
  ctx.tableMessages.schedule(outcome.table.id);
  ctx.notifier.noteActivity(outcome.table.id, actorId);
  ctx.notifier.afterAction(outcome, actorId);
}

/**
 * Our renders produce Discord's own JSON (checked by the local Discord). Wrapped as JSON-encodable,
 * discord.js sends it as is: a plain object would first be copied key by key into snake case
 * (its jsonTransformer), a cost that showed in the end-to-end profile for every panel sent.
 */
export function toDiscord(payload: {
  content?: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
}): {
  content: string;
  embeds: JSONEncodable<APIEmbed>[];
  components: JSONEncodable<APIActionRowComponent<APIComponentInMessageActionRow>>[];
  allowedMentions: { parse: [] };
} {
  return {
    content: payload.content ?? '',
    embeds: payload.embeds.map((e) => asIs(e as unknown as APIEmbed)),
    components: payload.components.map((c) =>
      asIs(c as unknown as APIActionRowComponent<APIComponentInMessageActionRow>),
    ),
    allowedMentions: { parse: [] },
  };
}

function asIs<T>(json: T): JSONEncodable<T> {
  return { toJSON: () => json };
}
