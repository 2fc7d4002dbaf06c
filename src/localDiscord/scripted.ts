/** Scripted users for tests: they use commands, click, pick and submit, and see what that user would see. */
import type { Hub } from './hub.js';
import {
  type CommandInput,
  commandData,
  draftInteraction,
  type Forged,
  forgedData,
  INTERACTION,
  openInteraction,
} from './interactions.js';
import { answerCallbackWith } from './restInteractions.js';
import { addThreadMember, removeThreadMember } from './threads.js';
import { eachComponent } from './validateV2.js';
import type { Json, LocalUser, OpenInteraction, StoredMessage } from './world.js';

export const DEFAULT_WAIT_MS = 5_000;

/** A message as a user sees it (a live view: read it, do not change it). */
export interface MessageView {
  readonly id: string;
  readonly channelId: string;
  readonly authorId: string;
  readonly content: string;
  readonly embeds: readonly Json[];
  readonly components: readonly Json[];
  readonly attachments: ReadonlyArray<{ id: string; filename: string; size: number; data: Buffer }>;
  readonly ephemeral: boolean;
  readonly loading: boolean;
  /** The message's flags (IS_COMPONENTS_V2 is 1 << 15). */
  readonly flags: number;
  /** The user whose interaction produced it, if any. */
  readonly interactionUserId: string | null;
}

export function viewOf(hub: Hub, m: StoredMessage): MessageView {
  const interaction = m.interactionId ? hub.world.interactions.get(m.interactionId) : undefined;
  return {
    id: m.id,
    channelId: m.channelId,
    authorId: m.authorId,
    content: m.content,
    embeds: m.embeds,
    components: m.components,
    attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, size: a.size, data: a.data })),
    ephemeral: (m.flags & 64) !== 0,
    loading: (m.flags & 128) !== 0,
    flags: m.flags,
    interactionUserId: interaction?.userId ?? null,
  };
}

/** A scripted user's wait that timed out: what it waited for did not happen in time. */
export class WaitTimeout extends Error {
  override readonly name = 'WaitTimeout';
}

/** Resolves when `check` returns a value; re-checks on every change; rejects after `timeoutMs`. */
export function waitUntil<T>(
  hub: Hub,
  check: () => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const first = check();
  if (first !== undefined) return Promise.resolve(first);
  return new Promise((resolve, reject) => {
    const events = ['call', 'message', 'ack'] as const;
    const onChange = () => {
      const value = check();
      if (value === undefined) return;
      cleanup();
      resolve(value);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new WaitTimeout(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      for (const e of events) hub.off(e, onChange);
    };
    for (const e of events) hub.on(e, onChange);
  });
}

/** One interaction a scripted user started, and ways to wait for the bot's answer. */
export class InteractionHandle {
  constructor(
    private readonly hub: Hub,
    readonly record: OpenInteraction,
  ) {}

  get id(): string {
    return this.record.id;
  }

  /** The acknowledgement (callback type and data), once the bot sends it. */
  acknowledged(timeoutMs = DEFAULT_WAIT_MS): Promise<{ type: number; data: Json | null }> {
    return waitUntil(
      this.hub,
      () => this.record.ack ?? undefined,
      timeoutMs,
      `the acknowledgement of interaction ${this.id}`,
    );
  }

  /**
   * The response message once it shows something (a deferred reply waits for its first edit; a
   * deferred reply deleted in favour of a follow-up is that follow-up).
   */
  async reply(timeoutMs = DEFAULT_WAIT_MS): Promise<MessageView> {
    const message = await waitUntil(
      this.hub,
      () => {
        const id = this.record.originalId;
        const m = id ? this.hub.world.messages.get(id) : undefined;
        if (m?.deleted)
          return this.hub.world
            .visibleMessages(m.channelId, this.record.userId)
            .find((f) => f.interactionId === this.id);
        return m && !(m.flags & 128) ? m : undefined;
      },
      timeoutMs,
      `the reply to interaction ${this.id}`,
    );
    return viewOf(this.hub, message);
  }
}

export class ScriptedUser {
  /** The modal the bot last showed this user, until it is submitted. */
  private modal: { data: Json; source: StoredMessage | null; channelId: string } | null = null;
  /**
   * The next interaction's first callback is processed, then answered with this status (e.g. 502, a
   * gateway that lost the answer): discord.js retries and is told 40060, already acknowledged.
   */
  failNextCallbackWith: number | null = null;

  constructor(
    private readonly hub: Hub,
    private readonly dispatch: (type: string, data: unknown) => void,
    readonly user: LocalUser,
  ) {
    hub.on('ack', (interaction: OpenInteraction) => {
      if (interaction.userId !== user.id || interaction.ack?.type !== 9) return;
      const source = interaction.sourceMessageId
        ? (hub.world.messages.get(interaction.sourceMessageId) ?? null)
        : null;
      this.modal = { data: interaction.ack.data ?? {}, source, channelId: interaction.channelId };
    });
  }

  get id(): string {
    return this.user.id;
  }

  /** Uses a registered slash command, e.g. slash(channel, 'table', { subcommand: 'create', options: { target: 500 } }). */
  slash(channelId: string, name: string, input: CommandInput = {}): InteractionHandle {
    const command = this.findCommand(channelId, name);
    const data = commandData(this.hub, command, input);
    return this.open(channelId, INTERACTION.command, data, null);
  }

  /** Types into an option with autocomplete; resolves with the choices the bot offered. */
  async autocomplete(
    channelId: string,
    name: string,
    input: CommandInput & { focused: string },
  ): Promise<Json[]> {
    const command = this.findCommand(channelId, name);
    const handle = this.open(
      channelId,
      INTERACTION.autocomplete,
      commandData(this.hub, command, input),
      null,
    );
    const ack = await handle.acknowledged();
    return ((ack.data?.choices ?? []) as Json[]).map((c) => ({ ...c }));
  }

  /** Clicks a button this user can see. */
  click(messageId: string, customId: string): InteractionHandle {
    const { message, component } = this.component(messageId, customId);
    if (component.type !== 2) throw new Error(`${customId} is not a button`);
    if (component.disabled) throw new Error(`the button ${customId} is disabled`);
    return this.open(
      message.channelId,
      INTERACTION.component,
      { custom_id: customId, component_type: 2 },
      message,
    );
  }

  /**
   * Sends a button interaction with any custom id on a message this user can see, as a modified
   * client might: for testing that the bot never trusts custom ids. Real clients cannot do this.
   */
  forgeClick(messageId: string, customId: string): InteractionHandle {
    const message = this.hub.world.messages.get(messageId);
    if (!message || !this.sees(message))
      throw new Error(`${this.user.username} cannot see message ${messageId}`);
    return this.open(
      message.channelId,
      INTERACTION.component,
      { custom_id: customId, component_type: 2 },
      message,
    );
  }

  /** Picks values in a select menu this user can see. */
  select(messageId: string, customId: string, values: readonly string[]): InteractionHandle {
    const { message, component } = this.component(messageId, customId);
    if (component.type !== 3) throw new Error(`${customId} is not a string select`);
    if (component.disabled) throw new Error(`the select ${customId} is disabled`);
    const options = ((component.options ?? []) as Json[]).map((o) => o.value);
    const unknown = values.filter((v) => !options.includes(v));
    if (unknown.length > 0) throw new Error(`the select ${customId} has no option ${unknown.join(', ')}`);
    const min = (component.min_values as number | undefined) ?? 1;
    const max = (component.max_values as number | undefined) ?? 1;
    if (values.length < min || values.length > max)
      throw new Error(`the select ${customId} takes ${min} to ${max} values`);
    return this.open(
      message.channelId,
      INTERACTION.component,
      { custom_id: customId, component_type: 3, values: [...values] },
      message,
    );
  }

  /** Submits the modal the bot showed this user, with values by text input custom id. */
  submitModal(values: Readonly<Record<string, string>>): InteractionHandle {
    const modal = this.modal;
    if (!modal) throw new Error(`${this.user.username} has no modal open`);
    this.modal = null;
    const rows = ((modal.data.components ?? []) as Json[]).map((row) => {
      if (row.type === 18) {
        const input = (row.component ?? {}) as Json;
        return {
          type: 18,
          component: { type: 4, custom_id: input.custom_id, value: values[input.custom_id as string] ?? '' },
        };
      }
      return {
        type: 1,
        components: ((row.components ?? []) as Json[]).map((input) => ({
          type: 4,
          custom_id: input.custom_id,
          value: values[input.custom_id as string] ?? '',
        })),
      };
    });
    return this.open(
      modal.channelId,
      INTERACTION.modalSubmit,
      { custom_id: modal.data.custom_id, components: rows },
      modal.source,
    );
  }

  /**
   * Sends an interaction built by hand (a stale or modified client): unknown commands, raw options,
   * context menus, any custom id or values on any component type, any modal. See `Forged`.
   */
  forge(channelId: string, forged: Forged): InteractionHandle {
    const { type, data, source } = forgedData(this.hub, channelId, forged);
    return this.open(channelId, type, data, source);
  }

  /**
   * The INTERACTION_CREATE payloads `slash`, `autocomplete`, `click`, `select` and `forge` send, built
   * and not sent, with an id and token Discord knows (an answer to them is taken): to mutate and
   * send with `LocalDiscord.injectInteraction`, as a payload that breaks Discord's schema.
   */
  draftSlash(channelId: string, name: string, input: CommandInput = {}): Json {
    const data = commandData(this.hub, this.findCommand(channelId, name), input);
    return this.draft(channelId, INTERACTION.command, data, null);
  }

  draftAutocomplete(channelId: string, name: string, input: CommandInput & { focused: string }): Json {
    const data = commandData(this.hub, this.findCommand(channelId, name), input);
    return this.draft(channelId, INTERACTION.autocomplete, data, null);
  }

  draftClick(messageId: string, customId: string): Json {
    const { message } = this.component(messageId, customId);
    return this.draft(
      message.channelId,
      INTERACTION.component,
      { custom_id: customId, component_type: 2 },
      message,
    );
  }

  draftSelect(messageId: string, customId: string, values: readonly string[]): Json {
    const { message } = this.component(messageId, customId);
    const data = { custom_id: customId, component_type: 3, values: [...values] };
    return this.draft(message.channelId, INTERACTION.component, data, message);
  }

  draftForge(channelId: string, forged: Forged): Json {
    const { type, data, source } = forgedData(this.hub, channelId, forged);
    return this.draft(channelId, type, data, source);
  }

  private draft(channelId: string, type: number, data: Json, source: StoredMessage | null): Json {
    // A copy: the payload shares the stored message's components, and it is made to be changed.
    return structuredClone(draftInteraction(this.hub, this.user.id, channelId, type, data, source).payload);
  }

  get openModal(): Json | null {
    return this.modal ? structuredClone(this.modal.data) : null;
  }

  /** Whether this user sees a message: not deleted, theirs if ephemeral, in a channel they can view. */
  private sees(message: StoredMessage): boolean {
    return (
      !message.deleted &&
      (message.visibleTo === null || message.visibleTo === this.user.id) &&
      this.hub.world.canView(this.user.id, message.channelId)
    );
  }

  /**
   * Whether this user can see a channel, its messages, and use commands and components there: not
   * in a private thread they are not a member of (nor in a deleted thread).
   */
  canView(channelId: string): boolean {
    return this.hub.world.canView(this.user.id, channelId);
  }

  /**
   * Joins a public thread (as clicking "Join Thread" does); a private thread cannot be joined, only
   * added to (by the bot: PUT /channels/:thread/thread-members/:user). THREAD_MEMBERS_UPDATE follows.
   */
  joinThread(threadId: string): void {
    const thread = this.hub.world.threads.get(threadId);
    if (!thread) throw new Error(`no thread ${threadId}`);
    if (!this.canView(threadId)) throw new Error(`${this.user.username} cannot see thread ${threadId}`);
    if (thread.archived) throw new Error(`thread ${threadId} is archived`);
    addThreadMember(this.hub, thread, this.user.id);
  }

  /** Leaves a thread (a private one: they no longer see it). */
  leaveThread(threadId: string): void {
    const thread = this.hub.world.threads.get(threadId);
    if (!thread) throw new Error(`no thread ${threadId}`);
    removeThreadMember(this.hub, thread, this.user.id);
  }

  /**
   * What this user sees in a channel: its messages plus their own ephemeral ones, oldest first
   * (nothing in a private thread they are not in).
   */
  messages(channelId: string): MessageView[] {
    return this.hub.world.visibleMessages(channelId, this.user.id).map((m) => viewOf(this.hub, m));
  }

  /** Waits until a message this user can see in the channel matches. */
  waitForMessage(
    channelId: string,
    match: (m: MessageView) => boolean,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<MessageView> {
    const find = () => {
      for (const message of this.hub.world.visibleMessages(channelId, this.user.id)) {
        const view = viewOf(this.hub, message);
        if (match(view)) return view;
      }
      return undefined;
    };
    return waitUntil(this.hub, find, timeoutMs, `a message for ${this.user.username}`);
  }

  private findCommand(channelId: string, name: string) {
    const guildId = this.hub.world.channels.get(channelId)?.guildId ?? '';
    const command =
      this.hub.world.commands.get(guildId)?.find((c) => c.name === name) ??
      this.hub.world.commands.get('global')?.find((c) => c.name === name);
    if (!command) throw new Error(`/${name} is not registered`);
    return command;
  }

  private component(messageId: string, customId: string): { message: StoredMessage; component: Json } {
    const message = this.hub.world.messages.get(messageId);
    if (!message || !this.sees(message))
      throw new Error(`${this.user.username} cannot see message ${messageId}`);
    // In a row, or (Components V2) in a container or beside a section's text.
    let found: Json | undefined;
    eachComponent(message.components, (c) => {
      if (found === undefined && c.custom_id === customId) found = c;
    });
    if (found) return { message, component: found };
    throw new Error(`message ${messageId} has no component ${customId}`);
  }

  private open(channelId: string, type: number, data: Json, source: StoredMessage | null): InteractionHandle {
    const record = openInteraction(this.hub, this.dispatch, this.user.id, channelId, type, data, source);
    // Marked before the bot can answer: the dispatch reaches it only through the gateway's socket.
    if (this.failNextCallbackWith !== null) answerCallbackWith(record, this.failNextCallbackWith);
    this.failNextCallbackWith = null;
    return new InteractionHandle(this.hub, record);
  }
}
