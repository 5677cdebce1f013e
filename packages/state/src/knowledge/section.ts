// The model-visible knowledge section: which sources need compiling, never their text. Shown only when there is
// something to do (new, changed or due sources) or when the root went missing while artifacts depend on it; its
// bytes depend only on the paths and their freshness, so it is stable between runs while nothing changes.
import type { Freshness } from "./freshness.ts";

/** The prompt section's name (Pi wraps it as `<powercontext_knowledge>…</powercontext_knowledge>`). */
export const KNOWLEDGE_SECTION = "powercontext_knowledge";

/** At most this many sources are listed; the rest are counted. */
export const LISTED_SOURCES = 20;

const LABELS: Record<Exclude<Freshness, "fresh" | "unknown">, string> = {
  new: "new",
  source_changed: "source changed",
  compiler_changed: "compiler changed",
  maintenance_due: "due for maintenance",
};

const GUIDE =
  "Markdown knowledge sources that need compiling (their text is not included here). To compile one, read it " +
  "with the read tool, then record what it is for with patch_state as an artifact keyed by its exact path, e.g. " +
  '{"global":{"artifacts":{"<path>":{"description":"…","compilation":{…}}}}}. The runtime records the source ' +
  "hash, compiler revision and time itself; do not write them. Compile only what the task needs.";

/** The section's text, or null when there is nothing to say. */
export function knowledgeSection(
  root: string,
  sources: readonly { path: string; freshness: Freshness }[],
): string | null {
  const due = sources.filter(
    (source): source is { path: string; freshness: keyof typeof LABELS } => source.freshness in LABELS,
  );
  if (due.length === 0) return null;
  const lines = due.slice(0, LISTED_SOURCES).map((source) => `- ${LABELS[source.freshness]}: ${source.path}`);
  if (due.length > LISTED_SOURCES) lines.push(`- …and ${due.length - LISTED_SOURCES} more`);
  return `root: ${root}\n${GUIDE}\n${lines.join("\n")}`;
}

/** The section's text when the root is unavailable and `registered` compiled artifacts depend on it. */
export function unavailableSection(root: string, registered: number): string | null {
  if (registered === 0) return null;
  return `root: ${root}\nThe knowledge root is unavailable: the freshness of ${registered} compiled knowledge artifact(s) is unknown. They are kept as they are; do not delete them because of this.`;
}
