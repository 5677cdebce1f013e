// A request built from command-line options: an option the user did not give is left out of the request rather than
// sent as null or undefined, so the Server applies the contract's default for it.

/** `T` with each field that may be undefined made optional instead. */
export type DefinedFields<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** `fields` without the ones whose value is undefined. */
export function definedFields<T extends Record<string, unknown>>(fields: T): DefinedFields<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as DefinedFields<T>;
}
