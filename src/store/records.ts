/** The records the store reads and writes, parsed at the edge (zod) where they come back from SQLite. */
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from '../bots/policy.js';
import {
  type Action,
  type LoggedAction,
  type MatchState,
  parseAction,
  type Seat,
  type Settings,
} from '../engine/index.js';

export const TABLE_STATUSES = ['lobby', 'playing', 'paused', 'finished', 'abandoned'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
export const ACTIVE_STATUSES: readonly TableStatus[] = ['lobby', 'playing', 'paused'];

export const SEATINGS = ['random', 'chosen'] as const;
export type Seating = (typeof SEATINGS)[number];

export type Occupant =
  | {
      readonly kind: 'user';
      readonly userId: string;
      readonly name: string;
      /** Away: the normal policy makes the seat's decisions at once until its player is back. */
      readonly away?: boolean;
      /** Decisions in a row its clock ran out on (absent: none); two make the seat away. */
      readonly timeouts?: number;
    }
  | { readonly kind: 'bot'; readonly level: BotLevel };

/** How long a person has for each decision they owe, per table (`off`: no clock). */
export const TURN_TIMERS = ['off', '30s', '60s', '2m', '5m'] as const;
export type TurnTimer = (typeof TURN_TIMERS)[number];
export const DEFAULT_TURN_TIMER: TurnTimer = '2m';

/**
 * How quickly bots move at a table where a person watches: the configured pause (BOT_PACE_MS)
 * halved, as it is, or doubled. A table of bots only never waits.
 */
export const BOT_PACES = ['quick', 'normal', 'slow'] as const;
export type BotPace = (typeof BOT_PACES)[number];
export const DEFAULT_BOT_PACE: BotPace = 'normal';

/** A playing table's one deadline: when it falls, and which decision (or phase) it applies to. */
export interface Deadline {
  readonly at: number;
  readonly key: string;
}

/** Why the normal policy made a logged action for a seat's player: their clock ran out, or they were away. */
export const FORCED_BY = ['timeout', 'away'] as const;
export type ForcedBy = (typeof FORCED_BY)[number];

/** An action as everyone may see it: an exchange names no cards. */
export type PublicAction = Exclude<Action, { type: 'exchange' }> | { readonly type: 'exchange' };

/** The seats whose clock ran out in the table's last timeout, and what was done for each. */
export interface TimeoutNotice {
  readonly moves: ReadonlyArray<{ readonly seat: Seat; readonly action: PublicAction }>;
}

export interface TableRecord {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly hostId: string;
  readonly messageId: string | null;
  readonly status: TableStatus;
  readonly settings: Settings;
  readonly seating: Seating;
  readonly matchId: number | null;
  /** Seated users who asked to pause (or resume); cleared when the status changes. */
  readonly pauseVotes: readonly string[];
  readonly seats: readonly [Occupant | null, Occupant | null, Occupant | null, Occupant | null];
  /** The table's turn timer, chosen in the lobby. */
  readonly timer: TurnTimer;
  /** How quickly its bots move while a person watches, chosen in the lobby. */
  readonly pace: BotPace;
  /**
   * The deadline of the decision someone owes now; null when none runs (paused, bots to move, no
   * timer). A lobby's is when it closes unless touched (key IDLE_KEY), kept on a lobby it closed.
   */
  readonly deadline: Deadline | null;
  /** Shown on the table message until the next person acts: the last timeout. */
  readonly notice: TimeoutNotice | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface StoredMatch {
  readonly id: number;
  readonly tableId: string;
  readonly seed: string;
  readonly settings: Settings;
  readonly state: MatchState;
  /** Version of the newest logged action (0 when none). */
  readonly loggedVersion: number;
}

export interface LoggedEntry extends LoggedAction {
  readonly version: number;
  readonly handNumber: number;
  readonly userId: string | null;
  readonly events: unknown;
  /** Made for the seat's player by the normal policy (null: the player's or a bot's own). */
  readonly forced: ForcedBy | null;
  /** When it was committed (the bot's clock, Unix milliseconds). */
  readonly at: number;
}

/**
 * Who held a seat of a match from a state version on: the seat's decisions from that version are
 * theirs (a person's, or a bot's at `level`). The first holder of each seat is at version 0; each
 * substitute adds one.
 */
export interface SeatHolder {
  readonly seat: Seat;
  readonly since: number;
  readonly userId: string | null;
  /** The person's display name as last seen (null for a bot). */
  readonly name: string | null;
  readonly level: BotLevel | null;
}

/**
 * Someone not seated asking to take an away or bot seat of a table's current match, with the
 * approvals counted so far. `nonce` names the request on its buttons.
 */
export interface SeatRequest {
  readonly tableId: string;
  readonly matchId: number;
  readonly seat: Seat;
  readonly userId: string;
  readonly name: string;
  readonly nonce: string;
  readonly approvals: readonly string[];
  readonly createdAt: number;
}

/** A lobby closes itself once nobody touched it for this long (its deadline, keyed IDLE_KEY). */
export const IDLE_LOBBY_MS = 24 * 60 * 60 * 1000;
export const IDLE_KEY = 'idle';

export const settingsSchema = z.object({
  targetScore: z.number().int(),
  callsAfterFirstOut: z.boolean(),
  wishOptional: z.boolean(),
  bombIgnoresWish: z.boolean(),
  // Added with events (0011): rows written before them read as the defaults.
  grandTichu: z.boolean().default(true),
  handLimit: z.number().int().nullable().default(null),
});

export const pauseVotesSchema = z.array(z.string());
export const approvalsSchema = z.array(z.string());

/** A bot seat's level as stored; anything else in the file is refused, never guessed. */
export const botLevelSchema = z.enum(BOT_LEVELS);

export const turnTimerSchema = z.enum(TURN_TIMERS);
export const botPaceSchema = z.enum(BOT_PACES);
export const forcedBySchema = z.enum(FORCED_BY).nullable();

const publicActionSchema = z.unknown().transform((value, ctx): PublicAction => {
  if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'exchange')
    return { type: 'exchange' };
  const parsed = parseAction(value);
  if (parsed.ok && parsed.value.type !== 'exchange') return parsed.value;
  ctx.addIssue({ code: 'custom', message: 'not an action' });
  return z.NEVER;
});

export const timeoutNoticeSchema = z.object({
  moves: z.array(z.object({ seat: z.number().int().min(0).max(3), action: publicActionSchema })),
});
