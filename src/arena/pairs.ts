/**
 * Mirrored pairs: each seed is played twice with the teams swapped, so both teams hold the same
 * cards once each and card luck cancels out of the comparison.
 */
import type { PerSeat } from '../engine/index.js';
import { type GameRecord, playGame } from './game.js';
import type { ArenaLevel } from './levels.js';

export interface ArenaConfig {
  /** The level measured, and its opponents' level; partners share a level. */
  readonly team: ArenaLevel;
  readonly vs: ArenaLevel;
  readonly pairs: number;
  readonly seed: string;
  readonly target: number;
  /** Play only this many hands of each game (single mirrored deals) instead of whole matches. */
  readonly hands?: number;
  readonly budgetMs: number;
  readonly playouts?: number;
  readonly expertBudgetMs?: number;
  readonly expertPlayouts?: number;
  readonly maxMoves?: number;
  readonly floor?: boolean;
}

export interface PairRecord {
  readonly index: number;
  readonly seed: string;
  /** games[0] seats `team` at 0 and 2 (team 0); games[1] seats it at 1 and 3 (team 1). */
  readonly games: readonly [GameRecord, GameRecord];
}

export function pairSeed(seed: string, index: number): string {
  return `arena/${seed}/${index}`;
}

/** The seats' levels with `team` on team `teamIndex` (0: seats 0 and 2, 1: seats 1 and 3). */
export function seating(team: ArenaLevel, vs: ArenaLevel, teamIndex: 0 | 1): PerSeat<ArenaLevel> {
  return teamIndex === 0 ? [team, vs, team, vs] : [vs, team, vs, team];
}

export function runPair(config: ArenaConfig, index: number): PairRecord {
  const seed = pairSeed(config.seed, index);
  const game = (teamIndex: 0 | 1) =>
    playGame({
      seed,
      levels: seating(config.team, config.vs, teamIndex),
      target: config.target,
      hands: config.hands,
      budgetMs: config.budgetMs,
      playouts: config.playouts,
      expertBudgetMs: config.expertBudgetMs,
      expertPlayouts: config.expertPlayouts,
      maxMoves: config.maxMoves,
      floor: config.floor,
    });
  return { index, seed, games: [game(0), game(1)] };
}
