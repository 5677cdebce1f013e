// The model-visible knowledge section: which sources need compiling, never their text, split by the run's
// rehydration plan into this run's bounded reads and the later ones. Shown only when there is something to do (new,
// changed or due sources) or when the root went missing while artifacts depend on it; its bytes depend only on the
// paths, their freshness and the plan, so it is stable between runs while nothing changes.
import type { Freshness } from "./freshness.ts";
import type { DeferReason, RehydrationPlan, RehydrationRoute } from "./rehydration.ts";

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
  "hash, compiler revision and time itself; do not write them. Compile the sources of this run; the later ones " +
  "wait for later runs (read one sooner only when the task needs it).";

const LATER: Record<DeferReason, string> = {
  "read-count-limit": "",
  "source-byte-limit": " (larger than one run's reading budget)",
  "new-session-scope": " (session scope: after this new session's first run)",
};

function line(route: RehydrationRoute, suffix = ""): string {
  const label = route.freshness in LABELS ? LABELS[route.freshness as keyof typeof LABELS] : route.freshness;
  return `- ${label}: ${route.path}${suffix}`;
}

/** The section's text for the run's rehydration plan, or null when there is nothing to compile. */
export function knowledgeSection(root: string, plan: RehydrationPlan): string | null {
  const later = plan.deferred.map(({ route, reason }) => line(route, LATER[reason]));
  const lines = [...plan.reads.map((route) => line(route)), ...later];
  if (lines.length === 0) return null;
  const listed = lines.slice(0, LISTED_SOURCES);
  if (lines.length > LISTED_SOURCES) listed.push(`- …and ${lines.length - LISTED_SOURCES} more`);
  const now = listed.slice(0, plan.reads.length);
  const rest = listed.slice(plan.reads.length);
  const parts = [`root: ${root}`, GUIDE];
  if (now.length > 0) parts.push("This run:", ...now);
  if (rest.length > 0) parts.push("Later runs:", ...rest);
  return parts.join("\n");
}

/** The section's text when the root is unavailable and `registered` compiled artifacts depend on it. */
export function unavailableSection(root: string, registered: number): string | null {
  if (registered === 0) return null;
  return `root: ${root}\nThe knowledge root is unavailable: the freshness of ${registered} compiled knowledge artifact(s) is unknown. They are kept as they are; do not delete them because of this.`;
}
