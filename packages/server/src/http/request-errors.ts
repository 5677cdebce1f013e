// What was wrong with a request the Server could not read or that breaks the contract's schemas, in words and as
// field paths. The error code stays the contract's `invalid_request`; only the message and `details.errors` (each
// `{type, loc, msg}`, `loc` the path of the offending part) say what was wrong. Nothing here echoes the body's text.
import type { FastifyError } from "fastify";

export interface RequestIssue {
  type: string;
  loc: string[];
  msg: string;
}

export interface RequestProblem {
  message: string;
  issues: RequestIssue[];
}

const CONTENT_TYPE_HINT = "send the header `Content-Type: application/json` with a JSON object as the body";

/** The schema violations of a request, each with the path of the field, and a message naming the first. */
export function describeValidation(error: FastifyError): RequestProblem {
  const issues = (error.validation ?? []).map((issue) => {
    const loc = [error.validationContext ?? "body", ...issue.instancePath.split("/").filter(Boolean)];
    const extra = (issue.params as { additionalProperty?: unknown }).additionalProperty;
    if (typeof extra === "string") loc.push(extra.slice(0, 100));
    return { type: issue.keyword, loc, msg: issue.message ?? "invalid" };
  });
  const first = issues[0];
  const where = first ? `: ${first.loc.join(".")} ${first.msg}` : "";
  return { message: `The request violates the API contract${where}.`, issues };
}

/** A body Fastify could not read (no or another content type, empty, not JSON), or null for any other failure. */
export function describeUnreadableBody(error: FastifyError, contentType: string | undefined): RequestProblem | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE": {
      const got =
        contentType === undefined ? "no Content-Type was sent" : `the Content-Type was \`${clip(contentType)}\``;
      return problem(
        "content_type",
        ["header", "content-type"],
        `The request body must be JSON: ${got}; ${CONTENT_TYPE_HINT}.`,
      );
    }
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return problem("json_empty", ["body"], `The request body is empty; ${CONTENT_TYPE_HINT}.`);
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return problem(
        "content_length",
        ["header", "content-length"],
        "The request body's size does not match its Content-Length.",
      );
    default:
      break;
  }
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
    // The parser's own message quotes the body; only the position is kept.
    const position = /position (\d+)/.exec(error.message)?.[1];
    const at = position === undefined ? "" : ` (at character ${position})`;
    return problem("json_invalid", ["body"], `The request body is not valid JSON${at}.`);
  }
  return null;
}

function problem(type: string, loc: string[], message: string): RequestProblem {
  return { message, issues: [{ type, loc, msg: message }] };
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
