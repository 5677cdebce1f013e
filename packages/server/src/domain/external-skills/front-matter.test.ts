import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSkillDocument } from "./front-matter.ts";

test("name and description are read from the front matter, quoted or folded, as one trimmed line", () => {
  const document = parseSkillDocument(
    "---\nname: 'pin-tools'\ndescription: |\n  Pin schema tooling\n  on CI.\nlicense: MIT\n---\n\n# Pin tools\nRun it.\n",
  );
  assert.deepEqual(document, {
    name: "pin-tools",
    description: "Pin schema tooling on CI.",
    body: "# Pin tools\nRun it.",
  });
  assert.equal(parseSkillDocument('---\r\nname: "a b"\r\ndescription: d\r\n---\r\nx')?.name, "a b");
});

test("no front matter, an unclosed block, a missing or blank field, or an overlong name is no document", () => {
  for (const text of [
    "# Just a heading\n",
    "---\nname: a\ndescription: d\n",
    "---\nname: a\n---\n",
    "---\nname: '  '\ndescription: d\n---\n",
    `---\nname: ${"n".repeat(129)}\ndescription: d\n---\n`,
  ]) {
    assert.equal(parseSkillDocument(text), null, JSON.stringify(text));
  }
});
