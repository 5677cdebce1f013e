// `powercontext purge source | entry | scope`: the one deletion path, through the Server (which also compacts its
// files). Nothing is purged without a confirmation: typed at a terminal, or --yes; without a terminal and without
// --yes the command refuses.
import { createInterface } from "node:readline/promises";
import type { PurgeResponse } from "@powercontext/protocol";
import { PowerContextError } from "../errors.ts";
import { callOk, type ServerTarget } from "./server-client.ts";

export type PurgeRequest =
  | { target: "source"; scope: string; id: string }
  | { target: "entry"; scope: string; id: string }
  | { target: "scope"; scope: string };

/** How the command asks: whether a person is at a terminal, and the question put to them. */
export interface Confirmation {
  interactive: boolean;
  ask(question: string): Promise<string>;
}

export const TERMINAL_CONFIRMATION: Confirmation = {
  interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  async ask(question) {
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await prompt.question(question);
    } finally {
      prompt.close();
    }
  },
};

export function describeTarget(request: PurgeRequest): string {
  return request.target === "scope"
    ? `everything in scope ${request.scope}`
    : `${request.target === "source" ? "Source" : "Memory entry"} ${request.id} of scope ${request.scope}`;
}

/** Asks for the confirmation (unless `yes`), then purges. */
export async function purgeCommand(
  deps: { target: ServerTarget; confirmation: Confirmation },
  request: PurgeRequest,
  options: { yes?: boolean },
): Promise<PurgeResponse> {
  if (!options.yes) await confirm(deps.confirmation, request);
  switch (request.target) {
    case "source":
      return callOk(deps.target, "purge_source", { scope_id: request.scope, source_id: request.id });
    case "entry":
      return callOk(deps.target, "purge_memory_entry", { scope_id: request.scope, entry_id: request.id });
    case "scope":
      return callOk(deps.target, "purge_scope", { scope_id: request.scope });
    default: {
      const unreachable: never = request;
      throw new Error(`unknown purge ${JSON.stringify(unreachable)}`);
    }
  }
}

async function confirm(confirmation: Confirmation, request: PurgeRequest): Promise<void> {
  const what = describeTarget(request);
  if (!confirmation.interactive) {
    throw new PowerContextError(
      "invalid_request",
      `Refusing to purge ${what} without a confirmation: run the command in a terminal, or pass --yes.`,
    );
  }
  const answer = await confirmation.ask(
    `This permanently deletes ${what}, with no way back. Type the scope id (${request.scope}) to confirm: `,
  );
  if (answer.trim() !== request.scope) {
    throw new PowerContextError("invalid_request", `Not confirmed: nothing was purged (${what}).`);
  }
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
