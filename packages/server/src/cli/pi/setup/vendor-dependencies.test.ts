import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { vendorWorkspaceDependencies } from "./vendor-dependencies.ts";

function writePackage(dir: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

test("the workspace packages a package needs are copied in transitively; Pi's peers are left to Pi; the rest is named", (t) => {
  const checkout = mkdtempSync(join(tmpdir(), "pc-vendor-"));
  t.after(() => rmSync(checkout, { recursive: true, force: true }));
  writePackage(checkout, { name: "workspace", workspaces: ["packages/*", "tools/kit"] });
  const pi = join(checkout, "packages", "pi");
  writePackage(pi, {
    name: "powercontext-pi",
    dependencies: { "@x/protocol": "0.1.0", "@x/kit": "0.1.0", missing: "1" },
    peerDependencies: { typebox: "*" },
  });
  writePackage(
    join(checkout, "packages", "protocol"),
    { name: "@x/protocol", dependencies: { typebox: "1", "@x/hashes": "0.1.0" } },
    { "src/index.ts": "export {};", "src/index.test.ts": "test", "test-fixtures/a.json": "{}" },
  );
  writePackage(
    join(checkout, "packages", "hashes"),
    { name: "@x/hashes", files: ["lib"] },
    { "lib/h.ts": "", "src/x.ts": "" },
  );
  writePackage(join(checkout, "tools", "kit"), { name: "@x/kit" }, { "src/kit.ts": "export {};" });

  const result = vendorWorkspaceDependencies(checkout, pi);
  assert.deepEqual(result, { vendored: ["@x/protocol", "@x/kit", "@x/hashes"], unresolved: ["missing"] });
  const modules = join(pi, "node_modules");
  assert.equal(readFileSync(join(modules, "@x/protocol/src/index.ts"), "utf8"), "export {};");
  assert.equal(existsSync(join(modules, "@x/protocol/src/index.test.ts")), false, "tests are not copied");
  assert.equal(existsSync(join(modules, "@x/protocol/test-fixtures")), false, "only the published files");
  assert.equal(existsSync(join(modules, "@x/hashes/lib/h.ts")), true, "a package's `files` list is honoured");
  assert.equal(existsSync(join(modules, "@x/hashes/src")), false);
  assert.equal(existsSync(join(modules, "typebox")), false, "a peer of the Pi package is Pi's to provide");
  assert.deepEqual(vendorWorkspaceDependencies(checkout, pi), result, "running it again gives the same result");
});
