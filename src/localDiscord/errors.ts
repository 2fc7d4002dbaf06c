/** Discord's error responses, with its own codes and shapes, so tests fail where Discord would. */

export interface FieldError {
  readonly code: string;
  readonly message: string;
}

export class DiscordError {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly message: string,
    readonly errors?: Record<string, unknown>,
  ) {}

  toJSON(): Record<string, unknown> {
    return this.errors
      ? { code: this.code, message: this.message, errors: this.errors }
      : { code: this.code, message: this.message };
  }
}

export const unknownInteraction = () => new DiscordError(404, 10062, 'Unknown interaction');
export const alreadyAcknowledged = () =>
  new DiscordError(400, 40060, 'Interaction has already been acknowledged.');
export const invalidWebhookToken = () => new DiscordError(401, 50027, 'Invalid Webhook Token');
export const unknownMessage = () => new DiscordError(404, 10008, 'Unknown Message');
export const unknownChannel = () => new DiscordError(404, 10003, 'Unknown Channel');
export const unknownWebhook = () => new DiscordError(404, 10015, 'Unknown Webhook');
export const unauthorized = () => new DiscordError(401, 0, '401: Unauthorized');
export const notFound = () => new DiscordError(404, 0, '404: Not Found');
export const emptyMessage = () => new DiscordError(400, 50006, 'Cannot send an empty message');
export const notAuthor = () => new DiscordError(403, 50005, 'Cannot edit a message authored by another user');
export const unknownGuild = () => new DiscordError(404, 10004, 'Unknown Guild');
export const unknownUser = () => new DiscordError(404, 10013, 'Unknown User');
export const unknownMember = () => new DiscordError(404, 10007, 'Unknown Member');
export const wrongChannelType = () =>
  new DiscordError(400, 50024, 'Cannot execute action on this channel type');
/** 50083: what discord.js users see as "Thread is archived" (Discord's list: an archived thread). */
export const threadArchived = () => new DiscordError(400, 50083, 'Thread is archived');
export const threadLocked = () => new DiscordError(400, 160005, 'Thread is locked');
export const threadAlreadyCreated = () =>
  new DiscordError(400, 160004, 'A thread has already been created for this message');
export const tooManyActiveThreads = () =>
  new DiscordError(400, 160006, 'Maximum number of active threads reached');
export const missingPermissions = () => new DiscordError(403, 50013, 'Missing Permissions');
export const tooLarge = () => new DiscordError(413, 40005, 'Request entity too large');

/** Collects field errors at paths like ["components", 0, "components", 1, "custom_id"]. */
export class FormErrors {
  private readonly root: Record<string, unknown> = {};
  private count = 0;

  add(path: ReadonlyArray<string | number>, code: string, message: string): void {
    let node = this.root;
    for (const key of path) {
      const k = String(key);
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    }
    node._errors ??= [];
    (node._errors as FieldError[]).push({ code, message });
    this.count++;
  }

  get empty(): boolean {
    return this.count === 0;
  }

  toError(): DiscordError {
    return new DiscordError(400, 50035, 'Invalid Form Body', this.root);
  }
}
