/**
 * Seating one round of a rotating (individuals) event: fair sit-outs, then all-new partners whenever
 * the field allows (an exact maximum matching), then few repeated opponents (a heuristic).
 */
import { Rng, seedRng, shuffled } from '../engine/index.js';

/** Player ids by seat; seats 0 and 2 are partners (N-S), as are 1 and 3 (E-W). */
export type Table = readonly [string, string, string, string];

export interface PastRound {
  readonly tables: readonly Table[];
  readonly sitOuts: readonly string[];
}

export interface RoundSeating {
  readonly tables: readonly Table[];
  readonly sitOuts: readonly string[];
}

type Pair = readonly [string, string];

/** Different partner choices tried (all with the fewest repeated partners) for the fewest repeated opponents. */
const ATTEMPTS = 12;

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

interface History {
  readonly sitOuts: ReadonlyMap<string, number>;
  readonly partners: ReadonlyMap<string, number>;
  readonly opponents: ReadonlyMap<string, number>;
}

const bump = (map: Map<string, number>, k: string) => map.set(k, (map.get(k) ?? 0) + 1);

function readHistory(past: readonly PastRound[]): History {
  const sitOuts = new Map<string, number>();
  const partners = new Map<string, number>();
  const opponents = new Map<string, number>();
  for (const round of past) {
    for (const player of round.sitOuts) bump(sitOuts, player);
    for (const [n, e, s, w] of round.tables) {
      bump(partners, key(n, s));
      bump(partners, key(e, w));
      for (const [a, b] of [
        [n, e],
        [n, w],
        [s, e],
        [s, w],
      ] as const)
        bump(opponents, key(a, b));
    }
  }
  return { sitOuts, partners, opponents };
}

/**
 * Seats the players checked in for the next round (the round number is `past.length`); a player
 * with no history counts as never having sat out. Guarantees: the n mod 4 who sit out are players
 * with the fewest sit-outs so far (so counts that differed by at most one still do); the number of
 * repeated partnerships is the least possible for the players who play (zero whenever all-new
 * partners exist); opponents are then spread by a heuristic; the same inputs give the same seating.
 */
export function seatRotatingRound(
  players: readonly string[],
  past: readonly PastRound[],
  seed: string,
): RoundSeating {
  if (new Set(players).size !== players.length) throw new RangeError('a player is checked in twice');
  const rng = new Rng(seedRng(`rotating/${seed}/round/${past.length}`));
  const history = readHistory(past);
  const sitOuts = chooseSitOuts(players, history.sitOuts, rng);
  const out = new Set(sitOuts);
  const playing = players.filter((p) => !out.has(p));
  let best: { tables: Table[]; cost: number } | null = null;
  for (let attempt = 0; attempt < ATTEMPTS && best?.cost !== 0; attempt++) {
    const pairs = choosePartners(shuffled(playing, rng), history.partners);
    const grouped = groupTables(shuffled(pairs, rng), history.opponents);
    if (!best || grouped.cost < best.cost) best = grouped;
  }
  return { tables: (best?.tables ?? []).map((t) => orientTable(t, rng)), sitOuts };
}

/** The seed breaks ties among the players with the fewest sit-outs. */
function chooseSitOuts(players: readonly string[], counts: ReadonlyMap<string, number>, rng: Rng): string[] {
  const count = (p: string) => counts.get(p) ?? 0;
  const order = shuffled(players, rng).sort((a, b) => count(a) - count(b)); // sort is stable
  return order.slice(0, players.length % 4);
}

/** A maximum matching of "never partnered" (so fewest repeats), then the rest by fewest earlier partnerships. */
function choosePartners(playing: readonly string[], partners: ReadonlyMap<string, number>): Pair[] {
  const fresh = playing.map((a) =>
    playing.flatMap((b, j) => (a !== b && !partners.has(key(a, b)) ? [j] : [])),
  );
  const mate = maximumMatching(fresh);
  const pairs: Pair[] = [];
  const left: string[] = [];
  playing.forEach((player, i) => {
    const j = mate[i] as number;
    if (j === -1) left.push(player);
    else if (i < j) pairs.push([player, playing[j] as string]);
  });
  while (left.length > 0) {
    const a = left.shift() as string;
    const times = (b: string) => partners.get(key(a, b)) ?? 0;
    const b = left.reduce((best, c) => (times(c) < times(best) ? c : best), left[0] as string);
    left.splice(left.indexOf(b), 1);
    pairs.push([a, b]);
  }
  return pairs;
}

/** Two pairs per table, improved by swapping pairs between tables while earlier meetings drop (local search). */
function groupTables(
  pairs: readonly Pair[],
  opponents: ReadonlyMap<string, number>,
): { tables: Table[]; cost: number } {
  const met = (p: Pair, q: Pair) => {
    let sum = 0;
    for (const a of p) for (const b of q) sum += opponents.get(key(a, b)) ?? 0;
    return sum;
  };
  const tables: [Pair, Pair][] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) tables.push([pairs[i] as Pair, pairs[i + 1] as Pair]);
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = 0; i < tables.length; i++) {
      for (let j = i + 1; j < tables.length; j++) {
        const [p, q] = tables[i] as [Pair, Pair];
        const [r, s] = tables[j] as [Pair, Pair];
        const now = met(p, q) + met(r, s);
        if (met(p, r) + met(q, s) < now) [tables[i], tables[j], improved] = [[p, r], [q, s], true];
        else if (met(p, s) + met(q, r) < now) [tables[i], tables[j], improved] = [[p, s], [q, r], true];
      }
    }
  }
  const cost = tables.reduce((sum, [p, q]) => sum + met(p, q), 0);
  return { tables: tables.map(([[a, b], [c, d]]) => [a, c, b, d] as const), cost };
}

/** Which pair sits N-S, and who of each pair takes the lower seat, by the seed. */
function orientTable([n, e, s, w]: Table, rng: Rng): Table {
  const [a, b] = rng.nextInt(2) === 0 ? [n, s] : [s, n];
  const [c, d] = rng.nextInt(2) === 0 ? [e, w] : [w, e];
  return rng.nextInt(2) === 0 ? [a, c, b, d] : [c, a, d, b];
}

/**
 * Edmonds' blossom algorithm (exact, O(V^3)): a maximum matching of a general graph given as
 * adjacency lists; mate[v] is v's partner or -1. Searching once from each free vertex suffices,
 * since a vertex with no augmenting path never gains one after other augmentations.
 */
export function maximumMatching(adjacent: readonly (readonly number[])[]): number[] {
  const mate = new Array<number>(adjacent.length).fill(-1);
  adjacent.forEach((next, v) => {
    const u = next.find((w) => mate[w] === -1 && w !== v);
    if (mate[v] === -1 && u !== undefined) [mate[v], mate[u]] = [u, v];
  });
  for (let root = 0; root < adjacent.length; root++) {
    if (mate[root] !== -1) continue;
    const path = augmentingPath(root, adjacent, mate);
    for (let u = path?.end ?? -1; u !== -1 && path; ) {
      const v = path.parent[u] as number;
      const next = mate[v] as number;
      [mate[u], mate[v]] = [v, u];
      u = next;
    }
  }
  return mate;
}

interface Search {
  readonly mate: readonly number[];
  readonly parent: number[];
  readonly base: number[];
  readonly used: boolean[];
  readonly queue: number[];
}

function augmentingPath(root: number, adjacent: readonly (readonly number[])[], mate: readonly number[]) {
  const n = adjacent.length;
  const s: Search = {
    mate,
    parent: new Array<number>(n).fill(-1),
    base: Array.from({ length: n }, (_, i) => i),
    used: new Array<boolean>(n).fill(false),
    queue: [root],
  };
  s.used[root] = true;
  for (let head = 0; head < s.queue.length; head++) {
    const v = s.queue[head] as number;
    for (const to of adjacent[v] ?? []) {
      if (s.base[v] === s.base[to] || mate[v] === to) continue;
      if (to === root || (mate[to] !== -1 && s.parent[mate[to] as number] !== -1)) {
        contractBlossom(v, to, s);
      } else if (s.parent[to] === -1) {
        s.parent[to] = v;
        if (mate[to] === -1) return { end: to, parent: s.parent };
        s.used[mate[to] as number] = true;
        s.queue.push(mate[to] as number);
      }
    }
  }
  return null;
}

function contractBlossom(v: number, to: number, s: Search): void {
  const b = commonBase(v, to, s);
  const inBlossom = new Array<boolean>(s.base.length).fill(false);
  markPath(v, b, to, inBlossom, s);
  markPath(to, b, v, inBlossom, s);
  for (let i = 0; i < s.base.length; i++) {
    if (!inBlossom[s.base[i] as number]) continue;
    s.base[i] = b;
    if (!s.used[i]) {
      s.used[i] = true;
      s.queue.push(i);
    }
  }
}

function commonBase(a: number, b: number, s: Search): number {
  const seen = new Array<boolean>(s.base.length).fill(false);
  for (let x = a; ; ) {
    x = s.base[x] as number;
    seen[x] = true;
    if (s.mate[x] === -1) break;
    x = s.parent[s.mate[x] as number] as number;
  }
  for (let y = b; ; ) {
    y = s.base[y] as number;
    if (seen[y]) return y;
    y = s.parent[s.mate[y] as number] as number;
  }
}

function markPath(from: number, b: number, child: number, inBlossom: boolean[], s: Search): void {
  for (let v = from, c = child; s.base[v] !== b; ) {
    const m = s.mate[v] as number;
    inBlossom[s.base[v] as number] = true;
    inBlossom[s.base[m] as number] = true;
    s.parent[v] = c;
    c = m;
    v = s.parent[m] as number;
  }
}
