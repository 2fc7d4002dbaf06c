/**
 * How often one level chooses as another does, asked the same question (issue 29: the normal level
 * beside the hard search it should agree with). The questions are contested decisions: card plays
 * on a seat's own turn with at least two choices, from self-play dealt from a seed (teacher.ts).
 * The searching level is capped by playouts, not time, so a run repeats exactly on any machine.
 */
import { type Action, Rng, seedRng } from '../engine/index.js';
import type { PolicyLevel } from './policy.js';
import { decideFor, makeBudget } from './registry.js';
import { selfPlayPositions } from './teacher.js';

export interface LevelAgreement {
  /** Contested decisions asked. */
  readonly contested: number;
  /** How many of them `level` answered exactly as `judge` did. */
  readonly agreed: number;
}

const same = (a: Action | null, b: Action | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `level` and `judge` on `count` contested decisions from `seed`, each asked with its own seeded rng
 * (the same for both) and `playouts` as a search level's cap.
 */
export function levelAgreement(
  level: PolicyLevel,
  judge: PolicyLevel,
  seed: string,
  count: number,
  playouts: number,
): LevelAgreement {
  const budget = makeBudget(Number.POSITIVE_INFINITY, playouts);
  let agreed = 0;
  const positions = selfPlayPositions(seed, count);
  positions.forEach(({ state, seat }, i) => {
    const rng = () => new Rng(seedRng(`${seed}/agree/${i}`));
    if (same(decideFor(level, state, seat, rng(), budget), decideFor(judge, state, seat, rng(), budget)))
      agreed++;
  });
  return { contested: positions.length, agreed };
}
