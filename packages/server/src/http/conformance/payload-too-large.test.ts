// A body over the limit gets the 413 envelope over a real connection, even from a client that writes the whole body
// before it reads the answer (as curl and Python's http.client do): the Server reads the rest instead of hanging up.
import assert from "node:assert/strict";
import { connect } from "node:net";
import { test } from "node:test";
import { DEFAULT_BODY_LIMIT } from "../app.ts";
import { buildTestApp } from "../../testing/test-app.ts";

/** Sends one raw HTTP/1.1 request, the whole body first, then reads the answer until the Server closes. */
function sendWholeBodyThenRead(port: number, headers: string[], body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const head = ["POST /v1/sources/content HTTP/1.1", "Host: 127.0.0.1", "Connection: close", ...headers, "", ""];
    socket.write(head.join("\r\n"));
    socket.write(body, (error) => (error ? reject(error) : socket.end()));
  });
}

function parseAnswer(raw: string): { status: number; json: { error: { code: string; message: string } } } {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const status = Number(head.split(" ")[1]);
  const payload = rest.join("\r\n\r\n");
  // A chunked answer: the JSON is the one chunk between its size line and the terminator.
  const text = /transfer-encoding: chunked/i.test(head) ? (payload.split("\r\n")[1] ?? "") : payload;
  return { status, json: JSON.parse(text) };
}

test("a body over 4 MiB gets the 413 envelope naming the limit, declared or chunked, and the Source is not stored", async (t) => {
  const { app, store } = await buildTestApp(t);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === "object");
  const content = "a".repeat(DEFAULT_BODY_LIMIT + 1024 * 1024);
  const body = Buffer.from(JSON.stringify({ scope_id: "big", source_id: "s1", content }));
  const declared = await sendWholeBodyThenRead(
    address.port,
    ["Content-Type: application/json", `Content-Length: ${body.length}`],
    body,
  );
  const chunkedBody = Buffer.concat([
    Buffer.from(`${body.length.toString(16)}\r\n`),
    body,
    Buffer.from("\r\n0\r\n\r\n"),
  ]);
  const chunked = await sendWholeBodyThenRead(
    address.port,
    ["Content-Type: application/json", "Transfer-Encoding: chunked"],
    chunkedBody,
  );
  for (const raw of [declared, chunked]) {
    const answer = parseAnswer(raw);
    assert.equal(answer.status, 413);
    assert.equal(answer.json.error.code, "payload_too_large");
    assert.match(answer.json.error.message, /4 MiB/);
  }
  assert.equal((await store.readJournalWindow("big", 10)).high_watermark, 0);
});
