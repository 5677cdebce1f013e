// The extension module loads on a host that does not provide `@earendil-works/pi-ai/compat` (Pi maps it from 0.74
// on): the summarizer's model API is imported on first use only.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

const EXTENSION = new URL("../extensions/fold.ts", import.meta.url).href;
const REFUSE_COMPAT = `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === "@earendil-works/pi-ai/compat") throw new Error("no such module on this host: " + specifier);
  return next(specifier, context);
}`)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register(${JSON.stringify(REFUSE_COMPAT)});`,
)}`;

function load(code: string): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, ["--import", REGISTER, "--input-type=module", "-e", code], {
    encoding: "utf8",
  });
  return { status: run.status, stderr: run.stderr };
}

test("the host's model API is not needed to load the extension or to register it without a summarizer", () => {
  const probe = load(`await import("@earendil-works/pi-ai/compat")`);
  assert.notEqual(probe.status, 0, "the hook refuses the specifier");
  const run = load(`
    const { registerFold } = await import(${JSON.stringify(EXTENSION)});
    const handlers = [];
    registerFold({ on: (name) => handlers.push(name), registerTool() {}, registerCommand() {} });
    if (!handlers.includes("context")) throw new Error("not registered");
  `);
  assert.equal(run.status, 0, run.stderr);
});
