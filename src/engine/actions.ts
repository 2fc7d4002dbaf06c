/** What a seat can ask the engine to do, and the check that turns untrusted input into an Action. */
import { type Card, isCard, type Rank } from './cards.js';
import { err, ok, type Result } from './result.js';
import type { Seat } from './state.js';

export type Action =
  | { readonly type: 'grandTichu'; readonly call: boolean }
  | { readonly type: 'tichu' }
  | { readonly type: 'exchange'; readonly next: Card; readonly partner: Card; readonly previous: Card }
  | { readonly type: 'play'; readonly cards: readonly Card[]; readonly phoenixAs?: Rank }
  | { readonly type: 'pass' }
  | { readonly type: 'wish'; readonly rank: Rank | null }
  | { readonly type: 'giveDragon'; readonly to: Seat };

export type ActionType = Action['type'];
export const ACTION_TYPES: readonly ActionType[] = [
  'grandTichu',
  'tichu',
  'exchange',
  'play',
  'pass',
  'wish',
  'giveDragon',
];

export type MalformedAction = { readonly code: 'malformed_action'; readonly reason: string };

function malformed(reason: string): { ok: false; error: MalformedAction } {
  return err({ code: 'malformed_action', reason });
}

function isRank(value: unknown): value is Rank {
  return typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 14;
}

export function isSeat(value: unknown): value is Seat {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** Checks the shape of an action from outside (JSON, a click); nothing about the game. */
export function parseAction(input: unknown): Result<Action, MalformedAction> {
  if (typeof input !== 'object' || input === null) return malformed('an action must be an object');
  const a = input as Record<string, unknown>;
  switch (a.type) {
    case 'grandTichu':
      return typeof a.call === 'boolean'
        ? ok({ type: 'grandTichu', call: a.call })
        : malformed('call must be true or false');
    case 'tichu':
      return ok({ type: 'tichu' });
    case 'pass':
      return ok({ type: 'pass' });
    case 'exchange': {
      const { next, partner, previous } = a;
      if (!isCard(next) || !isCard(partner) || !isCard(previous))
        return malformed('exchange needs three cards');
      return ok({ type: 'exchange', next, partner, previous });
    }
    case 'play': {
      if (!Array.isArray(a.cards) || a.cards.length === 0 || a.cards.length > 14) {
        return malformed('play needs 1 to 14 cards');
      }
      if (!a.cards.every(isCard)) return malformed('play lists something that is not a card');
      if (a.phoenixAs !== undefined && !isRank(a.phoenixAs))
        return malformed('phoenixAs must be a rank 2..14');
      const cards = a.cards as Card[];
      return ok(
        a.phoenixAs === undefined ? { type: 'play', cards } : { type: 'play', cards, phoenixAs: a.phoenixAs },
      );
    }
    case 'wish':
      if (a.rank !== null && !isRank(a.rank)) return malformed('wish rank must be 2..14 or null');
      return ok({ type: 'wish', rank: a.rank });
    case 'giveDragon':
      return isSeat(a.to) ? ok({ type: 'giveDragon', to: a.to }) : malformed('giveDragon needs a seat 0..3');
    default:
      return malformed(`unknown action type ${JSON.stringify(a.type)}`);
  }
}
