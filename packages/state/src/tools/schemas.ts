// TypeBox parameter schemas of patch_state and read_state (Pi maps `typebox` to its own copy and validates with it).
import { Type } from "typebox";

const Plane = (what: string) =>
  Type.Object(
    {},
    {
      additionalProperties: true,
      description: `${what} Merge patch: objects merge, arrays and primitives replace, a nested null deletes an existing key.`,
    },
  );

const ScopePatch = (scope: string) =>
  Type.Object(
    {
      artifacts: Type.Optional(Plane("Artifacts: descriptions of files, sources and skills worth finding again.")),
      contract: Type.Optional(Plane("Contract: agreed requirements, constraints and decisions.")),
      working: Type.Optional(Plane("Working: current task state, next steps and open questions.")),
    },
    { description: `Patch of the ${scope} scope; only artifacts, contract and working.` },
  );

/** Unknown top-level fields are not declared away here: patch.ts rejects them with a precise reason. */
export const PatchStateParameters = Type.Object({
  global: Type.Optional(ScopePatch("global (every project)")),
  cwd: Type.Optional(ScopePatch("cwd (this working directory)")),
  session: Type.Optional(ScopePatch("session (this conversation only)")),
  final: Type.Optional(
    Type.Literal(true, { description: "Set when this patch completes the task's state for the turn." }),
  ),
});

export const ReadStateParameters = Type.Object({
  scope: Type.Optional(
    Type.Union([Type.Literal("effective"), Type.Literal("global"), Type.Literal("cwd"), Type.Literal("session")], {
      description: "Default effective (the overlay).",
    }),
  ),
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 7, description: "0 = now; n = before the n most recent boundaries." }),
  ),
  revision: Type.Optional(
    Type.String({
      description:
        'Cold history (Git backup on): a store commit id, or "self" (the commit of this view\'s newest transition); offset then counts back from it.',
    }),
  ),
  tags: Type.Optional(
    Type.Object(
      {
        all: Type.Optional(Type.Array(Type.String(), { description: "Artifacts carrying every one of these tags." })),
        any: Type.Optional(Type.Array(Type.String(), { description: "Artifacts carrying at least one of these." })),
      },
      { description: "Keep only the artifacts whose tags match (a candidate filter; read a source only when needed)." },
    ),
  ),
});

export const PATCH_STATE_DESCRIPTION =
  "Atomically change the durable semantic state: optional global, cwd and session patches commit together as one " +
  "transition. It must be the only tool call of its response; the result is the receipt with the new effective state. " +
  "Rejects nulls that delete nothing, empty scopes, no-op patches, unknown fields and `response`.";

export const READ_STATE_DESCRIPTION =
  "Read the semantic state: scope effective (default), global, cwd or session, at offset 0–7 (the same previous " +
  "causal boundary for every scope). History before the retained origin is an error. With Git backup, revision " +
  'reads an older store commit (or "self"). tags narrows the artifacts to those whose tags match.';
