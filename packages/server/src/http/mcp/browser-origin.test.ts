import assert from "node:assert/strict";
import { test } from "node:test";
import { isAllowedOrigin } from "./browser-origin.ts";

test("no Origin (agent hosts) and loopback pages may reach /mcp; any other page or a garbled Origin may not", () => {
  const cases: Array<[string | undefined, boolean]> = [
    [undefined, true],
    ["http://localhost:6274", true],
    ["http://127.0.0.1:8000", true],
    ["http://[::1]:3000", true],
    ["http://attacker.example:8000", false],
    ["null", false],
    ["http://127.0.0.1.attacker.example", false],
  ];
  for (const [origin, allowed] of cases) assert.equal(isAllowedOrigin(origin), allowed, String(origin));
});
