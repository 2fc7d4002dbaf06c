/**
 * A strict reader of Prometheus' text format (0.0.4) for tests: every line is a `# HELP`, a
 * `# TYPE` or a sample `name{label="value",...} number`, every sample's family was typed first,
 * each family is typed once and its samples come together under it (as Prometheus requires);
 * anything else throws, so a test that reads /metrics also proves it parses.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Scrape {
  readonly samples: readonly Sample[];
  /** Each family's type, by name (counter, gauge, histogram, summary, untyped). */
  readonly types: ReadonlyMap<string, string>;
  /** The value of the one sample with this name whose labels include `labels` (summed if several match). */
  value(name: string, labels?: Readonly<Record<string, string>>): number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;

export function parsePrometheus(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  /** The family whose TYPE came last: every sample belongs to it. */
  let current = '';
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `line ${index + 1}: ${line}`;
    if (line === '') return;
    if (line.startsWith('# HELP ')) {
      if (!NAME.test(line.slice(7).split(' ')[0] ?? '')) throw new Error(`bad HELP, ${where}`);
      return;
    }
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      if (
        !name ||
        !NAME.test(name) ||
        !['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type ?? '')
      )
        throw new Error(`bad TYPE, ${where}`);
      if (types.has(name)) throw new Error(`family typed twice, ${where}`);
      types.set(name, type as string);
      current = name;
      return;
    }
    if (line.startsWith('#')) return;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample, ${where}`);
    const [, name, , body, raw] = match as unknown as [string, string, string, string | undefined, string];
    const labels: Record<string, string> = {};
    if (body) {
      LABEL.lastIndex = 0;
      while (LABEL.lastIndex < body.length) {
        const label = LABEL.exec(body);
        if (!label) throw new Error(`bad labels, ${where}`);
        labels[label[1] as string] = (label[2] as string).replace(/\\(.)/g, (_, c: string) =>
          c === 'n' ? '\n' : c,
        );
      }
    }
    const value = raw === '+Inf' ? Number.POSITIVE_INFINITY : raw === '-Inf' ? -Infinity : Number(raw);
    // Prometheus reads a value with Go's ParseFloat, which takes NaN in any case (prom-client writes "Nan").
    if (Number.isNaN(value) && raw.toLowerCase() !== 'nan') throw new Error(`bad value, ${where}`);
    const family = name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!types.has(name) && !types.has(family)) throw new Error(`sample before its TYPE, ${where}`);
    if ((types.has(name) ? name : family) !== current)
      throw new Error(`sample away from its family's other samples, ${where}`);
    samples.push({ name, labels, value });
  });
  return {
    samples,
    types,
    value(name, wanted = {}) {
      return samples
        .filter((s) => s.name === name && Object.entries(wanted).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0);
    },
  };
}
