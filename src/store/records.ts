/** The records the store reads and writes, parsed at the edge (zod) where they come back from SQLite. */
import { z } from 'zod';
import { BOT_LEVELS, type BotLevel } from '../bots/policy.js';
import type { LoggedAction, MatchState, Settings } from '../engine/index.js';

export const TABLE_STATUSES = ['lobby', 'playing', 'paused', 'finished', 'abandoned'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
export const ACTIVE_STATUSES: readonly TableStatus[] = ['lobby', 'playing', 'paused'];

export const SEATINGS = ['random', 'chosen'] as const;
export type Seating = (typeof SEATINGS)[number];

export type Occupant =
  | { readonly kind: 'user'; readonly userId: string; readonly name: string }
  | { readonly kind: 'bot'; readonly level: BotLevel };

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
}

export const settingsSchema = z.object({
  targetScore: z.number().int(),
  callsAfterFirstOut: z.boolean(),
  wishOptional: z.boolean(),
  bombIgnoresWish: z.boolean(),
});

export const pauseVotesSchema = z.array(z.string());

/** A bot seat's level as stored; anything else in the file is refused, never guessed. */
export const botLevelSchema = z.enum(BOT_LEVELS);
