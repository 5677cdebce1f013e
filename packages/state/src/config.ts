// Environment → one validated StateConfig, read once when the extension loads, through the StateEnvironment schema.
// Switches take the shared words of @powercontext/pi-kit (1/true/yes/on, 0/false/no/off).
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { type Environment, readEnvironment } from "@powercontext/pi-kit";
import { type Static, Type } from "typebox";
import { StateError } from "./errors.ts";
import { MODES, type Mode } from "./modes.ts";

export interface StateConfig {
  /** Pi's agent directory (PI_CODING_AGENT_DIR, else ~/.pi/agent). */
  agentDir: string;
  /** The store: <agentDir>/powercontext-state unless POWERCONTEXT_STATE_DIR names another absolute path. */
  root: string;
  /** Markdown knowledge sources: <agentDir>/knowledge unless POWERCONTEXT_STATE_KNOWLEDGE_DIR names another path. */
  knowledgeRoot: string;
  /** The mode of a session that never chose one. */
  defaultMode: Mode;
  /**
   * Git as cold history: one local commit of the store per accepted cohort (transition). On unless turned off; without
   * a `git` executable (ENOENT) the store still runs file-only.
   */
  gitBackup: boolean;
  /** Remote (URL or path) the newest store commit is pushed to in the background; null: no push. */
  gitRemote: string | null;
  /** The opt-in JSONL record of rejected patches and preserved drafts, or null when off. */
  diagnosticsFile: string | null;
  /** Turn resolution (on unless turned off): terminal eligibility, preserved drafts, fallback turns, the response. */
  turnResolution: boolean;
  /** Completed-history compaction: off (null), or the estimated tokens a completed prefix needs before it is left out. */
  compactionMinTokens: number | null;
}

/** Every environment variable the package reads, with its default and meaning (docs/state.md lists the same). */
export const StateEnvironment = Type.Object({
  PI_CODING_AGENT_DIR: Type.Optional(Type.String({ description: "Pi's agent directory (Pi's own variable)." })),
  POWERCONTEXT_STATE_DIR: Type.Optional(
    Type.String({ description: "Store directory, absolute (default <agentDir>/powercontext-state)." }),
  ),
  POWERCONTEXT_STATE_KNOWLEDGE_DIR: Type.Optional(
    Type.String({ description: "Knowledge root of Markdown sources, absolute (default <agentDir>/knowledge)." }),
  ),
  POWERCONTEXT_STATE_MODE: Type.Union(
    MODES.map((mode) => Type.Literal(mode)),
    {
      default: "active",
      description: "Mode of a session that never chose one.",
    },
  ),
  POWERCONTEXT_STATE_GIT_BACKUP: Type.Boolean({
    default: true,
    description:
      "Git as cold history: one local commit of the store per accepted transition when git is present (0: off).",
  }),
  POWERCONTEXT_STATE_GIT_REMOTE: Type.Optional(
    Type.String({ description: "Remote (URL or path) the newest store commit is pushed to, in the background." }),
  ),
  POWERCONTEXT_STATE_TURN_RESOLUTION: Type.Boolean({
    default: true,
    description:
      "Require patch_state final:true to close a run: keep earlier prose as the answer, ask twice more (0: off).",
  }),
  POWERCONTEXT_STATE_COMPACTION: Type.Boolean({
    default: false,
    description:
      "After a large accepted run settles, leave its completed history out of the model's view (Pi keeps it).",
  }),
  POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS: Type.Integer({
    default: 8192,
    minimum: 1,
    maximum: 10_000_000,
    description: "Estimated tokens the completed history needs before that compaction is asked for.",
  }),
  POWERCONTEXT_STATE_DIAGNOSTICS: Type.Boolean({
    default: false,
    description: "Append rejected patches and preserved drafts as JSON lines to a local file (never to the store).",
  }),
});
export type StateEnvironment = Static<typeof StateEnvironment>;

/** `<agentDir>/powercontext/logs/powercontext-state.diagnostics.jsonl`: beside the package's log, outside the store. */
export function diagnosticsFileOf(agentDir: string): string {
  return join(agentDir, "powercontext", "logs", "powercontext-state.diagnostics.jsonl");
}

function configError(message: string): StateError {
  return new StateError("configuration_invalid", message);
}

/** A directory setting: absolute or refused; checked here rather than by a pattern, as the platform's rule. */
function absoluteOrNull(read: StateEnvironment, name: "POWERCONTEXT_STATE_DIR" | "POWERCONTEXT_STATE_KNOWLEDGE_DIR") {
  const value = read[name];
  if (value !== undefined && !isAbsolute(value)) throw configError(`${name} must be an absolute path.`);
  return value === undefined ? null : resolve(value);
}

/** Reads the package's environment variables. Throws a `configuration_invalid` StateError on any invalid value. */
export function loadConfig(env: Environment): StateConfig {
  const read = readEnvironment(StateEnvironment, env, configError);
  const agentDir = resolve(read.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent"));
  const dir = absoluteOrNull(read, "POWERCONTEXT_STATE_DIR");
  const knowledgeDir = absoluteOrNull(read, "POWERCONTEXT_STATE_KNOWLEDGE_DIR");
  return {
    agentDir,
    root: dir ?? join(agentDir, "powercontext-state"),
    knowledgeRoot: knowledgeDir ?? join(agentDir, "knowledge"),
    defaultMode: read.POWERCONTEXT_STATE_MODE,
    gitBackup: read.POWERCONTEXT_STATE_GIT_BACKUP,
    gitRemote: read.POWERCONTEXT_STATE_GIT_REMOTE?.trim() || null,
    diagnosticsFile: read.POWERCONTEXT_STATE_DIAGNOSTICS ? diagnosticsFileOf(agentDir) : null,
    turnResolution: read.POWERCONTEXT_STATE_TURN_RESOLUTION,
    compactionMinTokens: read.POWERCONTEXT_STATE_COMPACTION ? read.POWERCONTEXT_STATE_COMPACTION_MIN_TOKENS : null,
  };
}
