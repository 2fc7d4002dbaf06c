/**
 * Events' use cases as the Discord layer calls them (a club's Tichu night: docs/playing.md, "Events
 * and seasons"), with ids and values in and a result or a refusal out. No discord.js here.
 */
import { ok } from '../engine/index.js';
import type { EventRecord, EventTable } from '../store/eventRepo.js';
import type { Actor, Core, Outcome } from './core.js';
import {
  acceptPartner,
  type CreateEventInput,
  checkIn,
  checkOut,
  createEvent,
  type EventRoster,
  eventRefusal,
  findEvent,
  setEventMessage,
} from './eventLobby.js';
import { type BoardDeal, boardDeal, type EventResults, eventResults } from './eventResults.js';
import {
  cancelEvent,
  closeRound,
  type EventProgress,
  openEventTable,
  setEventThread,
  settleEvent,
  startEvent,
} from './eventRounds.js';
import type { ActOutcome } from './outcomes.js';

export type { EventFormat, EventPlayer, EventRecord, EventTable } from '../store/eventRepo.js';
export { EVENT_FORMATS } from '../store/eventRepo.js';
export type { CreateEventInput, EventRoster } from './eventLobby.js';
export type { BoardAtTable, BoardDeal, BoardReport, EventResults, Standings } from './eventResults.js';
export type { EventProgress } from './eventRounds.js';
export type { EventPair } from './eventSeating.js';

export class EventService {
  constructor(private readonly core: Core) {}

  create(input: CreateEventInput): Outcome<EventRecord> {
    return createEvent(this.core, input);
  }
  get(eventId: string): Outcome<EventRecord> {
    return findEvent(this.core, eventId);
  }
  /** The channel's event checking in or running. */
  openIn(channelId: string): Outcome<EventRecord> {
    const event = this.core.store.events.openIn(channelId);
    return event && this.core.owns(event.guildId) ? ok(event) : eventRefusal('unknown');
  }
  /** A server's events, newest first (for /event results). */
  ofServer(guildId: string, limit = 25): EventRecord[] {
    return this.core.store.events.ofServer(guildId, limit);
  }
  setMessageId(eventId: string, messageId: string): Outcome<EventRecord> {
    return setEventMessage(this.core, eventId, messageId);
  }
  checkIn(eventId: string, actor: Actor, partner?: Actor): Outcome<EventRoster> {
    return checkIn(this.core, eventId, actor, partner);
  }
  /** The one asked to play as a pair accepts (`askerId` asked `askedId`, as the request's button says). */
  acceptPartner(eventId: string, actor: Actor, askerId: string, askedId: string): Outcome<EventRoster> {
    return acceptPartner(this.core, eventId, actor, askerId, askedId);
  }
  checkOut(eventId: string, actor: Actor): Outcome<EventRoster> {
    return checkOut(this.core, eventId, actor);
  }
  roster(eventId: string): Outcome<EventRoster> {
    const found = findEvent(this.core, eventId);
    return found.ok ? ok({ event: found.value, players: this.core.store.events.players(eventId) }) : found;
  }
  start(eventId: string, actor: Actor): Outcome<EventProgress> {
    return startEvent(this.core, eventId, actor);
  }
  /** Remembers the thread made for a pending table (false: it is not pending in that round any more). */
  setThread(eventId: string, round: number, number: number, threadId: string): boolean {
    return setEventThread(this.core, eventId, round, number, threadId);
  }
  /** Opens a pending table of round `round` in the thread made for it (null: it already was). */
  openTable(eventId: string, round: number, number: number, threadId: string): Outcome<ActOutcome | null> {
    return openEventTable(this.core, eventId, round, number, threadId);
  }
  settle(eventId: string): Outcome<EventProgress> {
    return settleEvent(this.core, eventId);
  }
  closeRound(eventId: string, actor: Actor): Outcome<EventProgress> {
    return closeRound(this.core, eventId, actor);
  }
  /** The host calls the event off (tables still playing end). */
  cancel(eventId: string, actor: Actor): Outcome<EventProgress> {
    return cancelEvent(this.core, eventId, actor);
  }
  /** Marks a board's summary posted; false when it already was. */
  markPosted(eventId: string, round: number, board: number): boolean {
    const now = this.core.env.now();
    return this.core.store.transaction(() => this.core.store.events.markPosted(eventId, round, board, now));
  }
  results(eventId: string): Outcome<EventResults> {
    const found = findEvent(this.core, eventId);
    return found.ok ? ok(eventResults(this.core, found.value)) : found;
  }
  /** Who held which cards on a board that counts already; null before (or no such board). */
  deal(eventId: string, round: number, board: number): BoardDeal[] | null {
    const found = findEvent(this.core, eventId);
    return found.ok ? boardDeal(this.core, found.value, round, board) : null;
  }
  /** The event table a table plays for, if it is one. */
  ofTable(tableId: string): EventTable | null {
    return this.core.store.events.ofTable(tableId);
  }
  /** Running events of this process's guilds (start-up carries on their rounds). */
  running(): EventRecord[] {
    return this.core.store.events.running(this.core.owns);
  }
}
