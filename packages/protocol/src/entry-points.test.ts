import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

/** The bare specifiers a fresh process resolves while importing `entry`. */
function bareImports(entry: string): string[] {
  const script = `
    import { registerHooks } from "node:module";
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { seen.push(specifier); return next(specifier, context); } });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify(seen));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "--eval", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const seen = JSON.parse(run.stdout) as string[];
  return seen.filter((specifier) => !/^(?:node:|\.|\/|file:)/.test(specifier));
}

test("the main entry point loads no TypeBox, so a Pi package running under its host's TypeBox never evaluates the schemas", () => {
  assert.deepEqual(bareImports(new URL("./index.ts", import.meta.url).href), []);
});

test("the operation table loads the schemas and TypeBox", () => {
  assert.ok(bareImports(new URL("./operations.ts", import.meta.url).href).includes("typebox"));
});
