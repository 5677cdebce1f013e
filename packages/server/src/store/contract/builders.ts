// Builders and the store lifecycle shared by the contract suites. Memory is written through the domain's planned
// writes (domain/memory, domain/journal, domain/review): the decisions are made there, once, and each engine must
// give them the same reads and the same atomic commits.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import type { MemoryEntry } from "@powercontext/protocol";
import type { ReviewedCandidate } from "../../domain/journal/commit-flush.ts";
import { rememberEntry } from "../../domain/memory/entry-writes.ts";
import type { NewEntryVersion, NewSource, Store } from "../types.ts";

export const NOW = "2026-11-29T12:00:00.000Z";
let counter = 0;
export const id = (prefix: string): string => `${prefix}${String((counter += 1)).padStart(32, "0")}`;

export function makeSource(overrides: Partial<NewSource> = {}): NewSource {
  return {
    scope_id: "scope-a",
    source_id: id("src-"),
    content: "We use pnpm instead of npm.",
    metadata: { origin: "test" },
    payload_digest: "digest-1",
    redaction_count: 0,
    captured_at: NOW,
    ...overrides,
  };
}

export function makeEntry(text: string, overrides: Partial<NewEntryVersion> = {}): NewEntryVersion {
  return {
    entry_id: id("mem_ent_"),
    entry_version_id: id("mem_ver_"),
    kind: "decision",
    text,
    search_text: text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim(),
    fingerprint: `fp:${text.toLowerCase()}`,
    source_refs: [],
    artifact_refs: [],
    ...overrides,
  };
}

/** A candidate the review policy approved, with its entry and the near duplicate a flush found (if any). */
export function approved(entry: NewEntryVersion, near: string | null = null): ReviewedCandidate {
  return {
    candidate_id: id("mcand_"),
    proposal: { kind: entry.kind, text: entry.text },
    confidence: 0.9,
    extractor: "rules",
    source_refs: entry.source_refs,
    disposition: { status: "approved", reviewer: "policy:auto", entry, near_duplicate_of: near },
  };
}

export function pending(text: string): ReviewedCandidate {
  return { ...approved(makeEntry(text)), disposition: { status: "pending" } };
}

/** One family's tests by name; each gets a fresh store. */
export type ContractTests = Record<string, (store: Store) => Promise<void>>;

/** Runs a family's tests as one suite, each on a fresh store from `open` that is closed after it. */
export function describeContract(family: string, open: () => Promise<Store>, tests: ContractTests): void {
  describe(family, () => {
    let store: Store | undefined;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store?.close());
    for (const [name, test] of Object.entries(tests)) {
      it(name, () => {
        if (!store) throw new Error("the store is opened before each test");
        return test(store);
      });
    }
  });
}

/** Remembers `text` as a new entry and returns it as written. */
export async function remember(store: Store, text: string, scope = "scope-a"): Promise<MemoryEntry> {
  const result = await rememberEntry(store, {
    scope_id: scope,
    entry: makeEntry(text),
    reason: null,
    expected_revision: null,
    now: NOW,
  });
  assert.equal(result.status, "written");
  if (result.status !== "written" || !result.entry) throw new Error("unreachable");
  return result.entry;
}
