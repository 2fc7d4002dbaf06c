/**
 * `npm run tune:value`: fits the network behind src/bots/handValue.ts, the guess at a hand's result
 * that lets the search's playouts stop a few tricks in. Hands of the normal level in every seat
 * (calls and bombs out of turn as at a table) are played from `--seed`; at every trick's end of the
 * play the state's features are kept beside the hand's result for the side on lead (the calls
 * already decided taken out: handValue counts those exactly). A network with one hidden layer is
 * fitted by Adam to the squared error; held-out hands from another seed say how much of the result
 * it explains. With `--write` the weights replace src/bots/handValueNet.ts.
 *
 *   npm run tune:value -- [--seed TEXT] [--hands N] [--held-out N] [--hidden N] [--epochs N] [--write]
 *
 * Everything follows from the seed (deals, decisions, the network's start and its batches), so a
 * rerun writes the same weights.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { atTrickEnd, netValue, settledCalls, type ValueNet, valueFeatures } from '../src/bots/handValue.js';
import { botsToAsk, decideFor, makeBudget } from '../src/bots/registry.js';
import {
  apply,
  type HandResult,
  type MatchState,
  makeSettings,
  newMatch,
  Rng,
  type Seat,
  seedRng,
  type Team,
} from '../src/engine/index.js';
import { flags } from './flags.js';

interface Options {
  seed: string;
  hands: number;
  heldOut: number;
  hidden: number;
  epochs: number;
  write: boolean;
}

export interface Row {
  readonly features: number[];
  /** The hand's result for the side on lead, less the calls already decided, in hundreds of points. */
  readonly target: number;
}

function parse(argv: readonly string[]): Options {
  const { get, whole } = flags(argv);
  return {
    seed: get('seed') ?? 'value-1',
    hands: whole('hands', 20_000),
    heldOut: whole('held-out', 3_000),
    hidden: whole('hidden', 48),
    epochs: whole('epochs', 12),
    write: argv.includes('--write'),
  };
}

const ANY_TIME = makeBudget(Number.POSITIVE_INFINITY, 1);
const MAX_MOVES = 3_000;

/** Rows from `hands` hands of normal self-play dealt from `seed`. */
export function valueRows(seed: string, hands: number): Row[] {
  const rows: Row[] = [];
  for (let game = 0; game < hands; game++) {
    let state: MatchState = newMatch(makeSettings(), `${seed}/${game}`);
    const ends: MatchState[] = [];
    let result: HandResult | null = null;
    for (let moves = 0; moves < MAX_MOVES && result === null; moves++) {
      if (atTrickEnd(state) && state.hand.out.length < 3) ends.push(state);
      const next = nextStep(state, `${seed}/${game}`);
      if (next === null) break;
      state = next.state;
      result = next.result;
    }
    if (result === null) continue;
    for (const end of ends) {
      const team = ((end.hand.turn as Seat) % 2) as Team;
      const total = (result.total[team] as number) - (result.total[team === 0 ? 1 : 0] as number);
      rows.push({ features: valueFeatures(end), target: (total - settledCalls(end, team)) / 100 });
    }
  }
  return rows;
}

/** The first bot asked that acts (a bomb out of turn, or the seat that owes a move), applied. */
function nextStep(state: MatchState, game: string): { state: MatchState; result: HandResult | null } | null {
  for (const ask of botsToAsk(state, () => true)) {
    const rng = new Rng(seedRng(`${game}/${state.version}/${ask.seat}`));
    const action = decideFor('normal', state, ask.seat, rng, ANY_TIME);
    if (action === null) continue;
    const step = apply(state, ask.seat, action);
    if (!step.ok) throw new Error(`normal's ${JSON.stringify(action)} refused: ${step.error.code}`);
    const ended = step.value.events.find((e) => e.type === 'handEnded');
    return { state: step.value.state, result: ended?.type === 'handEnded' ? ended.result : null };
  }
  return null;
}

/** How well `net` fits `rows`: root mean squared error in points, and the share of variance explained. */
export function fitOf(
  rows: readonly Row[],
  value: (features: number[]) => number,
): { rmse: number; r2: number } {
  let error = 0;
  let sum = 0;
  let squares = 0;
  for (const row of rows) {
    const target = row.target * 100;
    error += (value(row.features) - target) ** 2;
    sum += target;
    squares += target * target;
  }
  const n = rows.length;
  return { rmse: Math.sqrt(error / n), r2: 1 - error / n / (squares / n - (sum / n) ** 2) };
}

/** Adam on the squared error, batches of 256, the step cut to 0.3 for the last three epochs. */
export function trainNet(
  rows: readonly Row[],
  hidden: number,
  epochs: number,
  seed: string,
  onEpoch?: (epoch: number, net: ValueNet) => void,
): ValueNet {
  const d = (rows[0] as Row).features.length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of rows)
    for (let i = 0; i < d; i++) mean[i] = (mean[i] as number) + (row.features[i] as number) / rows.length;
  for (const row of rows)
    for (let i = 0; i < d; i++)
      scale[i] =
        (scale[i] as number) + ((row.features[i] as number) - (mean[i] as number)) ** 2 / rows.length;
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i] as number) || 1;
  const inputs = rows.map((row) =>
    Float64Array.from(row.features, (x, i) => (x - (mean[i] as number)) / (scale[i] as number)),
  );
  const rng = new Rng(seedRng(`${seed}/net`));
  const gauss = () =>
    Math.sqrt(-2 * Math.log(rng.nextFloat() + 1e-12)) * Math.cos(2 * Math.PI * rng.nextFloat());
  const w1 = Float64Array.from({ length: hidden * d }, () => gauss() * Math.sqrt(2 / d));
  const b1 = new Float64Array(hidden);
  const w2 = Float64Array.from({ length: hidden }, () => gauss() * Math.sqrt(1 / hidden));
  const b2 = new Float64Array(1);
  const params = [w1, b1, w2, b2];
  const grads = params.map((p) => new Float64Array(p.length));
  const m = params.map((p) => new Float64Array(p.length));
  const v = params.map((p) => new Float64Array(p.length));
  const h = new Float64Array(hidden);
  const forward = (x: Float64Array) => {
    let out = b2[0] as number;
    for (let j = 0; j < hidden; j++) {
      let sum = b1[j] as number;
      const offset = j * d;
      for (let i = 0; i < d; i++) sum += (w1[offset + i] as number) * (x[i] as number);
      h[j] = sum > 0 ? sum : 0;
      out += (w2[j] as number) * (h[j] as number);
    }
    return out;
  };
  const toNet = (): ValueNet => ({
    mean,
    scale,
    hidden: Array.from({ length: hidden }, (_, j) => [...w1.subarray(j * d, (j + 1) * d)]),
    hiddenBias: [...b1],
    out: [...w2],
    outBias: b2[0] as number,
  });
  const order = inputs.map((_, i) => i);
  const batch = 256;
  let t = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.nextInt(i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const rate = epoch < epochs - 3 ? 2e-3 : 6e-4;
    for (let start = 0; start < order.length; start += batch) {
      for (const g of grads) g.fill(0);
      const [gw1, gb1, gw2, gb2] = grads as [Float64Array, Float64Array, Float64Array, Float64Array];
      const end = Math.min(order.length, start + batch);
      for (let k = start; k < end; k++) {
        const index = order[k] as number;
        const x = inputs[index] as Float64Array;
        const e = forward(x) - (rows[index] as Row).target;
        gb2[0] = (gb2[0] as number) + e;
        for (let j = 0; j < hidden; j++) {
          if ((h[j] as number) <= 0) continue;
          gw2[j] = (gw2[j] as number) + e * (h[j] as number);
          const g = e * (w2[j] as number);
          gb1[j] = (gb1[j] as number) + g;
          const offset = j * d;
          for (let i = 0; i < d; i++) gw1[offset + i] = (gw1[offset + i] as number) + g * (x[i] as number);
        }
      }
      t++;
      const n = end - start;
      for (let p = 0; p < params.length; p++) {
        const [param, grad, mp, vp] = [params[p], grads[p], m[p], v[p]] as Float64Array[] as [
          Float64Array,
          Float64Array,
          Float64Array,
          Float64Array,
        ];
        for (let i = 0; i < param.length; i++) {
          const g = (grad[i] as number) / n;
          mp[i] = 0.9 * (mp[i] as number) + 0.1 * g;
          vp[i] = 0.999 * (vp[i] as number) + 0.001 * g * g;
          const step =
            (mp[i] as number) / (1 - 0.9 ** t) / (Math.sqrt((vp[i] as number) / (1 - 0.999 ** t)) + 1e-8);
          param[i] = (param[i] as number) - rate * step;
        }
      }
    }
    onEpoch?.(epoch, toNet());
  }
  return toNet();
}

/** The TypeScript module that holds the weights, rounded to five significant digits. */
export function netModule(net: ValueNet, header: string): string {
  const list = (xs: readonly number[]) => `[${xs.map((x) => Number(x.toPrecision(5))).join(', ')}]`;
  return `${header}
import type { ValueNet } from './handValue.js';

export const HAND_VALUE_NET: ValueNet = {
  mean: ${list(net.mean)},
  scale: ${list(net.scale)},
  hidden: [
${net.hidden.map((row) => `    ${list(row)},`).join('\n')}
  ],
  hiddenBias: ${list(net.hiddenBias)},
  out: ${list(net.out)},
  outBias: ${Number(net.outBias.toPrecision(5))},
};
`;
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  let started = performance.now();
  const train = valueRows(options.seed, options.hands);
  const heldOut = valueRows(`${options.seed}/held-out`, options.heldOut);
  console.log(
    `${train.length} trick ends from ${options.hands} hands (seed ${options.seed}), ${heldOut.length} held out from ${options.heldOut}, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  started = performance.now();
  const net = trainNet(train, options.hidden, options.epochs, options.seed, (epoch, current) => {
    const fit = fitOf(heldOut, (f) => netValue(current, f));
    console.log(`epoch ${epoch + 1}: held out RMSE ${fit.rmse.toFixed(1)} points, R^2 ${fit.r2.toFixed(3)}`);
  });
  const trainFit = fitOf(train, (f) => netValue(net, f));
  const testFit = fitOf(heldOut, (f) => netValue(net, f));
  console.log(
    `fitted in ${((performance.now() - started) / 1000).toFixed(0)} s: train RMSE ${trainFit.rmse.toFixed(1)} R^2 ${trainFit.r2.toFixed(3)}; held out RMSE ${testFit.rmse.toFixed(1)} R^2 ${testFit.r2.toFixed(3)}`,
  );
  if (options.write) {
    const header = `/**
 * The weights of handValue.ts's network, written by \`npm run tune:value -- --seed ${options.seed} --hands ${options.hands} --hidden ${options.hidden} --epochs ${options.epochs} --write\`
 * (held out: RMSE ${testFit.rmse.toFixed(1)} points, R^2 ${testFit.r2.toFixed(3)}). Do not edit by hand.
 */`;
    const file = fileURLToPath(new URL('../src/bots/handValueNet.ts', import.meta.url));
    writeFileSync(file, netModule(net, header));
    // The lint step (biome check) also checks the layout: lay the weights out as it wants them.
    const format = spawnSync('npx', ['biome', 'format', '--write', file], { stdio: 'inherit' });
    if (format.status !== 0)
      console.error('tune:value: biome could not format the file; run npx biome format --write');
    console.log(`wrote ${file}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
