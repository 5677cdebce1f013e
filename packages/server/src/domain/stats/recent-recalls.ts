// The latest recalls the Server prepared, kept in memory for people to inspect (the dashboard's Recall view). The store
// keeps only daily counters, never prompts, so this log is the one place a recent prompt's digest and opening words
// live: in this process, for its lifetime, never written anywhere. The opening words are kept as received and
// scrubbed of secrets whenever they are read (so the recall path pays nothing for a view nobody may open).
import { sha256Hex, utf8Length, type PreparedItem } from "@powercontext/protocol";
import type { Clock } from "../deps.ts";
import { scrubText } from "../secrets/secret-guard.ts";

/** How many recalls the log keeps (all scopes together); the oldest is dropped first. */
export const RECENT_RECALL_CAPACITY = 500;
/** The prompt's opening characters kept for the excerpt; a secret is scrubbed whole only if it lies inside them. */
const PROMPT_HEAD_CHARS = 2000;
/** Characters of the prompt and of each item shown. */
export const EXCERPT_CHARS = 240;

export interface RecalledItem {
  entry_id: string | null;
  score: number;
  bytes: number;
  excerpt: string;
}

export interface RecentRecall {
  scope_id: string;
  /** ISO-8601 UTC. */
  at: string;
  /** sha256 of the whole prompt, hex. */
  prompt_digest: string;
  prompt_chars: number;
  /** The prompt's opening words, scrubbed of secrets and cut to EXCERPT_CHARS. */
  prompt_excerpt: string;
  status: "ready" | "empty";
  content_bytes: number;
  items: RecalledItem[];
}

interface Recorded extends Omit<RecentRecall, "prompt_excerpt"> {
  prompt_head: string;
}

export interface RecallObservation {
  scope_id: string;
  prompt: string;
  content_bytes: number;
  items: readonly PreparedItem[];
  /** The ranking score of each item, in the items' order. */
  scores: readonly number[];
}

export class RecentRecalls {
  private readonly recorded: Recorded[] = [];
  private readonly clock: Clock;
  private readonly capacity: number;

  constructor(deps: { clock: Clock }, capacity: number = RECENT_RECALL_CAPACITY) {
    this.clock = deps.clock;
    this.capacity = capacity;
  }

  record(observation: RecallObservation): void {
    const { prompt, items, scores } = observation;
    this.recorded.push({
      scope_id: observation.scope_id,
      at: this.clock.now().toISOString(),
      prompt_digest: sha256Hex(prompt),
      prompt_chars: prompt.length,
      prompt_head: prompt.slice(0, PROMPT_HEAD_CHARS),
      status: items.length > 0 ? "ready" : "empty",
      content_bytes: observation.content_bytes,
      items: items.map((item, index) => ({
        entry_id: "entry_id" in item.citation ? item.citation.entry_id : null,
        score: scores[index] ?? 0,
        bytes: utf8Length(item.content),
        excerpt: item.content.slice(0, EXCERPT_CHARS),
      })),
    });
    if (this.recorded.length > this.capacity) this.recorded.shift();
  }

  /** The scope's recalls, newest first, at most `limit`. */
  list(scopeId: string, limit: number): RecentRecall[] {
    const found: RecentRecall[] = [];
    for (let index = this.recorded.length - 1; index >= 0 && found.length < limit; index -= 1) {
      const recorded = this.recorded[index];
      if (recorded?.scope_id !== scopeId) continue;
      const { prompt_head, ...rest } = recorded;
      found.push({ ...rest, prompt_excerpt: scrubText(prompt_head).slice(0, EXCERPT_CHARS) });
    }
    return found;
  }
}
