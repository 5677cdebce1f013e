// A dashboard write runs the same domain function as its API operation, after the same schema check of the same
// request body; a refusal becomes a sentence for the person who clicked (version conflicts say who was first).
import type { OperationBody, OperationId } from "@powercontext/protocol";
import { OPERATIONS, type OperationSpec } from "@powercontext/protocol/operations";
import { Value } from "typebox/value";
import { PowerContextError } from "../errors.ts";

export type WriteOutcome = { status: "done" } | { status: "refused"; code: string; message: string };

export async function runWrite<Id extends OperationId>(
  operationId: Id,
  body: Record<string, unknown>,
  write: (body: OperationBody<Id>) => Promise<unknown>,
): Promise<WriteOutcome> {
  const spec: OperationSpec = OPERATIONS[operationId];
  const schema = spec.body;
  if (schema && !Value.Check(schema, body)) {
    const [first] = Value.Errors(schema, body);
    const where = first?.instancePath ? ` (${first.instancePath.slice(1)})` : "";
    return {
      status: "refused",
      code: "invalid_request",
      message: `Not accepted${where}: ${first?.message ?? "invalid"}.`,
    };
  }
  try {
    await write(body as OperationBody<Id>);
    return { status: "done" };
  } catch (error) {
    if (error instanceof PowerContextError) {
      return { status: "refused", code: error.code, message: explain(error) };
    }
    throw error;
  }
}

function explain(error: PowerContextError): string {
  const details = error.details ?? {};
  switch (error.code) {
    case "candidate_conflict":
      return `Someone changed this candidate after you loaded it (it is now at version ${String(details.current_version)}). Reload to see their change.`;
    case "candidate_terminal":
      return `Someone else decided this candidate first: it is already ${String(details.status)}.`;
    case "candidate_not_found":
      return "This candidate no longer exists.";
    case "revision_conflict":
      return "Memory changed after you loaded this entry. Reload to see the current version, then try again.";
    case "memory_entry_inactive":
      return "This entry is retired; it cannot be revised.";
    case "memory_not_found":
      return "This entry no longer exists at the head of Memory.";
    case "secret_rejected":
      return "The text contains what looks like a secret; nothing was stored.";
    default:
      return error.message;
  }
}
