/** What every handler gets: the table service, the public-message editor, the turn notifier, a logger. */
import type { Logger } from 'pino';
import type { StatsService } from '../app/stats.js';
import type { TableService } from '../app/tableService.js';
import type { TableMessages } from './tableMessages.js';
import type { TurnNotifier } from './turnNotifier.js';

export interface BotContext {
  readonly service: TableService;
  readonly stats: StatsService;
  readonly tableMessages: TableMessages;
  readonly notifier: TurnNotifier;
  readonly logger: Logger;
}
