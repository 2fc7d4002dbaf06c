/**
 * The weekly challenge's use cases as the Discord layer calls them (challenges.ts), with ids and
 * values in and a result or a refusal out. No discord.js here.
 */

import {
  type BoardReveal,
  type BoardsSummary,
  type ChallengeEntry,
  type ChallengeStandings,
  type ClosedWeek,
  challengeHandEnded,
  challengeHidden,
  challengeStandingsOf,
  closeDueWeeks,
  type NamedStanding,
  openChallengeTable,
  type PlayAnswer,
  playChallenge,
  revealBoards,
  setChallengeThread,
  setWeekTurn,
  shareLine,
  turnOf,
  type WeekInfo,
  type WeekTurn,
  weekOf,
} from './challenges.js';
import type { Actor, Core, Outcome } from './core.js';
import type { ActOutcome } from './outcomes.js';

export type { BoardGrade } from '../events/index.js';
export type {
  BoardReveal,
  BoardsSummary,
  ChallengeEntry,
  ChallengeStandings,
  ClosedWeek,
  NamedStanding,
  PlayAnswer,
  WeekInfo,
  WeekTurn,
} from './challenges.js';
export { CHALLENGE_BOARDS } from './challenges.js';

export class ChallengeService {
  constructor(private readonly core: Core) {}

  /** Closes the weeks whose end has come (one server's, or every one this process owns). */
  closeDue(guildId?: string): ClosedWeek[] {
    return closeDueWeeks(this.core, guildId);
  }
  play(guildId: string, channelId: string, actor: Actor): Outcome<PlayAnswer> {
    return playChallenge(this.core, guildId, channelId, actor);
  }
  setThread(guildId: string, weekStart: number, userId: string, threadId: string): boolean {
    return setChallengeThread(this.core, guildId, weekStart, userId, threadId);
  }
  openTable(guildId: string, weekStart: number, userId: string): Outcome<ActOutcome | null> {
    return openChallengeTable(this.core, guildId, weekStart, userId);
  }
  /** A hand ended somewhere: a challenge table's board is recorded (null: not a challenge table). */
  handEnded(tableId: string): { entry: ChallengeEntry; finished: boolean } | null {
    return challengeHandEnded(this.core, tableId);
  }
  /** The entry a table plays, if it is a challenge table. */
  ofTable(tableId: string): ChallengeEntry | null {
    return this.core.store.challenges.ofTable(tableId);
  }
  week(guildId: string, which: 'current' | 'previous'): WeekInfo | null {
    return weekOf(this.core, guildId, which);
  }
  standings(guildId: string, which: 'current' | 'previous'): Outcome<ChallengeStandings> {
    return challengeStandingsOf(this.core, guildId, which);
  }
  share(
    guildId: string,
    userId: string,
    which: 'current' | 'previous' | number,
  ): Outcome<{ info: WeekInfo; entry: ChallengeEntry; standing: NamedStanding | null }> {
    return shareLine(this.core, guildId, userId, which);
  }
  boards(
    guildId: string,
    which: 'current' | 'previous',
    board: number | null,
  ): Outcome<BoardsSummary | BoardReveal> {
    return revealBoards(this.core, guildId, which, board);
  }
  turn(guildId: string): WeekTurn {
    return turnOf(this.core, guildId);
  }
  setTurn(guildId: string, turn: WeekTurn): Outcome<{ turn: WeekTurn; from: number }> {
    return setWeekTurn(this.core, guildId, turn);
  }
  /** Whether a match is a challenge's whose week is still open (its boards hidden from everyone). */
  hidden(matchId: number): boolean {
    return challengeHidden(this.core, matchId);
  }
}
