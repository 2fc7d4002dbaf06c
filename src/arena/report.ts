/** The arena's report as text: each figure with its 95% interval and what the interval is over. */
import type { Interval } from './stats.js';
import type { ArenaSummary, Rate, SideSummary } from './summary.js';

export interface RunInfo {
  readonly workers: number;
  readonly wallMs: number;
}

const fixed = (n: number, digits: number) => n.toFixed(digits);
const signed = (n: number, digits: number) => (n >= 0 ? '+' : '') + n.toFixed(digits);
const ci = (i: Interval, f: (n: number) => string) => `95% CI [${f(i.low)}, ${f(i.high)}]`;

function rate(r: Rate | null): string {
  return r
    ? `${fixed(r.value, 3)} [${fixed(r.low, 2)}, ${fixed(r.high, 2)}] ${r.made}/${r.calls}`
    : '- (no calls)';
}

export function formatReport(s: ArenaSummary, run: RunInfo): string {
  const lines: string[] = [];
  const games =
    s.handsPerGame === null
      ? `${s.games} matches to ${s.target} points (${s.pairs} mirrored pairs)`
      : `${s.pairs} mirrored deals (${s.games} games of ${s.handsPerGame} hand${s.handsPerGame === 1 ? '' : 's'})`;
  const budget = s.playouts === null ? `hard budget ${s.budgetMs} ms` : `hard ${s.playouts} playouts`;
  lines.push(
    `Arena: ${s.team} vs ${s.vs}, ${games}, seed ${s.seed}, ${budget}, ` +
      `${run.workers} worker${run.workers === 1 ? '' : 's'}, ${fixed(run.wallMs / 1000, 1)} s`,
  );
  const w = s.matchWinRate;
  if (w && s.pairResults) {
    const p = s.pairResults;
    lines.push(
      `match win rate of ${s.team}: ${fixed(w.value, 3)}  ${ci(w, (n) => fixed(n, 3))}` +
        `  (${w.wins}/${w.matches}; Wilson interval over matches; pairs won 2-0: ${p.both}, 1-1: ${p.split}, 0-2: ${p.neither})`,
    );
  }
  if (s.pointsPerHand)
    lines.push(
      `points per hand, ${s.team} minus ${s.vs}: ${signed(s.pointsPerHand.value, 1)}  ` +
        `${ci(s.pointsPerHand, (n) => signed(n, 1))}  (${s.hands} hands; interval from the spread between mirrored pairs)`,
    );
  const col = (a: string, b: string, c: string) => `  ${a.padEnd(24)}${b.padEnd(32)}${c}`;
  const row = (label: string, f: (side: SideSummary) => string) =>
    lines.push(col(label, f(s.sides.team), f(s.sides.vs)));
  lines.push(col('', `team (${s.team})`, `opponents (${s.vs})`));
  row('Tichu calls per hand', (x) => fixed(x.tichuCallsPerHand, 4));
  row('Tichu made [95% CI]', (x) => rate(x.tichuSuccess));
  row('Grand calls per hand', (x) => fixed(x.grandTichuCallsPerHand, 4));
  row('Grand made [95% CI]', (x) => rate(x.grandTichuSuccess));
  row('double victories', (x) => String(x.doubleVictories));
  row('bombs (per hand)', (x) => `${x.bombs} (${fixed(x.bombsPerHand, 3)})`);
  lines.push('  decision time per level (every decideFor call, wall clock):');
  for (const [level, t] of Object.entries(s.decisionMs))
    lines.push(
      `    ${level.padEnd(8)} p50 ${fixed(t.p50, 3)} ms  p99 ${fixed(t.p99, 3)} ms  (${t.n} decisions)`,
    );
  return lines.join('\n');
}
