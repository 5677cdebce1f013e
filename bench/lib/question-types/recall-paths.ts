// Every way the question-type bench recalls for one query, side by side: the Server's prepare_context and memory
// search (through its HTTP API) and the bench's own BM25 baselines over the same entries. Each answer is a list of
// items, best first, each reduced to the Sources its entry cites.
import { utf8Length, type MemoryEntry, type PreparedContext } from "@powercontext/protocol";
import { openBm25Index } from "../bm25-baseline.ts";
import { postOk } from "../http.ts";
import { progress } from "../measure.ts";
import { preparedItems } from "../prepared-items.ts";
import { STOP_WORD_SURFACE } from "./content-words.ts";

export interface RecalledItem {
  source_ids: readonly string[];
  bytes: number;
}

export const SEARCH_LIMIT = 10;
/** The Server's memory search cuts a query here (the contract's limit); the existing quality bench does the same. */
const SEARCH_QUERY_CHARS = 8192;

interface SearchAnswer {
  mode: string | null;
  hits: Array<{ citation: { entry_id: string }; text: string }>;
}

export interface RecallPaths {
  /** Names in table order: "prepare", "search <mode>", then the baselines. */
  names: readonly string[];
  /** How many active entries the scope's Memory holds. */
  entries: number;
  /** Every Source some entry cites: a fact whose Source is missing here never made it into Memory. */
  citedSources: ReadonlySet<string>;
  recall(query: string): Promise<Map<string, RecalledItem[]>>;
  /** Searches answered in another mode than asked (the embedder was down), by mode. */
  fellBack: Map<string, number>;
  latencies: Map<string, number[]>;
  close(): void;
}

const BASELINES = ["bm25", "bm25 without stop words", "bm25 porter without stop words"] as const;

/**
 * Waits until the Server's semantic layer has loaded the scope (a search in `auto` mode answers "hybrid"), so that no
 * question is measured during the start-up backfill, when recall is lexical; gives up after `seconds`.
 */
async function untilSemanticLoaded(url: string, scope: string, seconds = 600): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    const { body } = await postOk<SearchAnswer>(url, "/v1/memory/search", {
      scope_id: scope,
      query: "warm up",
      limit: 1,
    });
    if (body.mode === "hybrid") return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  progress(`the semantic layer did not load ${scope} within ${seconds} s; measuring anyway`);
}

/**
 * The Sources each entry stands for, by entry id: those it cites, or for an entry citing none (a turn written with
 * memory/remember) the `remembered` Sources whose content is its text.
 */
export function entrySources(
  entries: readonly MemoryEntry[],
  remembered: ReadonlyArray<{ source_id: string; content: string }>,
): Map<string, string[]> {
  const byText = new Map<string, string[]>();
  for (const { source_id, content } of remembered) byText.set(content, [...(byText.get(content) ?? []), source_id]);
  return new Map(
    entries.map((entry) => [
      entry.citation.entry_id,
      entry.source_refs.length > 0 ? entry.source_refs.map((ref) => ref.source_id) : (byText.get(entry.text) ?? []),
    ]),
  );
}

/**
 * Lists the scope's entries once (the list request has no paging: one answer holds every entry), then recalls;
 * `remembered` are the Sources written with memory/remember instead of captured.
 */
export async function openRecallPaths(
  url: string,
  scope: string,
  modes: readonly string[],
  remembered: ReadonlyArray<{ source_id: string; content: string }> = [],
): Promise<RecallPaths> {
  await untilSemanticLoaded(url, scope);
  const { body } = await postOk<{ entries: MemoryEntry[] }>(url, "/v1/memory/entries/list", { scope_id: scope });
  const sourcesOf = entrySources(body.entries, remembered);
  const textOf = new Map(body.entries.map((entry) => [entry.citation.entry_id, entry.text]));
  const indexed = body.entries.map((entry) => ({ entry_id: entry.citation.entry_id, text: entry.text }));
  const plain = openBm25Index(indexed, "unicode61");
  const porter = openBm25Index(indexed, "porter unicode61");
  const baselines: Record<(typeof BASELINES)[number], (query: string) => string[]> = {
    bm25: (query) => plain.search(query, SEARCH_LIMIT),
    "bm25 without stop words": (query) => plain.search(query, SEARCH_LIMIT, STOP_WORD_SURFACE),
    "bm25 porter without stop words": (query) => porter.search(query, SEARCH_LIMIT, STOP_WORD_SURFACE),
  };
  const asItems = (ids: readonly string[]): RecalledItem[] =>
    ids.map((id) => ({ source_ids: sourcesOf.get(id) ?? [], bytes: utf8Length(textOf.get(id) ?? "") }));
  const names = ["prepare", ...modes.map((mode) => `search ${mode}`), ...BASELINES];
  const fellBack = new Map(modes.map((mode) => [mode, 0]));
  const latencies = new Map(names.map((name) => [name, [] as number[]]));
  return {
    names,
    entries: body.entries.length,
    citedSources: new Set([...sourcesOf.values()].flat()),
    fellBack,
    latencies,
    async recall(query) {
      const answers = new Map<string, RecalledItem[]>();
      const prepared = await postOk<PreparedContext>(url, "/v1/context/prepare", { scope_id: scope, query });
      latencies.get("prepare")?.push(prepared.ms);
      answers.set(
        "prepare",
        preparedItems(prepared.body).map((item) => ({
          source_ids: "entry_id" in item.citation ? (sourcesOf.get(item.citation.entry_id) ?? []) : [],
          bytes: utf8Length(item.content),
        })),
      );
      for (const mode of modes) {
        const search = await postOk<SearchAnswer>(url, "/v1/memory/search", {
          scope_id: scope,
          query: query.slice(0, SEARCH_QUERY_CHARS),
          limit: SEARCH_LIMIT,
          mode,
        });
        latencies.get(`search ${mode}`)?.push(search.ms);
        if (mode !== "auto" && search.body.mode !== null && search.body.mode !== mode)
          fellBack.set(mode, (fellBack.get(mode) ?? 0) + 1);
        answers.set(`search ${mode}`, asItems(search.body.hits.map((hit) => hit.citation.entry_id)));
      }
      for (const name of BASELINES) {
        const started = process.hrtime.bigint();
        answers.set(name, asItems(baselines[name](query)));
        latencies.get(name)?.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return answers;
    },
    close() {
      plain.close();
      porter.close();
    },
  };
}
