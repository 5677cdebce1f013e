// Value types of the semantic-state tier: scopes, planes, patches, scope streams and views.
import type { JsonValue } from "@powercontext/protocol";

export type { JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Overlay order: later scopes override earlier ones. */
export const SCOPES = ["global", "cwd", "session"] as const;
export type ScopeName = (typeof SCOPES)[number];

/** The only fields of a scope; each holds a JSON object. */
export const PLANES = ["artifacts", "contract", "working"] as const;
export type Plane = (typeof PLANES)[number];

export type ScopeState = Record<Plane, JsonObject>;

/** A model-authored change of one scope: a subset of the planes, each a recursive merge patch. */
export type ScopePatch = Partial<Record<Plane, JsonObject>>;

/** A validated patch_state call. */
export interface TransitionRequest {
  patches: Partial<Record<ScopeName, ScopePatch>>;
  final: boolean;
}

/** One retained patch of a scope's tail. */
export interface TailRecord {
  revision: number;
  /** Hybrid logical clock of the transition (microseconds-ish); orders causal boundaries across scopes. */
  seq: number;
  transition: string;
  patch: ScopePatch;
  at: string;
}

/** The state of a scope after `revision` (whose transition had `seq`); older patches are folded into it. */
export interface Checkpoint {
  revision: number;
  seq: number;
  state: ScopeState;
}

/** One scope's file and commit point: metadata, the checkpoint and the retained tail (at most 7 patches). */
export interface ScopeHead {
  format: "powercontext.state.head.v1";
  scope: ScopeName;
  key: string;
  revision: number;
  seq: number;
  /** History at or before this seq is pre-origin (set by a fork copy); 0 for an ordinary stream. */
  origin_seq: number;
  checkpoint: Checkpoint | null;
  tail: TailRecord[];
  created_at: string;
  updated_at: string;
}

/** A loaded scope: its head (null when the scope was never written) and its checkpoint state. */
export interface ScopeStream {
  scope: ScopeName;
  key: string;
  head: ScopeHead | null;
  checkpoint: ScopeState;
  /** The current state (checkpoint + tail), materialized once per load. */
  current: ScopeState;
  /** sha256 of the scope file's bytes; null when absent. The compare-and-swap basis. */
  basis: string | null;
}

export type ViewKeys = Record<ScopeName, string>;
export type View = Record<ScopeName, ScopeStream>;
