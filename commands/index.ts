/** Every slash command of the bot. */
import * as challenge from './challenge.js';
import * as event from './event.js';
import * as hand from './hand.js';
import * as help from './help.js';
import * as history from './history.js';
import * as leaderboard from './leaderboard.js';
import * as notify from './notify.js';
import * as pass from './pass.js';
import * as play from './play.js';
import * as rules from './rules.js';
import * as season from './season.js';
import * as stats from './stats.js';
import * as table from './table.js';
import * as tichu from './tichu.js';
import type { Command } from './types.js';

export const COMMANDS: readonly Command[] = [
  table,
  hand,
  play,
  pass,
  tichu,
  notify,
  leaderboard,
  season,
  event,
  challenge,
  stats,
  history,
  rules,
  help,
];

export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((command) => command.data.name === name);
}
