/**
 * An event before and between its rounds: creating it in a channel, checking in (alone, or as a
 * pair for a duplicate event) and out. The rounds themselves are eventRounds.ts.
 */
import { ok } from '../engine/index.js';
import { MAX_HAND_LIMIT } from '../engine/settings.js';
import { DEFAULT_VP_SCHEME, type VpScheme, vpSchemeProblem } from '../events/index.js';
import type { EventFormat, EventPlayer, EventRecord } from '../store/eventRepo.js';
import { TURN_TIMERS, type TurnTimer } from '../store/records.js';
import { type Actor, type Core, checkSnowflake, type Outcome, refuse } from './core.js';
import { EVENT_ID } from './ids.js';
import type { EventReason } from './refusals.js';
import { currentSeason } from './seasons.js';

export const DEFAULT_EVENT_HANDS = 4;
export const DEFAULT_EVENT_ROUNDS = 3;
export const MAX_EVENT_ROUNDS = 40;
/** The most people one event seats (50 tables). */
export const MAX_EVENT_PLAYERS = 200;
/** The fewest people an event starts with: one table. */
export const MIN_EVENT_PLAYERS = 4;

export interface CreateEventInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly host: Actor;
  readonly format: EventFormat;
  readonly hands?: number;
  readonly rounds?: number;
  readonly timer?: unknown;
  readonly grandTichu?: boolean;
  readonly vp?: VpScheme;
  readonly rated?: boolean;
  readonly seasonId?: number | null;
}

export function eventRefusal(reason: EventReason, count?: number) {
  return refuse(count === undefined ? { code: 'event', reason } : { code: 'event', reason, count });
}

/** Opens an event in a channel (one checking in or running per channel), the host not yet checked in. */
export function createEvent(core: Core, input: CreateEventInput): Outcome<EventRecord> {
  const bad =
    checkSnowflake(input.guildId, 'server id') ??
    checkSnowflake(input.channelId, 'channel id') ??
    checkSnowflake(input.host.userId, 'user id');
  if (bad) return refuse(bad);
  const hands = input.hands ?? DEFAULT_EVENT_HANDS;
  const rounds = input.rounds ?? DEFAULT_EVENT_ROUNDS;
  const timer = input.timer ?? '2m';
  const vp = input.vp ?? DEFAULT_VP_SCHEME;
  if (!Number.isInteger(hands) || hands < 1 || hands > MAX_HAND_LIMIT)
    return eventRefusal('bad_hands', MAX_HAND_LIMIT);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_EVENT_ROUNDS)
    return eventRefusal('bad_rounds', MAX_EVENT_ROUNDS);
  if (!(TURN_TIMERS as readonly unknown[]).includes(timer)) return eventRefusal('bad_timer');
  if (vpSchemeProblem(vp)) return eventRefusal('bad_scheme');
  if (core.store.events.openIn(input.channelId)) return eventRefusal('channel_has_event');
  const now = core.env.now();
  const event: EventRecord = {
    id: core.env.newTableId(),
    guildId: input.guildId,
    channelId: input.channelId,
    messageId: null,
    hostId: input.host.userId,
    format: input.format,
    hands,
    rounds,
    options: {
      timer: timer as TurnTimer,
      grandTichu: input.grandTichu ?? false,
      vp: { win: vp.win, tie: vp.tie, loss: vp.loss, doubleVictory: vp.doubleVictory },
      rated: input.rated ?? false,
    },
    seed: core.env.newSeed(),
    status: 'checkin',
    round: 0,
    // Its placings count in the season running when it opened.
    seasonId: input.seasonId ?? currentSeason(core.store, input.guildId)?.id ?? null,
    createdAt: now,
    updatedAt: now,
  };
  core.store.transaction(() => core.store.events.insert(event));
  return ok(event);
}

/** Loads an event by id after checking the id's shape. */
export function findEvent(core: Core, eventId: string): Outcome<EventRecord> {
  if (!EVENT_ID.test(eventId)) return refuse({ code: 'malformed_id', what: 'event id' });
  const event = core.store.events.get(eventId);
  return event && core.owns(event.guildId) ? ok(event) : eventRefusal('unknown');
}

export interface EventRoster {
  readonly event: EventRecord;
  readonly players: readonly EventPlayer[];
  /** After a check-in naming a partner: they now play as a pair, or the partner is asked and has to accept. */
  readonly pairing?: 'paired' | 'asked';
}

/**
 * Checks the actor in. With `partner` (a duplicate event): the actor asks that person to play as a
 * pair, and nobody is checked in or paired without saying so: the pair stands once the partner names
 * the actor too (by `/event checkin partner:` or the request's button, `acceptPartner`); until then
 * both count as singles. A rotating event takes people between rounds too (from the next round on);
 * a duplicate event's pairs are fixed at its start.
 */
export function checkIn(core: Core, eventId: string, actor: Actor, partner?: Actor): Outcome<EventRoster> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const event = found.value;
  const bad =
    checkSnowflake(actor.userId, 'user id') ?? (partner ? checkSnowflake(partner.userId, 'user id') : null);
  if (bad) return refuse(bad);
  if (event.status === 'finished' || event.status === 'cancelled') return eventRefusal('not_checking_in');
  if (event.status === 'running' && event.format === 'duplicate') return eventRefusal('pairs_fixed');
  const players = core.store.events.players(eventId);
  const current = (userId: string) => players.find((p) => p.userId === userId && p.checkedIn);
  const pairedWith = (userId: string) => {
    const other = current(userId)?.partnerId;
    return other && current(other)?.partnerId === userId ? other : null;
  };
  if (partner && partner.userId === actor.userId) return eventRefusal('partner_self');
  if (partner && event.format !== 'duplicate') return eventRefusal('partners_duplicate');
  const mine = current(actor.userId);
  if (mine && !partner) return eventRefusal('checked_in');
  if (mine && partner && mine.partnerId === partner.userId)
    return eventRefusal(pairedWith(actor.userId) ? 'checked_in' : 'partner_asked');
  const theirs = partner ? pairedWith(partner.userId) : null;
  if (theirs && theirs !== actor.userId) return eventRefusal('partner_checked_in');
  const checkedIn = players.filter((p) => p.checkedIn).length;
  if (!mine && checkedIn + 1 > MAX_EVENT_PLAYERS) return eventRefusal('event_full', MAX_EVENT_PLAYERS);
  const now = core.env.now();
  core.store.transaction(() => {
    // Naming someone else: the one the actor was paired with is single again.
    const former = pairedWith(actor.userId);
    const left = former ? current(former) : undefined;
    if (left && partner && former !== partner.userId)
      core.store.events.savePlayer(eventId, { ...left, partnerId: null });
    core.store.events.savePlayer(eventId, {
      userId: actor.userId,
      name: actor.name,
      partnerId: partner?.userId ?? null,
      checkedIn: true,
      joinedAt: mine?.joinedAt ?? now,
    });
    core.store.events.update({ ...event, updatedAt: now });
  });
  const roster = { event, players: core.store.events.players(eventId) };
  if (!partner) return ok(roster);
  return ok({ ...roster, pairing: current(partner.userId)?.partnerId === actor.userId ? 'paired' : 'asked' });
}

/**
 * The partner's answer to a request to play as a pair (the request's button): only the one asked may
 * accept, and only while the one who asked still asks them.
 */
export function acceptPartner(
  core: Core,
  eventId: string,
  actor: Actor,
  askerId: string,
  askedId: string,
): Outcome<EventRoster> {
  const bad = checkSnowflake(askerId, 'user id') ?? checkSnowflake(askedId, 'user id');
  if (bad) return refuse(bad);
  if (actor.userId === askerId) return eventRefusal('own_request');
  if (actor.userId !== askedId) return eventRefusal('not_asked');
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const asker = core.store.events.players(eventId).find((p) => p.userId === askerId && p.checkedIn);
  if (found.value.status === 'checkin' && asker?.partnerId !== actor.userId)
    return eventRefusal('request_gone');
  return checkIn(core, eventId, actor, { userId: askerId, name: asker?.name ?? askerId });
}

/** Checks the actor out: before the start they leave the list; in a rotating event, from the next round. */
export function checkOut(core: Core, eventId: string, actor: Actor): Outcome<EventRoster> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const event = found.value;
  if (event.status === 'finished' || event.status === 'cancelled') return eventRefusal('not_checking_in');
  if (event.status === 'running' && event.format === 'duplicate') return eventRefusal('pairs_fixed');
  const players = core.store.events.players(eventId);
  const mine = players.find((p) => p.userId === actor.userId && p.checkedIn);
  if (!mine) return eventRefusal('not_checked_in');
  const now = core.env.now();
  core.store.transaction(() => {
    core.store.events.savePlayer(eventId, { ...mine, checkedIn: false, partnerId: null });
    // Their partner stays, single again (paired with someone at the start).
    const partner = players.find((p) => p.checkedIn && p.partnerId === actor.userId);
    if (partner) core.store.events.savePlayer(eventId, { ...partner, partnerId: null });
    core.store.events.update({ ...event, updatedAt: now });
  });
  return ok({ event, players: core.store.events.players(eventId) });
}

/** Remembers the event's public message, so it is edited in place. */
export function setEventMessage(core: Core, eventId: string, messageId: string): Outcome<EventRecord> {
  const bad = checkSnowflake(messageId, 'message id');
  if (bad) return refuse(bad);
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const next = { ...found.value, messageId, updatedAt: core.env.now() };
  core.store.transaction(() => core.store.events.update(next));
  return ok(next);
}
