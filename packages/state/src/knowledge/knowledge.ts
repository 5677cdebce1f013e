// Knowledge artifacts for one loaded extension: discovery before each enabled run, removal of artifacts whose
// sources are proven absent (re-derived from the retained registry every time, never from a remembered event), the
// knowledge prompt section, the correlation of native reads, and the evidence added to patch_state calls.
import { realpath } from "node:fs/promises";
import { basename, dirname, join, sep } from "node:path";
import type { HostContext } from "../host.ts";
import type { SessionState, StateRuntime } from "../runtime.ts";
import type { TransitionRequest } from "../types.ts";
import { owedCompilations } from "./acquisitions.ts";
import { compileArtifacts } from "./compile.ts";
import { type Discovery, discoverKnowledge, provenAbsent } from "./discover.ts";
import {
  FRESHNESS,
  type Freshness,
  freshnessOfSources,
  owningScope,
  planArtifactInvalidation,
  registeredPaths,
  type ScopeStates,
} from "./freshness.ts";
import { type DeferReason, planKnowledgeRehydration, type RehydrationPhase } from "./rehydration.ts";
import { knowledgeSection, unavailableSection } from "./section.ts";

export interface Knowledge {
  /** The configured knowledge root (`POWERCONTEXT_STATE_KNOWLEDGE_DIR`, default `<agentDir>/knowledge`). */
  root: string;
  /** Canonical source path → hash of its bytes at the model's last successful read of it. */
  reads: Map<string, string>;
  /** Paths a read may be correlated with: the last discovery's sources and the run's loaded Skills. */
  candidates: Set<string>;
  /** The correlated reads of the current run (its acquisitions), whose compilation turn resolution checks. */
  runReads: Set<string>;
  /** The rehydration phase of the next enabled run (set at session_start, `step` after the first run). */
  phase: RehydrationPhase;
}

const attached = new WeakMap<StateRuntime, Knowledge>();

/** Attaches knowledge handling to a runtime (the extension entry does it once). */
export function attachKnowledge(runtime: StateRuntime): Knowledge {
  const knowledge: Knowledge = {
    root: runtime.config.knowledgeRoot,
    reads: new Map(),
    candidates: new Set(),
    runReads: new Set(),
    phase: "new-bootstrap",
  };
  attached.set(runtime, knowledge);
  return knowledge;
}

/** patch_state's hook: the request with the runtime's evidence added (no reads when knowledge is not attached). */
export function withCompilerEvidence(runtime: StateRuntime, session: SessionState, request: TransitionRequest) {
  const states = statesOf(session);
  return compileArtifacts(states, request, attached.get(runtime)?.reads ?? new Map(), new Date());
}

export function statesOf(session: SessionState): ScopeStates {
  const { global, cwd, session: own } = session.view;
  return { global: global.current, cwd: cwd.current, session: own.current };
}

/** The run's acquisitions whose compilation is still owed in the session's current view (none without knowledge). */
export function pendingAcquisitions(runtime: StateRuntime, session: SessionState): string[] {
  const knowledge = attached.get(runtime);
  if (knowledge === undefined) return [];
  return owedCompilations(statesOf(session), knowledge.reads, knowledge.runReads, new Date());
}

/** The run's plan: which sources to read now and which wait (the planner is pure; sizes come from discovery). */
function planOf(phase: RehydrationPhase, discovery: Discovery & { status: "available" }, states: ScopeStates) {
  const routes = freshnessOfSources(states, discovery.sources, new Date()).map(({ path, freshness }) => ({
    path,
    freshness,
    scope: owningScope(states, path) ?? ("global" as const),
    bytes: discovery.sizes.get(path) ?? 0,
  }));
  return planKnowledgeRehydration(phase, routes);
}

/** Registered paths the root owns that are proven absent; none when the root itself is unavailable. */
export async function absentSources(discovery: Discovery, states: ScopeStates): Promise<string[]> {
  if (discovery.status !== "available") return [];
  const absent: string[] = [];
  for (const path of registeredPaths(states)) if (await provenAbsent(discovery.root, path)) absent.push(path);
  return absent;
}

/** Drops the artifacts of proven-absent sources in one runtime transition; a conflicting writer defers it a run. */
async function removeAbsent(runtime: StateRuntime, session: SessionState, removed: string[]): Promise<void> {
  if (removed.length === 0) return;
  const patches = planArtifactInvalidation(statesOf(session), { removed });
  if (Object.keys(patches).length === 0) return;
  const result = await runtime.store.publish(session.keys, session.view, { patches, final: false });
  session.view = result.view;
  if (result.status === "conflict") return runtime.log("knowledge.removal_deferred", { reason: "state_conflict" });
  session.accepted.push({ transition: result.transition, seq: result.seq });
  runtime.log("knowledge.removed", { count: removed.length });
}

/** Where the configured root would be, canonical, even when it is missing (to count the artifacts under it). */
async function canonicalGuess(root: string): Promise<string> {
  try {
    return join(await realpath(dirname(root)), basename(root));
  } catch {
    return root;
  }
}

/**
 * Before an enabled run: discover, remove what is proven gone, and return the section text (null: nothing to say).
 * With a root, the session's view is refreshed first, so the removal and the section use the current state.
 */
export async function prepareKnowledge(
  runtime: StateRuntime,
  knowledge: Knowledge,
  ctx: HostContext,
  skillFiles: readonly string[],
): Promise<string | null> {
  const discovery = await discoverKnowledge(knowledge.root);
  const phase = knowledge.phase;
  knowledge.phase = "step";
  knowledge.runReads.clear();
  knowledge.candidates = new Set([
    ...(discovery.status === "available" ? discovery.sources.keys() : []),
    ...skillFiles,
  ]);
  // Without a root there is nothing to remove: the cached view is enough, and a run with no knowledge reads no store.
  const session = discovery.status === "available" ? await runtime.refresh(ctx) : await runtime.session(ctx);
  await removeAbsent(runtime, session, await absentSources(discovery, statesOf(session)));
  const states = statesOf(session);
  if (discovery.status === "unavailable") {
    const root = await canonicalGuess(knowledge.root);
    return unavailableSection(
      knowledge.root,
      registeredPaths(states).filter((path) => path.startsWith(root + sep)).length,
    );
  }
  return knowledgeSection(discovery.root, planOf(phase, discovery, states));
}

export interface KnowledgeStatus {
  root: string;
  freshness: "available" | "unavailable";
  sources: number;
  counts: Record<Freshness, number>;
  /** Registered artifacts whose sources are proven absent (removed before the next enabled run). */
  absent: number;
  /** Artifacts with recorded evidence, in every scope of the view. */
  registered: number;
  /** The next enabled run's rehydration plan: its phase, the sources it reads, those that wait and why. */
  rehydration: { phase: RehydrationPhase; reads: string[]; deferred: { path: string; reason: DeferReason }[] };
}

/** `/state status`: the same derivation as a run, without writing anything. */
export async function knowledgeStatus(runtime: StateRuntime, session: SessionState): Promise<KnowledgeStatus> {
  const root = runtime.config.knowledgeRoot;
  const discovery = await discoverKnowledge(root);
  const states = statesOf(session);
  const counts = Object.fromEntries(FRESHNESS.map((name) => [name, 0])) as Record<Freshness, number>;
  const sources = discovery.status === "available" ? discovery.sources : new Map<string, string>();
  for (const { freshness } of freshnessOfSources(states, sources, new Date())) counts[freshness] += 1;
  const phase = attached.get(runtime)?.phase ?? "step";
  const plan = discovery.status === "available" ? planOf(phase, discovery, states) : { reads: [], deferred: [] };
  return {
    root,
    freshness: discovery.status,
    sources: sources.size,
    counts,
    absent: (await absentSources(discovery, states)).length,
    registered: registeredPaths(states).length,
    rehydration: {
      phase,
      reads: plan.reads.map((read) => read.path),
      deferred: plan.deferred.map(({ route, reason }) => ({ path: route.path, reason })),
    },
  };
}
