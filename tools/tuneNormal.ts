/**
 * `npm run tune:normal`: how the normal level learned from the search (issue 29). Positions come
 * from hands of normal@v1 in every seat; at each card play on a seat's own turn with a choice, the
 * teacher (src/bots/teacher.ts) values every candidate with paired playouts on deals sampled from
 * what the seat knows. The model's weights (src/bots/normalModel.ts) are then fitted to maximise the
 * value of the choice a softmax over the candidates' scores would make (smooth, so gradient ascent
 * works; the bot itself plays the best score), pulled gently toward "play normal@v1's choice".
 * Held-out positions from another seed say what the fit gained and how often each player agrees with
 * the hard search. The printed weights go into MODEL_WEIGHTS.
 *
 * Rounds: the first round's teacher plays normal@v1 to the end of each hand; every later round's
 * plays hard's short playouts with the normal the round before learned (the same positions and
 * samples), and is fitted afresh. The shipped weights are round 3's (round 4 changes them little).
 *
 *   npm run tune:normal -- [--seed TEXT] [--positions N] [--samples N] [--workers N] [--objective agree|value]
 *     [--rounds N]     rounds of teaching (default 3)
 *     [--cache FILE]   keep each round's taught positions in FILE.roundN (read back if it exists)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { FEATURE_NAMES, START_WEIGHTS } from '../src/bots/normalModel.js';
import {
  agreementOf,
  type Lesson,
  lessonsFor,
  pick,
  TEACH_SAMPLES,
  type Teacher,
} from '../src/bots/teacher.js';
import { flags } from './flags.js';

interface Options {
  seed: string;
  positions: number;
  samples: number;
  workers: number;
  part: number | null;
  of: number;
  /** What the fit maximises: the teacher's values of the choice, or agreement with the hard search's choice. */
  objective: 'value' | 'agree';
  /** A file that keeps the taught positions, so another fit reuses them (written if missing). */
  cache: string | undefined;
  rounds: number;
  /** A teacher process's teacher: 'v1', or the weights its playouts' normal plays with. */
  teacher: Teacher;
}

function parse(argv: readonly string[]): Options {
  const { get, whole } = flags(argv);
  const part = get('part');
  return {
    seed: get('seed') ?? 'normal-1',
    positions: whole('positions', 4000),
    samples: whole('samples', TEACH_SAMPLES),
    workers: whole('workers', availableParallelism()),
    part: part === undefined ? null : Number(part),
    objective: get('objective') === 'value' ? 'value' : 'agree',
    cache: get('cache'),
    of: whole('of', 1),
    rounds: whole('rounds', 3),
    teacher: teacherOf(get('teacher')),
  };
}

function teacherOf(text: string | undefined): Teacher {
  if (text === undefined || text === 'v1') return 'v1';
  const weights = text.split(',').map(Number);
  if (weights.length !== START_WEIGHTS.length || weights.some((w) => !Number.isFinite(w)))
    throw new Error(`--teacher must be v1 or ${START_WEIGHTS.length} numbers separated by commas`);
  return weights;
}

/** Lessons for `seed`, taught in `workers` child processes (each takes every workers-th position). */
async function lessons(seed: string, count: number, options: Options, teacher: Teacher): Promise<Lesson[]> {
  const script = fileURLToPath(import.meta.url);
  const parts = await Promise.all(
    Array.from(
      { length: options.workers },
      (_, part) =>
        new Promise<Lesson[]>((resolve, reject) => {
          const args = ['--import', 'tsx', script, '--seed', seed, '--positions', String(count)];
          args.push(
            '--samples',
            String(options.samples),
            '--part',
            String(part),
            '--of',
            String(options.workers),
            '--teacher',
            teacher === 'v1' ? 'v1' : teacher.join(','),
          );
          const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
          });
          child.on('error', reject);
          child.on('close', (code) =>
            code === 0
              ? resolve(JSON.parse(out) as Lesson[])
              : reject(new Error(`a teacher process exited with ${code}`)),
          );
        }),
    ),
  );
  return parts.flat();
}

/** Mean points a decision gains over normal@v1's choice when `weights` choose (the teacher's values). */
function gain(list: readonly Lesson[], weights: readonly number[]): number {
  let sum = 0;
  for (const l of list) sum += (l.values[pick(l, weights)] as number) - (l.values[0] as number);
  return list.length === 0 ? 0 : sum / list.length;
}

/** Gradient ascent (Adam) on the softmax policy's expected value, with an L2 pull toward the start. */
function fitWeights(
  train: readonly Lesson[],
  start: readonly number[],
  objective: Options['objective'],
): number[] {
  const k = start.length;
  const w = [...start].map((x) => x * 3);
  const origin = [...w];
  const m = new Array<number>(k).fill(0);
  const v = new Array<number>(k).fill(0);
  const rate = 0.05;
  const l2 = 0.002;
  for (let step = 1; step <= 400; step++) {
    const grad = new Array<number>(k).fill(0);
    for (const lesson of train) {
      const scores = lesson.features.map((f) => f.reduce((s, x, j) => s + x * (w[j] as number), 0));
      const top = Math.max(...scores);
      const exps = scores.map((s) => Math.exp(s - top));
      const z = exps.reduce((a, b) => a + b, 0);
      const p = exps.map((e) => e / z);
      // Value: the teacher's values in units of 10 points, relative to normal@v1's choice (the
      // gradient of the softmax choice's expected value). Agree: the log-likelihood of the hard
      // search's choice (its gradient: the chosen candidate's features minus their expectation).
      const vals =
        objective === 'value'
          ? lesson.values.map((x) => (x - (lesson.values[0] as number)) / 10)
          : lesson.values.map((_, i) => (i === lesson.hard ? 1 : 0));
      const expected = p.reduce((s, pi, i) => s + pi * (vals[i] as number), 0);
      for (let i = 0; i < p.length; i++) {
        const coef =
          objective === 'value'
            ? (p[i] as number) * ((vals[i] as number) - expected)
            : (vals[i] as number) - (p[i] as number);
        const f = lesson.features[i] as number[];
        for (let j = 0; j < k; j++) grad[j] = (grad[j] as number) + coef * (f[j] as number);
      }
    }
    for (let j = 0; j < k; j++) {
      const g = (grad[j] as number) / train.length - l2 * ((w[j] as number) - (origin[j] as number));
      m[j] = 0.9 * (m[j] as number) + 0.1 * g;
      v[j] = 0.999 * (v[j] as number) + 0.001 * g * g;
      const mh = (m[j] as number) / (1 - 0.9 ** step);
      const vh = (v[j] as number) / (1 - 0.999 ** step);
      w[j] = (w[j] as number) + (rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return w.map((x) => Math.round(x * 1000) / 1000);
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  if (options.part !== null) {
    // A teacher process: its share of the positions, as JSON on stdout.
    process.stdout.write(
      JSON.stringify(
        lessonsFor(
          options.seed,
          options.positions,
          options.samples,
          options.part,
          options.of,
          options.teacher,
        ),
      ),
    );
    return;
  }
  const started = performance.now();
  const heldOutCount = Math.round(options.positions / 4);
  console.log(
    `tune:normal: seed ${options.seed}, ${options.positions} positions to fit and ${heldOutCount} held out ` +
      `(seed ${options.seed}/held-out), ${options.samples} paired playouts each, ${options.workers} processes, ` +
      `fitted to ${options.objective === 'value' ? "the teacher's values" : "the hard search's choices"}`,
  );
  let teacher: Teacher = 'v1';
  let weights: number[] = [...START_WEIGHTS];
  for (let round = 1; round <= options.rounds; round++) {
    const file = options.cache === undefined ? undefined : `${options.cache}.round${round}`;
    const cached =
      file !== undefined && existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { train: Lesson[]; heldOut: Lesson[] })
        : null;
    const train = cached?.train ?? (await lessons(options.seed, options.positions, options, teacher));
    const heldOut =
      cached?.heldOut ?? (await lessons(`${options.seed}/held-out`, heldOutCount, options, teacher));
    if (file !== undefined && !cached) writeFileSync(file, JSON.stringify({ train, heldOut }));
    console.log(
      `round ${round} (${teacher === 'v1' ? "normal@v1's full playouts" : "the round before's normal on hard's short playouts"}): ` +
        `taught ${train.length} + ${heldOut.length} positions, ${((performance.now() - started) / 1000).toFixed(0)} s so far`,
    );
    weights = fitWeights(train, START_WEIGHTS, options.objective);
    for (const [name, list] of [
      ['fit', train],
      ['held out', heldOut],
    ] as const) {
      const a = agreementOf(list, weights);
      console.log(
        `  ${name}: points a decision over normal@v1's choice ${gain(list, weights).toFixed(2)}; agreement with the ` +
          `teacher's search on ${a.contested} contested decisions: normal@v1 ${(a.v1 * 100).toFixed(1)}%, learned ` +
          `${(a.normal * 100).toFixed(1)}% (where the search overrules normal@v1, ${a.overruled}: learned follows it ` +
          `${(a.normalOnOverruled * 100).toFixed(1)}%)`,
      );
    }
    teacher = weights;
  }
  console.log('weights (feature: weight):');
  for (const [j, name] of FEATURE_NAMES.entries())
    console.log(`  ${String(weights[j]).padStart(8)}  ${name}`);
  console.log(`export const MODEL_WEIGHTS: readonly number[] = [${weights.join(', ')}];`);
}

main().catch((error: unknown) => {
  console.error(`tune:normal: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
