/**
 * What the small command-line tools (`npm run guild`, `backup`, `restore`) share: how they print,
 * and what a refused or help-only reading of their arguments ends with.
 */

export interface CliLines {
  readonly say: (line: string) => void;
  readonly warn: (line: string) => void;
}

/** Arguments that stop the tool before it works: help (problem null) or a problem in words. */
export interface Unusable {
  readonly ok: false;
  readonly problem: string | null;
}

/** Help goes to stdout with exit code 0; a problem and the usage go to stderr with exit code 2. */
export function usageExit(parsed: Unusable, usage: string, out: CliLines): number {
  if (parsed.problem === null) {
    out.say(usage);
    return 0;
  }
  out.warn(parsed.problem);
  out.warn(usage);
  return 2;
}
