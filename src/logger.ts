/** The bot's logger: pino, one JSON line per event; tokens and hands are never passed to it. */
import { type Logger, pino } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['token', '*.token', 'hand', '*.hand'], remove: true },
  });
}
