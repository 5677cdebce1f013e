import type { ArtifactReference, SourceReference } from "@powercontext/protocol";
import { textFingerprint, toSearchText } from "../../search/analyze.ts";
import type { NewEntryVersion } from "../../store/types.ts";
import type { IdSource } from "../deps.ts";

export const ENTRY_ID_PREFIX = "mem_ent_";
export const ENTRY_VERSION_ID_PREFIX = "mem_ver_";

/** Builds a new entry version with fresh ids and its derived search text and fingerprint. */
export function buildEntryVersion(
  ids: IdSource,
  fields: {
    kind: string;
    text: string;
    source_refs?: SourceReference[];
    artifact_refs?: ArtifactReference[];
    entry_id?: string;
  },
): NewEntryVersion {
  return {
    entry_id: fields.entry_id ?? ids.next(ENTRY_ID_PREFIX),
    entry_version_id: ids.next(ENTRY_VERSION_ID_PREFIX),
    kind: fields.kind,
    text: fields.text,
    search_text: toSearchText(`${fields.kind} ${fields.text}`),
    fingerprint: textFingerprint(fields.text),
    source_refs: fields.source_refs ?? [],
    artifact_refs: fields.artifact_refs ?? [],
  };
}
