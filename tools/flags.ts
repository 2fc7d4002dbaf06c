/** The tune tools' command lines: `--name value` options, read one at a time. */
export interface Flags {
  /** The value after `--name`, if given. */
  get(name: string): string | undefined;
  /** A positive whole number after `--name`, or `fallback`; anything else throws with the option's name. */
  whole(name: string, fallback: number): number;
}

export function flags(argv: readonly string[]): Flags {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const whole = (name: string, fallback: number) => {
    const text = get(name);
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`--${name} must be a positive whole number`);
    return Number(text);
  };
  return { get, whole };
}
