// What the embeddings endpoint's index reports (start-up backfill, re-embedding, failures), as Server log lines.
import type { FastifyBaseLogger } from "fastify";
import type { EndpointEvent } from "../search/embeddings/endpoint-index.ts";

interface LogLine {
  level: "info" | "warn";
  fields: Record<string, unknown>;
  message: string;
}

export function logEndpointEvent(log: FastifyBaseLogger, event: EndpointEvent): void {
  const line = endpointLogLine(event);
  log[line.level](line.fields, line.message);
}

export function endpointLogLine(event: EndpointEvent): LogLine {
  switch (event.kind) {
    case "ready":
      return info({ model: event.model, dimensions: event.dimensions }, "embeddings endpoint ready");
    case "embedded":
      return info({ model: event.model, entries: event.entries }, "endpoint entry vectors embedded");
    case "backfilled": {
      const { model, scope_id, entries, computed } = event;
      return info({ model, scope_id, entries, computed }, "endpoint entry vectors backfilled");
    }
    case "backfill_finished":
      return info({ model: event.model, scopes: event.scopes }, "endpoint entry vector backfill finished");
    case "backfill_stopped":
      return warn(
        { model: event.model, err: event.error },
        "endpoint entry vector backfill stopped; entries without an endpoint vector are embedded when recalled",
      );
    case "dimensions_changed":
      return warn(
        { model: event.model, dimensions: event.dimensions },
        "the embeddings endpoint answers another dimension; its entry vectors are made again",
      );
    case "unavailable":
      return warn(
        { reason: event.reason, retry_ms: event.retry_ms },
        "the embeddings endpoint failed; recall uses the built-in layer until it is asked again",
      );
    default: {
      const never: never = event;
      return never;
    }
  }
}

function info(fields: Record<string, unknown>, message: string): LogLine {
  return { level: "info", fields, message };
}

function warn(fields: Record<string, unknown>, message: string): LogLine {
  return { level: "warn", fields, message };
}
