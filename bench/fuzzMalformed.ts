/**
 * The malformed phase of the fuzz: payloads that break Discord's own schema sent to the REAL bot
 * process (as chaos runs it) through the local Discord: every shape of the catalogue
 * (src/localDiscord/malformed.ts) for several rounds, seeded random mutations of well-formed
 * payloads (a field dropped, nulled or of the wrong type), one held while the bot is down and
 * delivered first to the restarted process, then a legitimate interaction. Counted:
 * `fuzz.processCrashes` (the process exited on its own: it is started again, and the run goes on),
 * `fuzz.malformedAnswered` (answered, or refused with the bot's 'malformed interaction' line),
 * `fuzz.malformedUnaccounted` (neither, within 10 s: a loaded machine is slow, a missing answer is missing for good), and whether the legitimate one was answered.
 *
 *   node --import tsx bench/fuzzMalformed.ts [--malformed-seed=TEXT] [--malformed-rounds=N] [--malformed-random=N]
 */
import { pathToFileURL } from 'node:url';
import { type InjectedInteraction, MALFORMED_SHAPES, mutateAtRandom } from '../src/localDiscord/index.js';
import type { Figure } from './engine.js';
import { Rng } from './fuzzInput.js';
import { type Fate, MALFORMED_LINE, MalformedBot } from './malformedBot.js';

export interface MalformedOptions {
  /** Times every shape of the catalogue is sent (default 3). */
  readonly rounds?: number;
  /** Seeded random mutations of well-formed payloads (default 300). */
  readonly random?: number;
}

export interface MalformedResult {
  readonly seed: string;
  readonly sent: number;
  readonly shapes: number;
  readonly fates: Readonly<Record<Fate, number>>;
  readonly crashes: number;
  readonly legitAnswered: boolean;
  /** The bot's error lines meanwhile: a payload past the door that still failed in a handler. */
  readonly errorLines: number;
  readonly wallMs: number;
  /** The first payloads neither answered nor refused (or that ended the process), named. */
  readonly problems: readonly string[];
}

const RANDOM_KINDS = ['slash', 'subcommand', 'autocomplete', 'click', 'select', 'modal', 'userMenu'] as const;

export async function runMalformed(seed: string, options: MalformedOptions = {}): Promise<MalformedResult> {
  const started = performance.now();
  const run = await MalformedBot.start();
  const fates: Record<Fate, number> = { answered: 0, refused: 0, unaccounted: 0, crashed: 0 };
  const problems: string[] = [];
  let sent = 0;
  const note = async (what: string, fate: Fate) => {
    sent++;
    fates[fate]++;
    if (fate === 'answered' || fate === 'refused') return;
    if (problems.length < 10) problems.push(`${what}: ${fate}`);
    if (!run.alive && !(await run.restart())) throw new Error('the bot did not come back after a crash');
  };
  try {
    const rng = new Rng(seed);
    for (let round = 0; round < (options.rounds ?? 3); round++)
      for (const shape of MALFORMED_SHAPES) {
        const { fate } = await run.send(shape.mutate(run.base(shape.base)));
        await note(shape.name, fate);
      }
    for (let i = 0; i < (options.random ?? 300); i++) {
      const raw = run.base(RANDOM_KINDS[rng.int(RANDOM_KINDS.length)] ?? 'slash');
      const change = mutateAtRandom(raw, () => rng.next());
      const { fate } = await run.send(raw);
      await note(`random ${change}`, fate);
    }
    // One held while the bot is down: the restarted process gets it first (a crash here would repeat).
    await run.stop();
    const pending = MALFORMED_SHAPES[rng.int(MALFORMED_SHAPES.length)] ?? (MALFORMED_SHAPES[0] as never);
    const idLess = run.lines.filter((l) => l.msg === MALFORMED_LINE && l.interaction === undefined).length;
    const handle = run.discord.injectInteraction(pending.mutate(run.base(pending.base)));
    if (!(await run.restart())) throw new Error('the bot did not come back after a stop');
    const fate = await accounted(run, handle, idLess);
    await note(`pending ${pending.name}`, fate);
    const legitAnswered = await run.legitAnswered();
    return {
      seed,
      sent,
      shapes: MALFORMED_SHAPES.length,
      fates,
      crashes: run.crashes,
      legitAnswered,
      errorLines: run.lines.filter((l) => l.level >= 50).length,
      wallMs: performance.now() - started,
      problems,
    };
  } finally {
    await run.close();
  }
}

/** The fate of a payload sent before the process started: waited for after its start (bounded). */
async function accounted(
  run: MalformedBot,
  handle: InjectedInteraction,
  idLessBefore: number,
): Promise<Fate> {
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline) {
    const fate = run.fateOf(handle, idLessBefore);
    if (fate) return fate;
    if (!run.alive) return 'crashed';
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return 'unaccounted';
}

/** `npm run bench` and `npm run chaos`: the malformed phase's figures, the seed printed. */
export async function malformedFigures(seed: string): Promise<Figure[]> {
  const result = await runMalformed(seed, {
    rounds: Number(argument('--malformed-rounds=') ?? 3),
    random: Number(argument('--malformed-random=') ?? 300),
  });
  const { fates } = result;
  console.log(
    `fuzz malformed: seed ${result.seed}, ${result.sent} payloads (${result.shapes} shapes), ${fates.answered} answered, ${fates.refused} refused in the log, in ${(result.wallMs / 1000).toFixed(1)} s`,
  );
  for (const problem of result.problems) console.log(`fuzz malformed: ${problem}`);
  const accounted = fates.answered + fates.refused;
  return [
    {
      key: 'fuzz.processCrashes',
      value: result.crashes,
      unit: 'count',
      target: '== 0',
      met: result.crashes === 0,
      note: `the real bot process, ${result.sent} malformed payloads, seed ${result.seed}`,
    },
    {
      key: 'fuzz.malformedAnswered',
      value: accounted,
      unit: 'count',
      target: `== ${result.sent}`,
      met: accounted === result.sent,
      note: `of ${result.sent} sent, ${result.shapes} shapes; answered or refused in the log`,
    },
    {
      key: 'fuzz.malformedUnaccounted',
      value: fates.unaccounted + fates.crashed,
      unit: 'count',
      target: '== 0',
      met: fates.unaccounted + fates.crashed === 0,
    },
    {
      key: 'fuzz.malformedErrors',
      value: result.errorLines,
      unit: 'count',
      target: '== 0',
      met: result.errorLines === 0,
      note: 'error lines in the bot log: one past the door that failed in a handler',
    },
    {
      key: 'fuzz.malformedThenLegitUnanswered',
      value: result.legitAnswered ? 0 : 1,
      unit: 'count',
      target: '== 0',
      met: result.legitAnswered,
      note: 'a /table status after them all',
    },
  ];
}

function argument(prefix: string): string | undefined {
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

// Alone: `node --import tsx bench/fuzzMalformed.ts [--malformed-seed=TEXT]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await malformedFigures(argument('--malformed-seed=') ?? String(Date.now() % 100_000));
  for (const f of figures)
    console.log(
      `${f.key.padEnd(32)} ${String(f.value).padStart(10)} ${f.unit}${f.note ? `  (${f.note})` : ''}`,
    );
  process.exit(figures.every((f) => f.met) ? 0 : 1);
}
