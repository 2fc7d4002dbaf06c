/** Interaction callbacks, the @original response and follow-ups, with Discord's timing rules. */
import {
  alreadyAcknowledged,
  DiscordError,
  FormErrors,
  invalidWebhookToken,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from './errors.js';
import type { Hub, RestRequest } from './hub.js';
import { createMessage, editMessage, type Handled, storeMessage } from './restMessages.js';
import { beforeChange, beforePost, countMessage } from './threads.js';
import { validateChoices, validateModal } from './validate.js';
import type { Json, OpenInteraction, StoredMessage } from './world.js';

export const ACK_DEADLINE_MS = 3_000;
export const TOKEN_LIFETIME_MS = 15 * 60_000;
const EPHEMERAL = 64;
const LOADING = 128;

const COMPONENT = 3;
const AUTOCOMPLETE = 4;
const MODAL_SUBMIT = 5;

function notAllowed(type: number): DiscordError {
  const errors = new FormErrors();
  errors.add(
    ['type'],
    'INTERACTION_CALLBACK_TYPE_INVALID',
    `Interaction callback type ${type} is not allowed for this interaction`,
  );
  return errors.toError();
}

/** Interactions whose first callback is processed, then answered with another status (see below). */
const failAfter = new WeakMap<OpenInteraction, number>();

/**
 * The first callback of `interaction` is processed as usual, then answered with `status` (a 502: a
 * gateway between the bot and Discord lost the answer). discord.js retries it and is refused with
 * 40060 (already acknowledged), as it would be by Discord.
 */
export function answerCallbackWith(interaction: OpenInteraction, status: number): void {
  failAfter.set(interaction, status);
}

export function interactionCallback(hub: Hub, req: RestRequest, id: string, token: string): Handled {
  const interaction = hub.world.interactions.get(id);
  if (!interaction || interaction.token !== token) return unknownInteraction();
  if (hub.world.now() - interaction.createdAt > ACK_DEADLINE_MS) return unknownInteraction();
  if (interaction.ack) return alreadyAcknowledged();
  const body = req.json ?? {};
  const type = body.type as number;
  const data = (body.data ?? {}) as Json;
  const fromComponent =
    interaction.type === COMPONENT ||
    (interaction.type === MODAL_SUBMIT && interaction.sourceMessageId !== null);
  const ephemeral = ((data.flags as number | undefined) ?? 0) & EPHEMERAL ? EPHEMERAL : 0;
  let resource: Json = { type };
  switch (type) {
    case 4:
    case 5: {
      if (interaction.type === AUTOCOMPLETE) return notAllowed(type);
      const body4 = type === 5 ? { content: '', components: [] } : data;
      const created = createOriginal(
        hub,
        req,
        interaction,
        body4,
        ephemeral | (type === 5 ? LOADING : 0),
        type === 5,
      );
      if (created instanceof DiscordError) return created;
      resource = { type, message: hub.world.messageJson(created, hub.port) };
      break;
    }
    case 6:
    case 7: {
      if (!fromComponent) return notAllowed(type);
      const source = hub.world.messages.get(interaction.sourceMessageId as string);
      if (!source || source.deleted) return unknownMessage();
      if (type === 7) {
        const edited = editMessage(hub, req, source, data);
        if (edited instanceof DiscordError) return edited;
      }
      interaction.originalId = source.id;
      interaction.ephemeral = source.visibleTo !== null;
      resource = { type, message: hub.world.messageJson(source, hub.port) };
      break;
    }
    case 8: {
      if (interaction.type !== AUTOCOMPLETE) return notAllowed(type);
      const errors = validateChoices(data);
      if (!errors.empty) return errors.toError();
      break;
    }
    case 9: {
      if (interaction.type === AUTOCOMPLETE || interaction.type === MODAL_SUBMIT) return notAllowed(type);
      const errors = validateModal(data);
      if (!errors.empty) return errors.toError();
      break;
    }
    default:
      return notAllowed(type);
  }
  interaction.ack = { type, data: body.data === undefined ? null : data };
  hub.emit('ack', interaction);
  const failWith = failAfter.get(interaction);
  if (failWith !== undefined) {
    failAfter.delete(interaction);
    return { status: failWith, body: { message: `${failWith}: Bad Gateway`, code: 0 } };
  }
  if (req.query.get('with_response') === 'true') {
    return { status: 200, body: { interaction: { id: interaction.id, type: interaction.type }, resource } };
  }
  return { status: 204 };
}

function createOriginal(
  hub: Hub,
  req: RestRequest,
  interaction: OpenInteraction,
  data: Json,
  flags: number,
  deferred: boolean,
): StoredMessage | DiscordError {
  const meta = {
    channelId: interaction.channelId,
    guildId: interaction.guildId,
    authorId: hub.applicationId,
    visibleTo: flags & EPHEMERAL ? interaction.userId : null,
    interactionId: interaction.id,
    webhookId: null,
  };
  // A deferred reply is a placeholder ("is thinking...") that the first edit fills in.
  const refused = deferred
    ? beforePost(hub, meta.channelId, { viaInteraction: true, ephemeral: meta.visibleTo !== null })
    : null;
  if (refused) return refused;
  const created = deferred
    ? storeMessage(hub, meta, { content: '', embeds: [], components: [], attachments: [], flags })
    : createMessage(hub, req, data, meta, flags);
  if (created instanceof DiscordError) return created;
  interaction.originalId = created.id;
  interaction.ephemeral = (flags & EPHEMERAL) !== 0;
  return created;
}

function byToken(hub: Hub, applicationId: string, token: string): OpenInteraction | DiscordError {
  if (applicationId !== hub.applicationId) return unknownWebhook();
  const interaction = hub.world.interactionsByToken.get(token);
  if (!interaction) return unknownWebhook();
  if (hub.world.now() - interaction.createdAt > TOKEN_LIFETIME_MS) return invalidWebhookToken();
  return interaction;
}

/** GET / PATCH / DELETE of "@original" or of a follow-up, through the interaction's token. */
export function webhookMessage(
  hub: Hub,
  req: RestRequest,
  applicationId: string,
  token: string,
  messageId: string,
): Handled {
  const interaction = byToken(hub, applicationId, token);
  if (interaction instanceof DiscordError) return interaction;
  const id = messageId === '@original' ? interaction.originalId : messageId;
  const message = id === null ? undefined : hub.world.messages.get(id);
  const ours = message && (message.interactionId === interaction.id || message.id === interaction.originalId);
  if (!message || message.deleted || !ours) return unknownMessage();
  if (req.method === 'GET') return { status: 200, body: hub.world.messageJson(message, hub.port) };
  if (req.method === 'DELETE') {
    const archived = beforeChange(hub, message.channelId);
    if (archived) return archived;
    message.deleted = true;
    countMessage(hub, message, 'deleted');
    hub.messageChanged(message);
    return { status: 204 };
  }
  const edited = editMessage(hub, req, message, req.json ?? {});
  return edited instanceof DiscordError
    ? edited
    : { status: 200, body: hub.world.messageJson(edited, hub.port) };
}

/** A follow-up message: only after the interaction was acknowledged. */
export function followUp(hub: Hub, req: RestRequest, applicationId: string, token: string): Handled {
  const interaction = byToken(hub, applicationId, token);
  if (interaction instanceof DiscordError) return interaction;
  if (!interaction.ack) return unknownWebhook();
  const body = req.json ?? {};
  const flags = ((body.flags as number | undefined) ?? 0) & EPHEMERAL;
  const created = createMessage(
    hub,
    req,
    body,
    {
      channelId: interaction.channelId,
      guildId: interaction.guildId,
      authorId: hub.applicationId,
      visibleTo: flags ? interaction.userId : null,
      interactionId: interaction.id,
      webhookId: hub.applicationId,
    },
    flags,
  );
  return created instanceof DiscordError
    ? created
    : { status: 200, body: hub.world.messageJson(created, hub.port) };
}
