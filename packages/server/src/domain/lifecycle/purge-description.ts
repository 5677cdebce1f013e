// What a purge targets and what it removed, in words: the CLI prints them and the dashboard shows them, so a person
// reads the same confirmation and the same audit summary in both.
import type { PurgeResponse } from "@powercontext/protocol";

export type PurgeRequest =
  | { target: "source"; scope: string; id: string }
  | { target: "entry"; scope: string; id: string }
  | { target: "scope"; scope: string };

/** What the person types to confirm, at the terminal and on the dashboard alike: the scope id. */
export function confirmationAnswer(request: PurgeRequest): string {
  return request.scope;
}

export function describeTarget(request: PurgeRequest): string {
  return request.target === "scope"
    ? `everything in scope ${request.scope}`
    : `${request.target === "source" ? "Source" : "Memory entry"} ${request.id} of scope ${request.scope}`;
}

export function describePurge(response: PurgeResponse): string {
  const { audit, entries_citing_source, compacted } = response;
  const { sources, entries, entry_versions, candidates, handoff_revisions } = audit.removed;
  const lines = [
    `Purged ${audit.target} ${audit.target_id} of scope ${audit.scope_id} (audit record ${audit.audit_id}): ` +
      `${sources} Sources, ${entries} entries (${entry_versions} versions), ${candidates} candidates, ` +
      `${handoff_revisions} Handoff revisions.`,
  ];
  if (entries_citing_source.length > 0) {
    lines.push(
      `These entries cite the Source and were kept; purge those that repeat what it leaked: ${entries_citing_source.join(", ")}`,
    );
  }
  if (!compacted) {
    lines.push(
      "The write-ahead log could not be emptied (another process was reading the database): the removed bytes may " +
        "stay in it until the Server restarts (closing the database checkpoints it and removes the log).",
    );
  }
  return lines.join("\n");
}
