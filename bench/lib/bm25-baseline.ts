// The baseline the Server's recall is compared with: plain SQLite FTS5 BM25 over the same Memory entries, built in
// memory by the bench. The query is the question's words OR-ed, each quoted, so FTS5 syntax in a prompt is inert.
import { DatabaseSync } from "node:sqlite";

export type Bm25Tokenizer = "unicode61" | "porter unicode61";

export interface Bm25Index {
  /** Entry ids, best BM25 score first; `stopWords` are left out of the query when given. */
  search(query: string, limit: number, stopWords?: ReadonlySet<string>): string[];
  close(): void;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function openBm25Index(
  entries: ReadonlyArray<{ entry_id: string; text: string }>,
  tokenizer: Bm25Tokenizer = "unicode61",
): Bm25Index {
  const db = new DatabaseSync(":memory:");
  db.exec(`CREATE VIRTUAL TABLE entry_fts USING fts5(text, tokenize = '${tokenizer}')`);
  const insert = db.prepare("INSERT INTO entry_fts (rowid, text) VALUES (?, ?)");
  db.exec("BEGIN");
  for (const [index, entry] of entries.entries()) insert.run(index + 1, entry.text);
  db.exec("COMMIT");
  const select = db.prepare("SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? ORDER BY bm25(entry_fts) LIMIT ?");
  return {
    search(query, limit, stopWords) {
      const words = new Set((query.toLowerCase().match(WORD) ?? []).filter((word) => !stopWords?.has(word)));
      if (words.size === 0) return [];
      const match = [...words].map((word) => `"${word}"`).join(" OR ");
      const rows = select.all(match, limit) as Array<{ rowid: number }>;
      return rows.map((row) => entries[row.rowid - 1]?.entry_id ?? "");
    },
    close() {
      db.close();
    },
  };
}
