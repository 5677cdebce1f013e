// What a Pi tool of ours hands back to Pi: a value the model reads, or a failure with a stable code. Both the Memory
// tools and the state tools render the same way, so the model sees one convention across packages.

/** A model-visible refusal or error: a stable `code` the model can act on and a sentence it can read. */
export interface ToolFailure {
  ok: false;
  code: string;
  message: string;
}

export function failure(code: string, message: string): ToolFailure {
  return { ok: false, code, message };
}

export interface ToolResult<Outcome> {
  content: { type: "text"; text: string }[];
  details: Outcome;
}

/**
 * Renders an outcome for Pi. A failure is thrown as an Error whose message is the outcome's JSON: every Pi version
 * turns a throw into an `isError` tool result the model reads, without disturbing the host.
 */
export function renderToolResult<Outcome extends { ok: boolean }>(outcome: Outcome): ToolResult<Outcome> {
  const text = JSON.stringify(outcome);
  if (!outcome.ok) throw new Error(text);
  return { content: [{ type: "text", text }], details: outcome };
}
