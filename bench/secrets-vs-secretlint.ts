// Compares this project's secret detector with secretlint's recommended preset on the generated corpus (catch rate per
// family, false alarms per look-alike group) and on the 200,000-byte bench prompt (median time). secretlint is not a
// dependency of the project: install it in a scratch folder and pass that folder.
// Usage: npm run bench -- secrets-vs-secretlint --secretlint-dir /tmp/secretlint-eval
//   (after: cd /tmp/secretlint-eval && npm init -y && npm i @secretlint/core @secretlint/secretlint-rule-preset-recommend)
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildCorpus } from "../packages/protocol/test-fixtures/secrets/corpus.ts";
import { detectSecrets, redactSecrets } from "../packages/protocol/src/index.ts";
import { option, progress, summarize } from "./lib/measure.ts";
import { buildPrompt } from "./secrets.ts";

type Ranges = (text: string) => Promise<[number, number][]>;

async function loadSecretlint(dir: string): Promise<{ ranges: Ranges; version: string }> {
  const require = createRequire(join(dir, "package.json"));
  const core = require("@secretlint/core") as {
    lintSource: (input: unknown) => Promise<{ messages: { range: [number, number] }[] }>;
  };
  const preset = require("@secretlint/secretlint-rule-preset-recommend") as { creator: unknown };
  const version = (require("@secretlint/core/package.json") as { version: string }).version;
  const config = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: preset.creator }] };
  const ranges: Ranges = async (text) => {
    const result = await core.lintSource({
      source: { content: text, filePath: "/virtual/input.txt", contentType: "text" },
      options: { config, noPhysicFilePath: true },
    });
    return result.messages.map((message) => message.range);
  };
  return { ranges, version };
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)} %`;
}

async function medianMs(runs: number, action: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs + 5; run += 1) {
    const started = performance.now();
    await action();
    if (run >= 5) times.push(performance.now() - started);
  }
  return summarize(times).median_ms;
}

export async function run(args: string[]): Promise<void> {
  const dir = option(args, "secretlint-dir", "");
  if (dir === "") throw new Error("pass --secretlint-dir <folder where @secretlint/core is installed>");
  const secretlint = await loadSecretlint(dir);
  const { secrets, lookalikes } = buildCorpus();
  const rows = new Map<string, { total: number; ours: number; theirs: number }>();
  for (const sample of secrets) {
    const at = sample.text.indexOf(sample.secret);
    const row = rows.get(sample.family) ?? { total: 0, ours: 0, theirs: 0 };
    row.total += 1;
    if (!redactSecrets(sample.text).text.includes(sample.secret)) row.ours += 1;
    const covered = (await secretlint.ranges(sample.text)).some(
      ([from, to]) => from <= at && to >= at + sample.secret.length,
    );
    if (covered) row.theirs += 1;
    rows.set(sample.family, row);
  }
  const falseRows = new Map<string, { total: number; ours: number; theirs: number }>();
  for (const sample of lookalikes) {
    const row = falseRows.get(sample.family) ?? { total: 0, ours: 0, theirs: 0 };
    row.total += 1;
    if (detectSecrets(sample.text).length > 0) row.ours += 1;
    if ((await secretlint.ranges(sample.text)).length > 0) row.theirs += 1;
    falseRows.set(sample.family, row);
  }
  console.log(`secretlint ${secretlint.version} (preset-recommend) vs detectSecrets`);
  console.log("| Family | Samples | Ours caught | secretlint caught |\n| --- | ---: | ---: | ---: |");
  for (const [family, row] of rows)
    console.log(`| ${family} | ${row.total} | ${percent(row.ours, row.total)} | ${percent(row.theirs, row.total)} |`);
  console.log("| Look-alike group | Samples | Ours flagged | secretlint flagged |\n| --- | ---: | ---: | ---: |");
  for (const [family, row] of falseRows)
    console.log(`| ${family} | ${row.total} | ${percent(row.ours, row.total)} | ${percent(row.theirs, row.total)} |`);
  const prompt = buildPrompt();
  progress("timing both on the 200,000-byte bench prompt");
  const ours = await medianMs(50, () => detectSecrets(prompt));
  const theirs = await medianMs(10, () => secretlint.ranges(prompt));
  console.log(
    `200,000-byte prompt: detectSecrets median ${ours} ms, secretlint median ${theirs} ms (${(theirs / ours).toFixed(1)}x)`,
  );
}
