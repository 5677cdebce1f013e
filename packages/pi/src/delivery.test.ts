import assert from "node:assert/strict";
import { test } from "node:test";
import { type PreparedItem, renderPreparedContent } from "@powercontext/protocol";
import { deliverRecall, type HostPrompt } from "./delivery.ts";
import { recallBlock } from "./recall.ts";

const item = (n: number): PreparedItem => ({
  citation: {
    memory_ref: { family: "memory", artifact_id: "memory", revision: n },
    entry_id: `mem_ent_${n}`,
    entry_version_id: `mem_ver_${n}`,
  },
  content: `fact ${n}`,
  truncated: false,
});
const content = (...ns: number[]) => renderPreparedContent(ns.map(item));
const patch = (text: string) => ({
  type: "message",
  message: { role: "system", sections: { powercontext: `<powercontext>\n${text}\n</powercontext>` } },
});
const recallMessage = (text: string) => ({ type: "custom_message", customType: "powercontext-recall", content: text });

function host(
  branch: unknown[],
  overrides: Partial<HostPrompt> = {},
): HostPrompt & { sections: Record<string, unknown> } {
  return {
    systemPrompt: "BASE",
    sections: {},
    branch,
    resend: "new-items",
    midConversation: true,
    ...overrides,
  } as HostPrompt & {
    sections: Record<string, unknown>;
  };
}

test("new-items, model keeps patches: the section carries only items no earlier patch holds", () => {
  const window = [patch(recallBlock(content(1, 2)))];
  const fresh = host(window);
  deliverRecall("section", content(2, 3), fresh);
  assert.equal(fresh.sections.powercontext, recallBlock(content(3)));
  const same = host(window);
  deliverRecall("section", content(1, 2), same);
  assert.equal(
    same.sections.powercontext,
    recallBlock(content(1, 2)),
    "all held: the section in force stays, no patch",
  );
  const older = host([patch(recallBlock(content(1))), patch(recallBlock(content(2)))]);
  deliverRecall("section", content(1, 2), older);
  assert.equal(older.sections.powercontext, recallBlock(content(2)), "items of older patches count as held");
});

test("new-items, model without mid-conversation system messages: the section in force is kept or replaced whole", () => {
  const window = [patch(recallBlock(content(1, 2, 3)))];
  const subset = host(window, { midConversation: false });
  deliverRecall("section", content(1, 3), subset);
  assert.equal(subset.sections.powercontext, recallBlock(content(1, 2, 3)));
  const changed = host(window, { midConversation: false });
  deliverRecall("section", content(3, 4), changed);
  assert.equal(changed.sections.powercontext, recallBlock(content(3, 4)));
  const none = host(window, { midConversation: false });
  deliverRecall("section", null, none);
  assert.equal(none.sections.powercontext, undefined, "nothing recalled: the section is removed");
});

test("whole-block re-sends the whole changed block", () => {
  const whole = host([patch(recallBlock(content(1, 2)))], { resend: "whole-block" });
  deliverRecall("section", content(2, 3), whole);
  assert.equal(whole.sections.powercontext, recallBlock(content(2, 3)));
  const message = deliverRecall(
    "message",
    content(2, 3),
    host([recallMessage(recallBlock(content(1, 2)))], { resend: "whole-block" }),
  );
  assert.deepEqual(message, {
    message: { customType: "powercontext-recall", content: recallBlock(content(2, 3)), display: false },
  });
});

test("new-items messages: only new items, nothing when the window holds them all, everything after a compaction", () => {
  const window = [recallMessage(recallBlock(content(1, 2)))];
  assert.deepEqual(deliverRecall("message", content(2, 3), host(window)), {
    message: { customType: "powercontext-recall", content: recallBlock(content(3)), display: false },
  });
  assert.equal(deliverRecall("message", content(1, 2), host(window)), undefined);
  const compacted = deliverRecall("message", content(1, 2), host([...window, { type: "compaction" }]));
  assert.equal((compacted as { message: { content: string } }).message.content, recallBlock(content(1, 2)));
});
