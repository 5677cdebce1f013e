import assert from "node:assert/strict";
import { test } from "node:test";
import { startPiRpc } from "./pi-rpc.ts";

// A stand-in for `pi --mode rpc`: answers each command line with a response carrying its id, and prints one line
// that is not JSON and one with U+2028 inside a string (which must not split the record).
const FAKE_PI = `
process.stdout.write("starting\\n" + JSON.stringify({ type: "note", text: "a\\u2028b" }) + "\\n");
let buffer = "";
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  for (let i = buffer.indexOf("\\n"); i >= 0; i = buffer.indexOf("\\n")) {
    const command = JSON.parse(buffer.slice(0, i));
    buffer = buffer.slice(i + 1);
    if (command.type === "exit") process.exit(3);
    process.stdout.write(JSON.stringify({ type: "response", id: command.id, command: command.type }) + "\\n");
  }
});
`;

function start(invalidLines: "keep" | "skip") {
  return startPiRpc({
    command: [process.execPath, "-e", FAKE_PI, "--"],
    args: [],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "" },
    invalidLines,
    timeoutMs: 10_000,
  });
}

test("a command resolves its own response, and records keep their order and their U+2028", async () => {
  const rpc = start("keep");
  try {
    const response = await rpc.send({ type: "get_state" });
    assert.equal(response.command, "get_state");
    assert.deepEqual(rpc.records.slice(0, 2), [{ invalid_line: "starting" }, { type: "note", text: "a\u2028b" }]);
  } finally {
    assert.equal(await rpc.stop(), 0);
  }
});

test("non-JSON lines can be dropped, and a Pi that exits before answering rejects the wait", async () => {
  const rpc = start("skip");
  await rpc.waitFor((record) => record.type === "note");
  assert.equal(rpc.records.length, 1);
  await assert.rejects(rpc.send({ type: "exit" }), /Pi exited before it answered/);
  assert.deepEqual(await rpc.exited, [3, null]);
});
