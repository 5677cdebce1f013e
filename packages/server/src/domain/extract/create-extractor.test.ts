import assert from "node:assert/strict";
import { test } from "node:test";
import { createExtractor } from "./create-extractor.ts";

test("createExtractor returns the extractor with the configured name", () => {
  for (const name of ["rules", "verbatim"] as const) assert.equal(createExtractor(name).name, name);
});
