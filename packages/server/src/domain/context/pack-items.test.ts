import assert from "node:assert/strict";
import { test } from "node:test";
import { parsePreparedContext, renderPreparedContent, utf8Length, type MemoryCitation } from "@powercontext/protocol";
import { MAX_ITEMS, MAX_ITEM_BYTES, MIN_TRUNCATED_BYTES, packItems } from "./pack-items.ts";

const citation = (n: number): MemoryCitation => ({
  memory_ref: { family: "memory", artifact_id: "memory", revision: 1 },
  entry_id: `mem_ent_${String(n).padStart(32, "0")}`,
  entry_version_id: `mem_ver_${String(n).padStart(32, "0")}`,
});

function contentFor(items: ReturnType<typeof packItems>): string {
  return renderPreparedContent(items);
}

test("packed content fits every budget exactly, never splits a character, and validates as ready", () => {
  const texts = [
    "数据库迁移必须在发布前完成。".repeat(40),
    "🙂 emoji ".repeat(300),
    "plain ascii ".repeat(200),
    "é".repeat(1500),
  ];
  for (let maxBytes = 512; maxBytes <= 4096; maxBytes += 37) {
    const items = packItems(
      texts.map((text, i) => ({ citation: citation(i), text })),
      maxBytes,
    );
    if (items.length === 0) continue;
    const content = contentFor(items);
    assert.ok(utf8Length(content) <= maxBytes, `fits ${maxBytes}`);
    assert.notEqual(
      parsePreparedContext(
        { schema: "powercontext.prepared-context.v1", status: "ready", content, content_bytes: utf8Length(content) },
        maxBytes,
      ),
      null,
    );
    for (const item of items) {
      assert.ok(!item.content.includes("\uFFFD"));
      assert.ok(!/[\uD800-\uDBFF]$/.test(item.content.replace(/…$/, "")), "no lone high surrogate at the cut");
      if (item.truncated) {
        assert.ok(item.content.endsWith("…"));
        assert.ok(utf8Length(item.content) >= MIN_TRUNCATED_BYTES - 3);
      }
      assert.ok(utf8Length(item.content) <= MAX_ITEM_BYTES);
    }
  }
});

test("multibyte text cut exactly at the boundary keeps whole characters", () => {
  const text = "€".repeat(1000); // 3 bytes each
  const [item] = packItems([{ citation: citation(1), text }], 4000);
  assert.ok(item);
  assert.equal(item.truncated, true);
  assert.ok(utf8Length(item.content) <= MAX_ITEM_BYTES);
  assert.equal(utf8Length(item.content) % 3, 0);
  assert.match(item.content, /^€+…$/u);
});

test("at most eight items, no item twice, and an item too big for the rest is cut or skipped", () => {
  const many = Array.from({ length: 12 }, (_, i) => ({ citation: citation(i), text: `entry number ${i}` }));
  assert.equal(packItems(many, 32768).length, MAX_ITEMS);
  const tight = packItems(
    [
      { citation: citation(1), text: "a".repeat(5000) },
      { citation: citation(2), text: "short" },
    ],
    700,
  );
  assert.ok(tight.length >= 1);
  assert.ok(utf8Length(contentFor(tight)) <= 700);
});

test("nothing fits the smallest budget when the frame alone is near it", () => {
  assert.equal(utf8Length(renderPreparedContent([])), 365);
  const items = packItems([{ citation: citation(1), text: "x".repeat(1000) }], 400);
  assert.deepEqual(items, []);
});

test("packing pulls no candidate once MAX_ITEMS items are packed", () => {
  let pulled = 0;
  function* candidates() {
    for (let n = 0; n < MAX_ITEMS * 3; n += 1) {
      pulled += 1;
      yield { citation: citation(n), text: `item ${n}` };
    }
  }
  assert.equal(packItems(candidates(), 32768).length, MAX_ITEMS);
  assert.equal(pulled, MAX_ITEMS);
});
