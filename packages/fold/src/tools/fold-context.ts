// The agent tool fold_context: its schema, its execution and the rendering of its results.
import { Type } from "typebox";
import type { FoldRuntime } from "../activate.ts";
import { ACTIONS, type ActionParams } from "../actions.ts";
import { TOOL_NAME } from "../brief.ts";
import { FoldError } from "../errors.ts";
import type { FoldContext } from "../host.ts";

export { TOOL_NAME };

export const TOOL_PARAMETERS = Type.Object({
  action: Type.Union(
    ACTIONS.map((action) => Type.Literal(action)),
    { description: "What to do" },
  ),
  id: Type.Optional(Type.String({ description: "Fold id (F…), mark id (M…) or protection id (P…)" })),
  from: Type.Optional(Type.String({ description: "First entry id of a span (see status.window.recent)" })),
  to: Type.Optional(Type.String({ description: "Last entry id of a span" })),
  offset: Type.Optional(Type.Number({ description: "peek: character offset into the source" })),
  bytes: Type.Optional(Type.Number({ description: "peek: characters to return (max 16000)" })),
  brief: Type.Optional(Type.String({ description: "rebrief: the new brief text" })),
  query: Type.Optional(Type.String({ description: "find: the text to look for inside every fold's exact source" })),
});

export const TOOL_DESCRIPTION = [
  "Lossless folding of your context window. A fold replaces a span of messages with a short brief; the exact original",
  "is kept (SHA-256 verified) and comes back with peek (read a slice, window unchanged) or expand (restore in place).",
  "fold records a free pending mark: the window does not change until the runtime commits (at 80% of the budget).",
  "find {query} returns the folds and character ranges whose exact source contains the text (verified, window",
  "unchanged); peek the range it gives. Briefs index their files, commands, terms and child folds.",
  "Actions: status, peek {id, offset, bytes}, find {query}, fold {from, to}, expand {id}, refold {id},",
  "protect {from, to | id},",
  "unprotect {id}, rebrief {id, brief}, reboundary {id, from, to}, unmark {id}. Entry ids are listed by status.",
].join(" ");

export interface ToolText {
  content: { type: "text"; text: string }[];
  details: Record<string, unknown>;
  isError?: boolean;
}

export function renderResult(result: Record<string, unknown>, full: boolean): ToolText {
  const text = full
    ? JSON.stringify(result)
    : JSON.stringify({
        ok: true,
        ...("source" in result ? { source: result.source } : {}),
        ...("matches" in result ? { total: result.total, matches: result.matches } : {}),
      });
  return { content: [{ type: "text", text }], details: {} };
}

export function renderError(error: unknown): ToolText {
  const code = error instanceof FoldError ? error.code : "unexpected";
  const message = error instanceof Error ? error.message : String(error);
  return {
    content: [{ type: "text", text: JSON.stringify({ error: { code, message } }) }],
    details: { code },
    isError: true,
  };
}

/** The tool's execute: a FoldError (or any error) becomes an error result the model can read. Never rejects. */
export async function runFoldTool(runtime: FoldRuntime, params: unknown, ctx: FoldContext): Promise<ToolText> {
  try {
    const outcome = await runtime.sessionFor(ctx).runAction(params as ActionParams);
    return renderResult(outcome.result, runtime.options.guidance.actionResponses);
  } catch (error) {
    return renderError(error);
  }
}
