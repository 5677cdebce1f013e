// `powercontext purge source | entry | scope`: the one deletion path, through the Server (which also compacts its
// files). Nothing is purged without a confirmation: typed at a terminal, or --yes; without a terminal and without
// --yes the command refuses.
import { createInterface } from "node:readline/promises";
import type { PurgeResponse } from "@powercontext/protocol";
import { confirmationAnswer, describeTarget, type PurgeRequest } from "../domain/lifecycle/purge-description.ts";
import { PowerContextError } from "../errors.ts";
import { callOk, type ServerTarget } from "./server-client.ts";

export { describePurge, describeTarget, type PurgeRequest } from "../domain/lifecycle/purge-description.ts";

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
    `This permanently deletes ${what}, with no way back. Type the scope id (${confirmationAnswer(request)}) to confirm: `,
  );
  if (answer.trim() !== confirmationAnswer(request)) {
    throw new PowerContextError("invalid_request", `Not confirmed: nothing was purged (${what}).`);
  }
}
