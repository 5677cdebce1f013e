// The generated corpus, family by family: at least 98 % of the true secrets caught (no part left after redaction) and
// at most 2 % of each group of look-alikes flagged. Prints the table that docs/security.md quotes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildCorpus, PROVIDER_SAMPLES } from "../../test-fixtures/secrets/corpus.ts";
import { detectSecrets, redactSecrets } from "./detect.ts";
import { TOKEN_RULES } from "./rules.ts";

const CORPUS = buildCorpus();

function tally<T>(items: readonly T[], family: (item: T) => string, hit: (item: T) => boolean) {
  const table = new Map<string, { total: number; hits: number; examples: T[] }>();
  for (const item of items) {
    const row = table.get(family(item)) ?? { total: 0, hits: 0, examples: [] };
    row.total += 1;
    if (hit(item)) {
      row.hits += 1;
      row.examples.push(item);
    }
    table.set(family(item), row);
  }
  return table;
}

test("true secrets: at least 98 % caught in every corpus family", () => {
  assert.ok(new Set(PROVIDER_SAMPLES.map((sample) => sample.provider)).size >= 200, "200+ provider formats");
  const table = tally(
    CORPUS.secrets,
    (sample) => sample.family,
    (sample) => !sample.text.includes(sample.secret) || redactSecrets(sample.text).text.includes(sample.secret),
  );
  for (const [family, { total, hits, examples }] of table) {
    const caught = total - hits;
    console.log(`caught ${family}: ${caught}/${total} (${((100 * caught) / total).toFixed(1)} %)`);
    for (const missed of examples) console.log(`  missed ${missed.kind}: ${JSON.stringify(missed.text.slice(0, 120))}`);
    assert.ok(caught / total >= 0.98, `${family}: ${caught}/${total}`);
  }
});

test("look-alikes: at most 2 % flagged in every group", () => {
  const table = tally(
    CORPUS.lookalikes,
    (sample) => sample.family,
    (sample) => detectSecrets(sample.text).length > 0,
  );
  for (const [family, { total, hits, examples }] of table) {
    console.log(`flagged ${family}: ${hits}/${total} (${((100 * hits) / total).toFixed(1)} %)`);
    for (const flagged of examples) console.log(`  flagged: ${JSON.stringify(flagged.text.slice(0, 120))}`);
    assert.ok(hits / total <= 0.02, `${family}: ${hits}/${total}`);
  }
});

test("every provider rule is exercised by the corpus", () => {
  const reported = new Set<string>();
  for (const sample of CORPUS.secrets) for (const finding of detectSecrets(sample.text)) reported.add(finding.family);
  const unexercised = [...new Set(TOKEN_RULES.map((rule) => rule.family))].filter((family) => !reported.has(family));
  assert.deepEqual(unexercised, []);
});
