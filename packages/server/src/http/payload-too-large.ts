// The answer to a body over the limit. Fastify refuses such a body before reading it (at once when Content-Length
// says so, or as soon as the bytes pass the limit), and the unread rest then makes the connection end while the client
// is still sending: clients that write the whole body before reading the answer (curl, Python's http.client) see a
// reset or a broken pipe instead of the 413. So the rest of the body is read and thrown away first, up to a bound,
// and only then is the error sent; a body beyond the bound is not worth the bandwidth and keeps the abrupt close.
import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./error-body.ts";

/** How many bytes past the refusal are read and discarded so that the client gets the 413; beyond that it does not. */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/** Resolves once the request's body has been read to its end, or at once when it is done, failed or too big. */
function discardBody(raw: IncomingMessage, maxBytes: number): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (): void => {
      raw.removeListener("data", onData);
      raw.removeListener("end", finish);
      raw.removeListener("error", finish);
      raw.removeListener("close", finish);
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      discarded += chunk.length;
      if (discarded > maxBytes) finish();
    };
    raw.on("data", onData);
    raw.on("end", finish);
    raw.on("error", finish);
    raw.on("close", finish);
    raw.resume();
  });
}

export async function refuseTooLarge(request: FastifyRequest, reply: FastifyReply, limit: number): Promise<void> {
  const declared = Number(request.headers["content-length"]);
  if (!(declared > limit + MAX_DISCARDED_BYTES)) await discardBody(request.raw, MAX_DISCARDED_BYTES);
  const mebibytes = limit / (1024 * 1024);
  const readable = Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${limit} bytes`;
  await reply.code(413).send(
    errorBody("payload_too_large", `The request body is larger than the limit of ${readable}.`, {
      limit_bytes: limit,
    }),
  );
}
