#!/usr/bin/env -S node --disable-warning=ExperimentalWarning --max-semi-space-size=4 --v8-pool-size=1 --optimize-for-size
// --max-semi-space-size=4 keeps a Server with 100k memories under 150 MB RSS at no measured recall cost
// (npm run bench -- memory: 154.4 → 140.5 MB; prepare p95 35.9 → 36.0 ms).
// --v8-pool-size=1: one V8 helper thread instead of four; each thread that allocates keeps its own malloc arena, and
// the idle Server holds about 15–19 MB less (docs/benchmarks.md, "Server memory: fewer threads, fewer modules").
// --optimize-for-size: V8 favours memory over speed (its heap grows in smaller steps and is compacted more often). The
// garbage of loading a large scope's semantic index no longer stays resident: 100k memories, ~205–250 → ~160 MB RSS,
// for prepares about 5 % slower (docs/benchmarks.md, "Server memory: compiled sources, optimized for size").
//
// Plain JavaScript on purpose: a Node older than 22.19 cannot load TypeScript (it fails with
// ERR_UNKNOWN_FILE_EXTENSION), so this file checks the version first and says how to run the command instead.
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(
    [
      `powercontext: needs Node >= 22.19, but ${process.execPath} is ${process.version}.`,
      "The repository brings its own Node: run the command through npm from the checkout, for example",
      "  npm install && npx powercontext server run",
      "or start the bin with that Node directly:",
      "  node_modules/.bin/node packages/server/bin/powercontext.js server run",
      "",
    ].join("\n"),
  );
  process.exit(2);
}
// The sources' type-stripped copies, when `npm install` made them: Node's stripper would keep ~30 MB (compiled-sources.js).
const { serveCompiledSources } = await import("./compiled-sources.js");
serveCompiledSources();
const { runCli } = await import("../src/cli/program.ts");
await runCli(process.argv.slice(2));
