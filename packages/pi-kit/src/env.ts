// Reading a Pi package's environment variables. Every package accepts the same words for a switch, so a value that
// works for one works for all: true is 1, true, yes or on; false is 0, false, no or off (any case, surrounding
// blanks ignored). An unset or blank variable takes its default. These are all the words any package accepted before
// they shared this reader, so no existing configuration changes meaning.

export type Environment = Readonly<Record<string, string | undefined>>;

export const TRUE_WORDS: readonly string[] = ["1", "true", "yes", "on"];
export const FALSE_WORDS: readonly string[] = ["0", "false", "no", "off"];

export interface EnvReader {
  /** The trimmed value, or null when unset or blank. */
  text(name: string): string | null;
  /** A switch in the shared vocabulary; any other word is refused. */
  flag(name: string, fallback: boolean): boolean;
  /** A decimal integer (optionally negative); anything else is refused. */
  integer(name: string, fallback: number): number;
  /** An integer refused outside [min, max]. */
  ranged(name: string, fallback: number, min: number, max: number): number;
}

/**
 * Reads `env` for one package. `refuse` builds the package's own configuration error from a message that names the
 * variable and never repeats its value (which may hold a credential).
 */
export function createEnvReader(env: Environment, refuse: (message: string) => Error): EnvReader {
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const integer = (name: string, fallback: number): number => {
    const value = text(name);
    if (value === null) return fallback;
    if (!/^-?\d+$/.test(value)) throw refuse(`${name} must be an integer.`);
    return Number(value);
  };
  return {
    text,
    flag(name, fallback) {
      const value = text(name)?.toLowerCase();
      if (value === undefined || value === null) return fallback;
      if (TRUE_WORDS.includes(value)) return true;
      if (FALSE_WORDS.includes(value)) return false;
      throw refuse(`${name} must be true or false.`);
    },
    integer,
    ranged(name, fallback, min, max) {
      const value = integer(name, fallback);
      if (value < min || value > max) throw refuse(`${name} must be between ${min} and ${max}.`);
      return value;
    },
  };
}
