/** What every handler gets: the table service, the public-message editor, the turn notifier, a logger. */
import type { Logger } from 'pino';
import type { StatsService } from '../app/stats.js';
import type { TableService } from '../app/tableService.js';
import type { ChallengeDesk } from './challengeDesk.js';
import type { EventDesk } from './eventDesk.js';
import type { LivePanels } from './livePanels.js';
import type { Looks } from './looks.js';
import type { TableMessages } from './tableMessages.js';
import type { TurnNotifier } from './turnNotifier.js';

export interface BotContext {
  readonly service: TableService;
  readonly stats: StatsService;
  readonly tableMessages: TableMessages;
  readonly notifier: TurnNotifier;
  /** Each seated player's newest panel, edited in place as their table changes. */
  readonly livePanels: LivePanels;
  /** Events' threads, board summaries and event messages. */
  readonly events: EventDesk;
  /** The weekly challenge's threads, its closes and share lines. */
  readonly challenges: ChallengeDesk;
  /** Each reader's language and card faces. */
  readonly looks: Looks;
  readonly logger: Logger;
  /** The tables' clock (`env.now`): e.g. how often `/table status` may post the table anew. */
  readonly now: () => number;
  /** How long a handler may take before its interaction is deferred (default about 2 s; tests shorten it). */
  readonly deferAfterMs: number;
  /** Resolves once every commit so far is on disk: no answer goes out before (a deferral may). */
  readonly durable: () => Promise<void>;
}
