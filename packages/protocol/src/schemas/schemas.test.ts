import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EMPTY_PREPARED_CONTEXT } from "../prepared-context.ts";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import {
  ApproveMemoryCandidateRequest,
  CaptureRequest,
  EntryChange,
  ErrorEnvelope,
  GetMemoryEntryRequest,
  Identifier,
  ListMemoryCandidatesRequest,
  ListMemoryChangesRequest,
  ListMemoryEntriesRequest,
  MemoryCandidate,
  MemoryEntry,
  MemoryMutationResponse,
  PrepareContextRequest,
  PreparedContext,
  ReadinessResponse,
  RejectMemoryCandidateRequest,
  RememberRequest,
  ReviseMemoryCandidateRequest,
  ScopeId,
  SearchMemoryHit,
  SearchMemoryRequest,
  SourceReference,
  StatsQuery,
} from "./index.ts";

const validators = new Map<TSchema, ReturnType<typeof Compile>>();
function check(schema: TSchema, value: unknown): boolean {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator.Check(value);
}

const memoryRef = { family: "memory", artifact_id: "memory", revision: 7 };
const citation = {
  memory_ref: memoryRef,
  entry_id: "mem_ent_3f9c2a7d5b1e4c08a6d2f1e0b9c87a65",
  entry_version_id: "mem_ver_8a1d4e6f2c3b4a5d9e0f1a2b3c4d5e6f",
};
const entry = {
  citation,
  version: 1,
  kind: "decision",
  text: "Use PostgreSQL 16.",
  state: "active",
  source_refs: [],
  artifact_refs: [],
};
const candidate = {
  candidate_id: "mcand_1",
  version: 2,
  status: "approved",
  proposal: { kind: "decision", text: "Use PostgreSQL 16." },
  confidence: 0.8,
  extractor: "rules:v1",
  source_refs: [{ name: "content", source_id: "pi-user-prompt:abc" }],
  reviewer: "user:alice",
  decision_reason: null,
  result: citation,
  created_at: "2026-08-21T10:15:30.412Z",
  updated_at: "2026-08-21T10:16:00Z",
};
const scope = { scope_id: "git:github.com/acme/billing" };
const ASTRAL = "\u{1F600}";
/** Query bounds: 200,000 code points accepted, one more rejected; an astral character is one code point. */
const LONGEST = "a".repeat(200_000);
const TOO_LONG = `${LONGEST}a`;
const LONGEST_ASTRAL = ASTRAL.repeat(200_000);
const TOO_LONG_ASTRAL = `${LONGEST_ASTRAL}${ASTRAL}`;

type Fields = Record<string, unknown>;
const makeRemember = (fields: Fields = {}): Fields => ({ ...scope, kind: "k", text: "t", ...fields });
const makeSearch = (fields: Fields = {}): Fields => ({ ...scope, query: "q", ...fields });
const makePrepare = (fields: Fields = {}): Fields => ({ ...scope, query: "q", ...fields });
const makeCapture = (fields: Fields = {}): Fields => ({ ...scope, source_id: "s", content: "c", ...fields });
const makeApprove = (fields: Fields = {}): Fields => ({ ...scope, candidate_id: "c", expected_version: 1, ...fields });
const makeReject = (reason: unknown): Fields => ({ ...scope, candidate_id: "c", expected_version: 1, reason });
const makeHit = (fields: Fields = {}): Fields => ({ citation, text: "t", score: 0.5, matched_by: ["fts"], ...fields });
const makeReady = (fields: Fields = {}): Fields => ({
  schema: "powercontext.prepared-context.v1",
  status: "ready",
  content: "x",
  content_bytes: 1,
  ...fields,
});

/** [behaviour, schema, value, accepted] */
const CASES: ReadonlyArray<readonly [string, TSchema, unknown, boolean]> = [
  // Closed objects, at any depth.
  ["a citation is accepted as the contract shows it", GetMemoryEntryRequest, { ...scope, citation }, true],
  ["an unknown top-level request key is rejected", RememberRequest, makeRemember({ x: 1 }), false],
  [
    "an unknown key inside a citation is rejected",
    GetMemoryEntryRequest,
    { ...scope, citation: { ...citation, x: 1 } },
    false,
  ],
  [
    "an unknown key inside a citation's memory_ref is rejected",
    GetMemoryEntryRequest,
    { ...scope, citation: { ...citation, memory_ref: { ...memoryRef, x: 1 } } },
    false,
  ],
  [
    "an unknown key inside a candidate proposal is rejected",
    ReviseMemoryCandidateRequest,
    makeApprove({ proposal: { kind: "k", text: "t", x: 1 } }),
    false,
  ],
  ["an unknown stats query parameter is rejected", StatsQuery, { ...scope, foo: "1" }, false],
  ["capture metadata is any JSON object", CaptureRequest, makeCapture({ metadata: { a: { b: [1] } } }), true],
  ["capture metadata must be an object", CaptureRequest, makeCapture({ metadata: [] }), false],
  [
    "readiness checks are an open string map",
    ReadinessResponse,
    { status: "degraded", checks: { "inference.generation": "timeout" } },
    true,
  ],
  ["readiness check states are strings", ReadinessResponse, { status: "ready", checks: { runtime: 1 } }, false],
  ["error details may be any object", ErrorEnvelope, { error: { code: "c", message: "m", details: { a: [] } } }, true],
  ["error details may be null", ErrorEnvelope, { error: { code: "c", message: "m", details: null } }, true],
  ["error details are required", ErrorEnvelope, { error: { code: "c", message: "m" } }, false],
  ["the error envelope is closed", ErrorEnvelope, { error: { code: "c", message: "m", details: null }, x: 1 }, false],

  // Strict types.
  ['"5" is not an integer', RememberRequest, makeRemember({ expected_revision: "5" }), false],
  ['"5" is not a search limit', SearchMemoryRequest, makeSearch({ limit: "5" }), false],
  ["5.5 is not an integer", SearchMemoryRequest, makeSearch({ limit: 5.5 }), false],
  ["1 is not a boolean", ListMemoryEntriesRequest, { ...scope, include_inactive: 1 }, false],
  ["enums are case-sensitive", SearchMemoryRequest, makeSearch({ mode: "FTS" }), false],
  ["the stats period is an exact enum", StatsQuery, { ...scope, period: "30D" }, false],
  ["a source name other than content is rejected", SourceReference, { name: "Content", source_id: "s" }, false],
  ["max_bytes below 512 is rejected", PrepareContextRequest, makePrepare({ max_bytes: 511 }), false],
  ["max_bytes of 32768 is accepted", PrepareContextRequest, makePrepare({ max_bytes: 32768 }), true],
  ["a search limit above 50 is rejected", SearchMemoryRequest, makeSearch({ limit: 51 }), false],

  // Lengths in code points.
  ["a 200,000-code-point prepare query is accepted", PrepareContextRequest, makePrepare({ query: LONGEST }), true],
  ["a 200,001-code-point prepare query is rejected", PrepareContextRequest, makePrepare({ query: TOO_LONG }), false],
  ["a 200,000-code-point search query is accepted", SearchMemoryRequest, makeSearch({ query: LONGEST }), true],
  ["a 200,001-code-point search query is rejected", SearchMemoryRequest, makeSearch({ query: TOO_LONG }), false],
  ["200,000 astral characters count as 200,000", PrepareContextRequest, makePrepare({ query: LONGEST_ASTRAL }), true],
  ["200,001 astral characters count as 200,001", SearchMemoryRequest, makeSearch({ query: TOO_LONG_ASTRAL }), false],
  ["a scope of 256 astral characters is accepted", ScopeId, ASTRAL.repeat(256), true],
  ["a scope of 257 astral characters is rejected", ScopeId, ASTRAL.repeat(257), false],
  ["an empty scope is rejected", ScopeId, "", false],
  ["an identifier of 128 printable ASCII characters is accepted", Identifier, "~".repeat(128), true],
  ["an identifier of 129 characters is rejected", Identifier, "a".repeat(129), false],
  ["an identifier with a space is rejected", Identifier, "mem ent", false],
  ["an identifier with a non-ASCII character is rejected", Identifier, `mem_${ASTRAL}`, false],
  [
    "a reason of 512 astral characters is accepted",
    RememberRequest,
    makeRemember({ reason: ASTRAL.repeat(512) }),
    true,
  ],
  ["a memory reason of 513 characters is rejected", RememberRequest, makeRemember({ reason: "r".repeat(513) }), false],

  // Non-blank and trimmed.
  ["a blank scope is rejected", ScopeId, " \t\n", false],
  ["a scope is never trimmed", ScopeId, " local:x ", true],
  ["a blank prepare query is rejected", PrepareContextRequest, makePrepare({ query: " \n\u3000" }), false],
  ["an empty search query is rejected", SearchMemoryRequest, makeSearch({ query: "" }), false],
  ["a blank search query is rejected", SearchMemoryRequest, makeSearch({ query: "   " }), false],
  ["blank capture content is rejected", CaptureRequest, makeCapture({ content: "\n\n" }), false],
  ["a blank capture source_id is rejected", CaptureRequest, makeCapture({ source_id: " " }), false],
  ["a blank memory kind is rejected", RememberRequest, makeRemember({ kind: " " }), false],
  ["a blank memory text is rejected", RememberRequest, makeRemember({ text: "\t" }), false],
  ["a blank memory reason is accepted and means none", RememberRequest, makeRemember({ reason: " " }), true],
  ["a blank reject reason is rejected", RejectMemoryCandidateRequest, makeReject("  "), false],
  ["an untrimmed reject reason is rejected", RejectMemoryCandidateRequest, makeReject("Too specific "), false],
  ["a trimmed multi-line reject reason is accepted", RejectMemoryCandidateRequest, makeReject("One.\nTwo."), true],
  ["a reject reason of 2001 characters is rejected", RejectMemoryCandidateRequest, makeReject("r".repeat(2001)), false],
  ["a reject reason is required", RejectMemoryCandidateRequest, makeApprove(), false],

  // Optional and nullable.
  ["a null memory reason means omitted", RememberRequest, makeRemember({ reason: null }), true],
  ["a null expected_revision means omitted", RememberRequest, makeRemember({ expected_revision: null }), true],
  ["expected_revision 0 is rejected", RememberRequest, makeRemember({ expected_revision: 0 }), false],
  ["a null since_revision means omitted", ListMemoryChangesRequest, { ...scope, since_revision: null }, true],
  ["since_revision 0 asks for the full history", ListMemoryChangesRequest, { ...scope, since_revision: 0 }, true],
  ["null capture metadata means {}", CaptureRequest, makeCapture({ metadata: null }), true],
  ["a null candidate cursor means omitted", ListMemoryCandidatesRequest, { ...scope, cursor: null }, true],
  ["a null reviewer means omitted", ApproveMemoryCandidateRequest, makeApprove({ reviewer: null }), true],
  [
    "a reviewer such as user:alice is accepted",
    ApproveMemoryCandidateRequest,
    makeApprove({ reviewer: "user:alice" }),
    true,
  ],
  [
    "a reviewer with a space is rejected",
    ApproveMemoryCandidateRequest,
    makeApprove({ reviewer: "user alice" }),
    false,
  ],
  ["a null search limit is rejected", SearchMemoryRequest, makeSearch({ limit: null }), false],
  ["a null search mode is rejected", SearchMemoryRequest, makeSearch({ mode: null }), false],
  ["a null max_bytes is rejected", PrepareContextRequest, makePrepare({ max_bytes: null }), false],
  ["a null include_inactive is rejected", ListMemoryEntriesRequest, { ...scope, include_inactive: null }, false],
  ["a null candidate status is rejected", ListMemoryCandidatesRequest, { ...scope, status: null }, false],
  ["a null scope is rejected", RememberRequest, makeRemember({ scope_id: null }), false],
  ["a null citation is rejected", GetMemoryEntryRequest, { ...scope, citation: null }, false],
  [
    "a null expected_version is rejected",
    ApproveMemoryCandidateRequest,
    makeApprove({ expected_version: null }),
    false,
  ],

  // Responses.
  ["the empty PreparedContext is accepted", PreparedContext, EMPTY_PREPARED_CONTEXT, true],
  ["a ready PreparedContext is accepted", PreparedContext, makeReady(), true],
  ["a PreparedContext with a fifth key is rejected", PreparedContext, makeReady({ items: [] }), false],
  [
    "an empty PreparedContext with content bytes is rejected",
    PreparedContext,
    { ...EMPTY_PREPARED_CONTEXT, content_bytes: 1 },
    false,
  ],
  ["a ready PreparedContext without content is rejected", PreparedContext, makeReady({ content: null }), false],
  ["a ready PreparedContext with blank content is rejected", PreparedContext, makeReady({ content: " " }), false],
  ["a mutation response emits entry, null included", MemoryMutationResponse, { memory: memoryRef, entry: null }, true],
  ["a mutation response without entry is rejected", MemoryMutationResponse, { memory: memoryRef }, false],
  ["a memory entry is accepted as the contract shows it", MemoryEntry, entry, true],
  ["a memory entry state is active or inactive", MemoryEntry, { ...entry, state: "retired" }, false],
  ["a hit score above 1 is rejected", SearchMemoryHit, makeHit({ score: 1.5 }), false],
  ["a hit matched by both channels is accepted", SearchMemoryHit, makeHit({ matched_by: ["fts", "vector"] }), true],
  ["a hit channel listed twice is rejected", SearchMemoryHit, makeHit({ matched_by: ["fts", "fts"] }), false],
  [
    "an entry change with null versions and reason is accepted",
    EntryChange,
    { op: "deactivate", entry_id: "e", from_entry_version_id: "v", to_entry_version_id: null, reason: null },
    true,
  ],
  ["a memory candidate is accepted", MemoryCandidate, candidate, true],
  ["a candidate confidence above 1 is rejected", MemoryCandidate, { ...candidate, confidence: 1.01 }, false],
  ["a candidate timestamp must be a date-time", MemoryCandidate, { ...candidate, created_at: "yesterday" }, false],
  [
    "an unknown key inside a candidate's result citation is rejected",
    MemoryCandidate,
    { ...candidate, result: { ...citation, x: 1 } },
    false,
  ],
  ["a candidate lists every key, reviewer included", MemoryCandidate, { ...candidate, reviewer: undefined }, false],
];

describe("wire schemas", () => {
  for (const [behaviour, schema, value, accepted] of CASES) {
    it(behaviour, () => {
      assert.equal(check(schema, value), accepted);
    });
  }
});
