// Running statements on the pool or on one checked-out connection. Every string parameter and string column passes
// through the text codec; int8 columns arrive as numbers (see database.ts).
import type pg from "pg";
import { decodeText, encodeText } from "./text-codec.ts";

export interface Sql {
  rows<T extends object>(text: string, values?: readonly unknown[]): Promise<T[]>;
  row<T extends object>(text: string, values?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement and returns the number of rows it affected. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
}

type Row = Record<string, unknown>;

function encodeValue(value: unknown): unknown {
  if (typeof value === "string") return encodeText(value);
  if (Array.isArray(value)) return value.map(encodeValue);
  return value;
}

function decodeRow(row: Row): Row {
  for (const [column, value] of Object.entries(row)) {
    if (typeof value === "string") row[column] = decodeText(value);
  }
  return row;
}

export function createSql(target: pg.Pool | pg.PoolClient): Sql {
  const query = async (text: string, values: readonly unknown[]): Promise<pg.QueryResult<Row>> =>
    target.query<Row>(text, values.map(encodeValue));
  return {
    rows: async <T extends object>(text: string, values: readonly unknown[] = []) =>
      (await query(text, values)).rows.map(decodeRow) as unknown as T[],
    row: async <T extends object>(text: string, values: readonly unknown[] = []) => {
      const [first] = (await query(text, values)).rows;
      return first === undefined ? undefined : (decodeRow(first) as unknown as T);
    },
    run: async (text: string, values: readonly unknown[] = []) => (await query(text, values)).rowCount ?? 0,
  };
}
