// The Pi host matrix: runs the real-Pi suites of powercontext-pi, powercontext-fold and powercontext-state against
// chosen Pi versions. A version that is not a devDependency is installed on demand into node_modules/.cache/pi-hosts
// (its own directory, so the default `npm install` stays as it is), then every suite runs with POWERCONTEXT_PI_HOST
// naming it. Usage: npm run pi-matrix -- <version> [<version> …]   (or `all` for every version of PI_HOST_MATRIX)
// `--packages pi` (or pi,fold …) runs only those packages' suites, `--files a,b` only those test files. Writes node_modules/.cache/pi-hosts/
// results-<version>.json (every test's name under passed / failed / skipped) and prints one Markdown row per version.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cachedHostDir, HOST_CACHE, PI_HOST_MATRIX } from "../packages/pi-testing/src/hosts.ts";

const ALL_PACKAGES = ["pi", "fold", "state"] as const;
const INSTALLED = new Set(["1.6.0", "0.82.1"]);

interface SuiteResult {
  passed: string[];
  failed: string[];
  skipped: string[];
}

function install(version: string): number {
  if (INSTALLED.has(version) || existsSync(cachedHostDir(version))) return 0;
  const dir = join(HOST_CACHE, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true }));
  const started = performance.now();
  const npm = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--no-package-lock", `@earendil-works/pi-coding-agent@${version}`],
    { cwd: dir, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (npm.status !== 0) throw new Error(`npm install of Pi ${version} failed (${npm.status})`);
  return (performance.now() - started) / 1000;
}

const unescapeXml = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** Leaf test results from Node's JUnit reporter. */
function parseJunit(xml: string): SuiteResult {
  const result: SuiteResult = { passed: [], failed: [], skipped: [] };
  for (const match of xml.matchAll(/<testcase name="([^"]*)"([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const name = unescapeXml(match[1] as string);
    const body = `${match[2]}${match[4] ?? ""}`;
    if (body.includes("failure=") || body.includes("<failure")) result.failed.push(name);
    else if (body.includes("<skipped")) result.skipped.push(name);
    else result.passed.push(name);
  }
  return result;
}

/** Runs one package's suites against `version`; the JUnit report goes to a file, the progress to stderr. */
function runSuites(version: string, pkg: string, files: readonly string[]): Promise<SuiteResult> {
  const report = join(HOST_CACHE, `junit-${version}-${pkg}.xml`);
  const child = spawn(
    process.execPath,
    [
      "--disable-warning=ExperimentalWarning",
      "--test",
      // One file at a time, and a test file that hangs on an unexpected host fails after fifteen minutes instead.
      "--test-concurrency=1",
      "--test-timeout=900000",
      "--test-reporter=junit",
      `--test-reporter-destination=${report}`,
      "--test-reporter=dot",
      "--test-reporter-destination=stderr",
      ...(files.length === 0
        ? [`packages/${pkg}/test/**/*.test.ts`]
        : files.map((file) => `packages/${pkg}/test/${file}.test.ts`).filter((path) => existsSync(path))),
    ],
    { env: { ...process.env, POWERCONTEXT_PI_HOST: version }, stdio: "inherit" },
  );
  return new Promise((resolve) => child.on("close", () => resolve(parseJunit(readFileSync(report, "utf8")))));
}

// `--packages pi,fold` narrows the run to some of the three packages.
const args = process.argv.slice(2);
const packagesAt = args.indexOf("--packages");
const PACKAGES =
  packagesAt < 0 ? ALL_PACKAGES : ALL_PACKAGES.filter((pkg) => (args[packagesAt + 1] ?? "").split(",").includes(pkg));
if (packagesAt >= 0) args.splice(packagesAt, 2);
// `--files recall-placement,full-chain` runs only those test files (by name, in every chosen package that has them).
const filesAt = args.indexOf("--files");
const FILES = filesAt < 0 ? [] : (args[filesAt + 1] ?? "").split(",").filter((file) => file !== "");
if (filesAt >= 0) args.splice(filesAt, 2);
const requested = args.flatMap((arg) => (arg === "all" ? PI_HOST_MATRIX : [arg]));
if (requested.length === 0 || requested.some((version) => !PI_HOST_MATRIX.includes(version))) {
  console.error(
    `usage: npm run pi-matrix -- [--packages pi,fold,state] [--files name,…] <version>… | all; versions: ${PI_HOST_MATRIX.join(", ")}`,
  );
  process.exit(2);
}
let failures = 0;
for (const version of requested) {
  const installSeconds = install(version);
  const results: Record<string, SuiteResult> = {};
  for (const pkg of PACKAGES) {
    process.stderr.write(`pi-matrix: Pi ${version}, packages/${pkg}\n`);
    results[pkg] = await runSuites(version, pkg, FILES);
  }
  writeFileSync(
    join(HOST_CACHE, `results-${version}.json`),
    JSON.stringify({ version, installSeconds, results }, null, 2),
  );
  const cells = PACKAGES.map((pkg) => {
    const { passed, failed } = results[pkg] as SuiteResult;
    failures += failed.length;
    return `${passed.length}/${passed.length + failed.length}${failed.length > 0 ? ` (failed: ${failed.join("; ")})` : ""}`;
  });
  console.log(
    `| ${version} | ${cells.join(" | ")} | ${installSeconds === 0 ? "installed" : `${installSeconds.toFixed(0)} s`} |`,
  );
}
process.exit(failures === 0 ? 0 : 1);
