// The bin serves type-stripped copies of the sources made at install time (bin/compiled-sources.js), so that a Server
// never loads Node's TypeScript stripper, and never serves a copy of anything but the source as it is now.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { compiledName, compileSources, sourceDirectories } from "../bin/compiled-sources.js";
import { BIN_NODE_FLAGS } from "../src/testing/server-process.ts";

const HOOK_URL = new URL("../bin/compiled-sources.js", import.meta.url).href;
const PROGRAM_URL = new URL("../src/cli/program.ts", import.meta.url).href;

/** Runs `body` as an ES module in a fresh Node with the bin's flags; returns its stdout. */
function runModule(body: string): string {
  const run = spawnSync(process.execPath, [...BIN_NODE_FLAGS, "--input-type=module", "-e", body], {
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.trim();
}

test("every source the Server loads gets a copy that is Node's own stripping of it", (t) => {
  const out = mkdtempSync(join(tmpdir(), "pc-compiled-"));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const directories = sourceDirectories();
  assert.ok(
    directories.some((directory) => directory.endsWith(join("protocol", "src"))),
    directories.join(", "),
  );
  const written = compileSources(directories, out);
  assert.ok(written > 300, `${written} copies`);
  assert.equal(readdirSync(out).length, written);
  const source = readFileSync(new URL("../src/cli/program.ts", import.meta.url));
  assert.equal(readFileSync(join(out, compiledName(source)), "utf8"), stripTypeScriptTypes(source.toString("utf8")));
});

test("with the copies the CLI loads without Node's TypeScript stripper; without them it needs it", (t) => {
  const out = mkdtempSync(join(tmpdir(), "pc-compiled-"));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  compileSources(sourceDirectories(), out);
  const stripperLoaded = (serve: boolean) =>
    runModule(
      `const { serveCompiledSources } = await import(${JSON.stringify(HOOK_URL)});
       ${serve ? `if (!serveCompiledSources(${JSON.stringify(out)})) throw new Error("no copies");` : ""}
       const { runCli } = await import(${JSON.stringify(PROGRAM_URL)});
       if (typeof runCli !== "function") throw new Error("no runCli");
       console.log(process.moduleLoadList.some((name) => name.includes("amaro")));`,
    );
  assert.equal(stripperLoaded(true), "false");
  assert.equal(stripperLoaded(false), "true");
});

test("a source changed since its copy was made is loaded from its new text", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "pc-compiled-src-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  const sourcePath = join(dir, "value.ts");
  writeFileSync(sourcePath, 'export const from: string = "source";\n');
  const out = join(dir, "copies");
  assert.equal(compileSources([dir], out), 1);
  // Mark the copy so that the test sees which one was loaded.
  const copy = join(out, compiledName(readFileSync(sourcePath)));
  writeFileSync(copy, 'export const from = "copy";\n');
  const load = () =>
    runModule(
      `const { serveCompiledSources } = await import(${JSON.stringify(HOOK_URL)});
       serveCompiledSources(${JSON.stringify(out)});
       console.log((await import(${JSON.stringify(pathToFileURL(sourcePath).href)})).from);`,
    );
  assert.equal(load(), "copy");
  writeFileSync(sourcePath, 'export const from: string = "edited";\n');
  assert.equal(load(), "edited");
});
