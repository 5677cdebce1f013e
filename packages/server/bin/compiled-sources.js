// Type-stripped copies of the Server's TypeScript sources, made once by `npm install` and served to the bin in place
// of the sources. Node strips a `.ts` module's types as it loads it, and that stripper (a WebAssembly build of SWC)
// keeps about 20 MB of memory for the rest of the process (docs/benchmarks.md, "Server memory: compiled sources,
// optimized for size").
//
// The copies are Node's own stripping (`stripTypeScriptTypes`, which replaces types by blanks, so lines and columns
// do not move) and are found by the SHA-256 of the source they were made from: a source edited, pulled or checked out
// since the install has no copy and is stripped on load as before. Module URLs stay the `.ts` paths, so
// `import.meta.url`, stack traces and relative imports are unchanged. Tests that import the sources never use them.
//
// Plain JavaScript on purpose: importing any TypeScript here would load the stripper this avoids.
//   node packages/server/bin/compiled-sources.js   (run by the package's postinstall)
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { registerHooks, stripTypeScriptTypes } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Where the copies live, one `<sha256 of the source>.js` per source. Not in Git (made by every install). */
export const COMPILED_DIR = join(PACKAGE_ROOT, ".compiled");

/** The file name of the copy of `source` (its bytes as read from disk). */
export function compiledName(source) {
  return `${createHash("sha256").update(source).digest("hex")}.js`;
}

/**
 * Serves the copies in `dir` for the ES modules written in TypeScript that this process loads from now on. Returns
 * false, changing nothing, when there are none (an install that did not make them).
 */
export function serveCompiledSources(dir = COMPILED_DIR) {
  if (!existsSync(dir)) return false;
  registerHooks({
    load(url, context, nextLoad) {
      if (context.format !== "module-typescript" || !url.startsWith("file:")) return nextLoad(url, context);
      let compiled;
      try {
        compiled = readFileSync(join(dir, compiledName(readFileSync(fileURLToPath(url)))), "utf8");
      } catch {
        return nextLoad(url, context);
      }
      return { format: "module", source: compiled, shortCircuit: true };
    },
  });
  return true;
}

/**
 * The source directories the Server loads TypeScript from: this package's `src` and, following `dependencies`, that
 * of every package whose `exports` name a `.ts` file (the workspace packages, which ship their sources).
 */
export function sourceDirectories(packageRoot = PACKAGE_ROOT) {
  const found = new Set();
  const visit = (root) => {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const entries = typeof manifest.exports === "string" ? [manifest.exports] : Object.values(manifest.exports ?? {});
    const typescript = entries.filter((entry) => typeof entry === "string" && entry.endsWith(".ts"));
    const directories = typescript.map((entry) => join(root, entry.split("/").find((part) => part !== ".") ?? ""));
    if (root === packageRoot) directories.push(join(root, "src"));
    if (directories.length === 0) return;
    for (const directory of directories) found.add(directory);
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const dependency = installedPackage(root, name);
      if (dependency !== null && !found.has(join(dependency, "src"))) visit(dependency);
    }
  };
  visit(realpathSync(packageRoot));
  return [...found];
}

/** The real directory of package `name` as Node would find it from `root`, or null. */
function installedPackage(root, name) {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) return null;
  }
}

/** Every `.ts` module under `directory` except tests and declaration files. */
function typescriptFiles(directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .filter((entry) => !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes a fresh copy of every source into `out` (replacing what was there). Returns how many were written. */
export function compileSources(directories = sourceDirectories(), out = COMPILED_DIR) {
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  let written = 0;
  for (const file of directories.flatMap(typescriptFiles)) {
    const source = readFileSync(file);
    try {
      writeFileSync(join(partial, compiledName(source)), stripTypeScriptTypes(source.toString("utf8")));
      written += 1;
    } catch {
      // Syntax Node cannot strip fails the same way when the source is loaded; no copy.
    }
  }
  rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  return written;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const written = compileSources();
  console.error(`powercontext: ${written} sources compiled to ${COMPILED_DIR} in ${Date.now() - started} ms`);
}
