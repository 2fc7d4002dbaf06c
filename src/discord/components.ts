/** Buttons and select menus: decode the custom id, check it, call the table service, answer once. */
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { type Action, type Card, isSeat, type Rank } from '../engine/index.js';
import { t } from '../i18n/index.js';
import { v2Options } from './componentsV2.js';
import type { BotContext } from './context.js';
import { decodeCards, decodePlay } from './customIds.js';
import { type ComponentInput, readComponent } from './door/componentInput.js';
import { staleComponent } from './door/doorText.js';
import { comboLabelFor } from './playLabels.js';
import { offersKind } from './playPanel.js';
import { EPHEMERAL } from './renderPanel.js';
import { renderTable } from './renderTable.js';
import { actorOf, afterAction, type Outcome, refuse, showPanel } from './respond.js';
import { answerRequest, askForSeat, seatArg } from './seatRequests.js';

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

type ParsedId = ComponentInput;

export async function handleComponent(ctx: BotContext, interaction: ComponentInteraction): Promise<Outcome> {
  const values = interaction.isStringSelectMenu() ? interaction.values : [];
  const read = readComponent(interaction.customId, interaction.componentType, values);
  if (!read.ok && !read.ours) {
    // Not an id this bot makes: a message left by an older version of it.
    await interaction.reply({
      content: staleComponent(
        read.what === 'menu' ? 'menu' : 'button',
        ctx.looks.forUser(interaction.locale).lang,
      ),
      flags: EPHEMERAL,
    });
    return { result: 'stale_component' };
  }
  if (!read.ok) {
    // Values that are not what the menu offers: said on the panel, if it is this channel's table's.
    const table = read.tableId ? ctx.service.tableView(read.tableId) : null;
    const here =
      table?.ok && table.value.table.channelId === interaction.channelId ? read.tableId : undefined;
    return refuse(ctx, interaction, { code: 'malformed_id', what: read.what }, here);
  }
  const id = read.input;
  const found = ctx.service.tableView(id.tableId);
  if (!found.ok) return refuse(ctx, interaction, found.error);
  if (found.value.table.channelId !== interaction.channelId)
    return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' });
  switch (id.verb) {
    case 'join':
    case 'leave':
    case 'start':
      return lobbyButton(ctx, interaction, id);
    case 'hand':
      if (id.args[0] === 'kind') return showKind(ctx, interaction, id);
      if (id.args[0] === 'tichu' || id.args[0] === 'keep') return askTichu(ctx, interaction, id);
      return id.args[0] === 'bomb'
        ? showPanel(ctx, interaction, id.tableId, {
            bombsOnly: true,
            notice: t(langOfUser(ctx, interaction), 'panel.chooseBomb'),
          })
        : showPanel(ctx, interaction, id.tableId);
    case 'pick':
      return pick(ctx, interaction, id);
    case 'exs':
      return exchangeSelect(ctx, interaction, id);
    case 'back':
      return comeBack(ctx, interaction, id);
    case 'take':
      // Beside an away player's own name the button is theirs too: for them it means I'm back.
      return awayAt(ctx, id.tableId, interaction.user.id, seatArg(id.args[0]))
        ? comeBack(ctx, interaction, id)
        : askForSeat(ctx, interaction, id.tableId, seatArg(id.args[0]));
    case 'seatok':
    case 'seatno':
      return answerRequest(ctx, interaction, id);
    default:
      return gameAction(ctx, interaction, id);
  }
}

async function lobbyButton(
  ctx: BotContext,
  interaction: ComponentInteraction,
  id: ParsedId,
): Promise<Outcome> {
  const actor = actorOf(interaction);
  const result =
    id.verb === 'join'
      ? ctx.service.join(id.tableId, actor)
      : id.verb === 'leave'
        ? ctx.service.leave(id.tableId, actor)
        : ctx.service.start(id.tableId, actor);
  if (!result.ok) return refuse(ctx, interaction, result.error, id.tableId);
  const snapshot = ctx.service.tableView(id.tableId);
  if (!snapshot.ok) return refuse(ctx, interaction, snapshot.error, id.tableId);
  // The public message itself was clicked: the update is both the answer and the edit.
  try {
    // The message clicked keeps its language: the public table message the server's, the private
    // copy from /table status its reader's.
    const ui = interaction.message.flags.has(EPHEMERAL)
      ? ctx.looks.forUser(interaction.locale)
      : ctx.looks.forGuild(snapshot.value.table.guildId);
    // An old embed-style table message becomes a V2 one with this very update.
    await interaction.update(v2Options(renderTable(snapshot.value, ui), { clearOld: true }));
  } finally {
    // Whether or not the answer got through, and whatever edit landed while it waited, a fresh
    // edit leaves the stored message showing the table as it is.
    ctx.tableMessages.schedule(id.tableId);
    if ('events' in result.value) ctx.notifier.afterAction(result.value, actor.userId);
  }
  return { result: 'ok', tableId: id.tableId };
}

/** Whether `userId` holds `seat` of the table and is away from it. */
function awayAt(ctx: BotContext, tableId: string, userId: string, seat: unknown): boolean {
  const snapshot = ctx.service.tableView(tableId);
  if (!snapshot.ok || typeof seat !== 'number') return false;
  const occupant = snapshot.value.table.seats[seat];
  return occupant?.kind === 'user' && occupant.userId === userId && occupant.away === true;
}

/**
 * **I'm back** on an away player's panel (or **Take seat** beside their own name): the seat is
 * theirs again from its next decision.
 */
async function comeBack(ctx: BotContext, interaction: ComponentInteraction, id: ParsedId): Promise<Outcome> {
  const actor = actorOf(interaction);
  const result = ctx.service.comeBack(id.tableId, actor);
  if (!result.ok) return refuse(ctx, interaction, result.error, id.tableId);
  try {
    return await showPanel(ctx, interaction, id.tableId, {
      notice: t(langOfUser(ctx, interaction), 'panel.welcomeBack'),
    });
  } finally {
    afterAction(ctx, result.value, actor.userId);
  }
}

/**
 * A kind chosen in the kinds menu (plays split by kind): the panel offers that kind's plays. A kind
 * no longer offered (the hand or the table moved on) shows the whole panel, saying so.
 */
async function showKind(ctx: BotContext, interaction: ComponentInteraction, id: ParsedId): Promise<Outcome> {
  const kind = id.values[0] ?? '';
  const snapshot = ctx.service.playerView(id.tableId, interaction.user.id);
  if (snapshot.ok && offersKind(snapshot.value, kind))
    return showPanel(ctx, interaction, id.tableId, { kind });
  return showPanel(ctx, interaction, id.tableId, {
    notice: t(langOfUser(ctx, interaction), 'panel.kindGone'),
  });
}

/**
 * Tichu! on a panel asks before it calls (`hand:…:tichu`); Not now shows the panel as it was
 * (`hand:…:keep`). Either keeps the exchange picks made so far.
 */
async function askTichu(ctx: BotContext, interaction: ComponentInteraction, id: ParsedId): Promise<Outcome> {
  const [what, encoded] = id.args;
  const picks = encoded ? decodeExchange(encoded) : null;
  if (encoded && !picks)
    return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' }, id.tableId);
  const exchange = picks ? { exchange: picks as [Card | null, Card | null, Card | null] } : {};
  if (what === 'keep') return showPanel(ctx, interaction, id.tableId, exchange);
  return showPanel(ctx, interaction, id.tableId, {
    ...exchange,
    confirmTichu: true,
    notice: t(langOfUser(ctx, interaction), 'panel.confirmTichu'),
  });
}

/** Cards picked in the multi-select: shown as picked, with a "Play" button carrying them. */
async function pick(ctx: BotContext, interaction: ComponentInteraction, id: ParsedId): Promise<Outcome> {
  const picked = decodeCards(id.values.join(''));
  if (!picked) return refuse(ctx, interaction, { code: 'malformed_id', what: 'card choice' }, id.tableId);
  return showPanel(ctx, interaction, id.tableId, { picked });
}

/** One of the three exchange selects: remember the pick in the panel's ids, show it picked. */
async function exchangeSelect(
  ctx: BotContext,
  interaction: ComponentInteraction,
  id: ParsedId,
): Promise<Outcome> {
  const [slotText, encoded = '------'] = id.args;
  const slot = Number(slotText);
  const picks = decodeExchange(encoded);
  const chosen = decodeCards(id.values[0] ?? '');
  if (!picks || !chosen || chosen.length !== 1 || ![0, 1, 2].includes(slot)) {
    return refuse(ctx, interaction, { code: 'malformed_id', what: 'exchange choice' }, id.tableId);
  }
  // A card picked for one player is taken back from another slot, and the panel says so.
  let from = -1;
  picks.forEach((card, i) => {
    if (i === slot || card !== chosen[0]) return;
    if (from < 0) from = i;
    picks[i] = null;
  });
  picks[slot] = chosen[0] as Card;
  return showPanel(ctx, interaction, id.tableId, {
    exchange: picks as [Card | null, Card | null, Card | null],
    ...(from >= 0 ? { exchangeMoved: { from, to: slot } } : {}),
  });
}

function decodeExchange(encoded: string): Array<Card | null> | null {
  if (encoded.length !== 6) return null;
  const picks: Array<Card | null> = [];
  for (let i = 0; i < 6; i += 2) {
    const part = encoded.slice(i, i + 2);
    if (part === '--') picks.push(null);
    else {
      const cards = decodeCards(part);
      if (!cards) return null;
      picks.push(cards[0] as Card);
    }
  }
  return picks;
}

/** The actions that change the game: decode into an engine action and hand it to the service. */
async function gameAction(
  ctx: BotContext,
  interaction: ComponentInteraction,
  id: ParsedId,
): Promise<Outcome> {
  const action = actionOf(id);
  if (!action) return refuse(ctx, interaction, { code: 'malformed_id', what: 'button' }, id.tableId);
  // Only the Phoenix reads two ways: other plays skip the reading (and its legal-action listing).
  if (action.type === 'play' && action.phoenixAs === undefined && action.cards.includes('phoenix')) {
    const readings = ambiguousReadings(ctx, interaction, id.tableId, action.cards);
    if (readings.length > 1)
      return showPanel(ctx, interaction, id.tableId, { readings, picked: action.cards });
  }
  const actor = actorOf(interaction);
  const result = ctx.service.act(id.tableId, actor, action, id.version);
  if (!result.ok) return refuse(ctx, interaction, result.error, id.tableId);
  // A Tichu call from the exchange panel keeps the exchange picks made so far, and is confirmed.
  const picks = id.verb === 'tichu' && id.args[0] ? decodeExchange(id.args[0]) : null;
  const called =
    id.verb === 'tichu' ? { notice: t(langOfUser(ctx, interaction), 'panel.youCalledTichu') } : {};
  // The player's answer goes first; the table message and the next player's ping follow it.
  try {
    return await showPanel(ctx, interaction, id.tableId, {
      ...called,
      ...(picks ? { exchange: picks as [Card | null, Card | null, Card | null] } : {}),
    });
  } finally {
    afterAction(ctx, result.value, actor.userId);
  }
}

function actionOf(id: ParsedId): Action | null {
  const [first, second] = id.args;
  switch (id.verb) {
    case 'pass':
      return { type: 'pass' };
    case 'tichu':
      return { type: 'tichu' };
    case 'gt':
      return first === '1' || first === '0' ? { type: 'grandTichu', call: first === '1' } : null;
    case 'gift': {
      const to = Number(first);
      return isSeat(to) ? { type: 'giveDragon', to } : null;
    }
    case 'wish': {
      if (first === '0') return { type: 'wish', rank: null };
      const rank = Number(id.values[0] ?? Number.NaN);
      return Number.isInteger(rank) && rank >= 2 && rank <= 14 ? { type: 'wish', rank: rank as Rank } : null;
    }
    case 'lp': {
      const play = decodePlay(id.values[0] ?? '');
      if (!play) return null;
      return play.phoenixAs === undefined
        ? { type: 'play', cards: play.cards }
        : { type: 'play', cards: play.cards, phoenixAs: play.phoenixAs as Rank };
    }
    case 'play': {
      const cards = decodeCards(first ?? '');
      if (!cards || cards.length === 0) return null;
      if (second === undefined) return { type: 'play', cards };
      const phoenixAs = Number(second);
      return Number.isInteger(phoenixAs) && phoenixAs >= 2 && phoenixAs <= 14
        ? { type: 'play', cards, phoenixAs: phoenixAs as Rank }
        : null;
    }
    case 'ex': {
      const picks = decodeExchange(first ?? '');
      if (!picks || picks.some((c) => c === null)) return null;
      const [next, partner, previous] = picks as Card[];
      return { type: 'exchange', next: next as Card, partner: partner as Card, previous: previous as Card };
    }
    default:
      return null;
  }
}

/** The clicking user's language (their Discord client's), for the notices on their panel. */
function langOfUser(ctx: BotContext, interaction: ComponentInteraction) {
  return ctx.looks.forUser(interaction.locale).lang;
}

/** The legal Phoenix readings of exactly these cards, when there is more than one (labelled for the clicker). */
function ambiguousReadings(
  ctx: BotContext,
  interaction: ComponentInteraction,
  tableId: string,
  cards: readonly Card[],
) {
  const snapshot = ctx.service.playerView(tableId, interaction.user.id);
  if (!snapshot.ok) return [];
  const same = (a: readonly Card[]) => a.length === cards.length && a.every((c) => cards.includes(c));
  return snapshot.value.legal
    .filter(
      (a): a is Extract<Action, { type: 'play' }> =>
        a.type === 'play' && same(a.cards) && a.phoenixAs !== undefined,
    )
    .map((a) => ({
      cards: a.cards,
      phoenixAs: a.phoenixAs as number,
      label: comboLabelFor(snapshot.value.view, a, langOfUser(ctx, interaction)),
    }));
}
