// HTTP status per error code and the one error handler (the envelope itself is error-body.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { PowerContextError, type ErrorCode } from "../errors.ts";
import { errorBody } from "./error-body.ts";
import { refuseTooLarge } from "./payload-too-large.ts";
import { describeUnreadableBody, describeValidation } from "./request-errors.ts";

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 422,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 422,
  artifact_not_found: 404,
  memory_not_found: 404,
  candidate_not_found: 404,
  handoff_evidence_not_found: 404,
  source_conflict: 409,
  revision_conflict: 409,
  memory_entry_inactive: 409,
  candidate_conflict: 409,
  candidate_terminal: 409,
  capability_not_supported: 422,
  secret_rejected: 422,
  internal_error: 500,
  invalid_handoff_generation: 500,
  runtime_not_ready: 503,
  handoff_generation_unavailable: 503,
  inference_timeout: 503,
  inference_unavailable: 503,
  schema_too_new: 500,
  configuration_invalid: 500,
  project_not_found: 404,
  scope_not_grouped: 404,
  workspace_not_bound: 404,
  project_conflict: 409,
  workstream_conflict: 409,
  scope_already_grouped: 409,
  workspace_binding_conflict: 409,
  activity_conflict: 409,
  report_too_large: 413,
  artifact_conflict: 409,
  external_skill_not_found: 404,
  external_skill_unavailable: 409,
};

export function sendError(reply: FastifyReply, error: PowerContextError): FastifyReply {
  if (error.code === "unauthorized") reply.header("WWW-Authenticate", "Bearer");
  return reply.code(STATUS_BY_CODE[error.code]).send(errorBody(error.code, error.message, error.details));
}

/** Maps every failure to the envelope. Only unexpected errors are logged, and never with request bodies. */
export async function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (error instanceof PowerContextError) {
    // Expected outcomes are not logged; an internal failure that was wrapped keeps its cause in the log.
    if (STATUS_BY_CODE[error.code] >= 500) request.log.error({ err: error, code: error.code }, "request failed");
    return sendError(reply, error);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const { message, issues } = describeValidation(fastifyError);
    return reply.code(422).send(errorBody("invalid_request", message, { errors: issues }));
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) {
    await refuseTooLarge(request, reply, request.routeOptions.bodyLimit);
    return reply;
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, a missing or non-JSON Content-Type, an empty body: all are contract violations (422
    // invalid_request), and the message says which.
    const unreadable = describeUnreadableBody(fastifyError, request.headers["content-type"]);
    const message = unreadable?.message ?? "The request violates the API contract.";
    return reply
      .code(422)
      .send(errorBody("invalid_request", message, unreadable ? { errors: unreadable.issues } : null));
  }
  request.log.error({ err: error }, "unexpected error");
  return reply.code(500).send(errorBody("internal_error", "The Server failed."));
}
