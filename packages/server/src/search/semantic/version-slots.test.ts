import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { VersionSlots } from "./version-slots.ts";

const serverId = () => `mem_ver_${randomBytes(16).toString("hex")}`;

test("ids go in and come back out by slot and by id, the Server's packed and others as they are", () => {
  const versions = new VersionSlots(4);
  const packed = serverId();
  versions.set(0, packed);
  versions.set(1, "mem_ver_imported-from-elsewhere");
  versions.set(2, "mem_ver_ABCDEF0123456789ABCDEF0123456789");
  assert.equal(versions.idAt(0), packed);
  assert.equal(versions.slotOf(packed), 0);
  assert.equal(versions.idAt(1), "mem_ver_imported-from-elsewhere");
  assert.equal(versions.slotOf("mem_ver_imported-from-elsewhere"), 1);
  assert.equal(versions.idAt(2), "mem_ver_ABCDEF0123456789ABCDEF0123456789");
  assert.equal(versions.slotOf("mem_ver_ABCDEF0123456789ABCDEF0123456789"), 2);
  assert.equal(versions.slotOf("mem_ver_abcdef0123456789abcdef0123456789"), undefined);
  assert.equal(versions.idAt(3), undefined);
  versions.set(0, "mem_ver_other");
  assert.equal(versions.slotOf(packed), undefined);
  assert.equal(versions.slotOf("mem_ver_other"), 0);
  versions.delete(1);
  assert.equal(versions.idAt(1), undefined);
  assert.equal(versions.slotOf("mem_ver_imported-from-elsewhere"), undefined);
});

test("agrees with a Map through growth, deletes and reused slots", () => {
  let capacity = 8;
  const versions = new VersionSlots(capacity);
  const reference = new Map<number, string>();
  const check = () => {
    for (const [slot, id] of reference) {
      assert.equal(versions.idAt(slot), id);
      assert.equal(versions.slotOf(id), slot);
    }
  };
  for (let round = 0; round < 5; round += 1) {
    for (let slot = 0; slot < 20_000; slot += 1) {
      if (slot >= capacity) {
        capacity *= 2;
        versions.grow(capacity);
      }
      if (reference.has(slot) && slot % 3 !== round % 3) continue;
      const id = slot % 997 === 0 ? `imported-${round}-${slot}` : serverId();
      const previous = reference.get(slot);
      versions.set(slot, id);
      reference.set(slot, id);
      if (previous !== undefined) assert.equal(versions.slotOf(previous), undefined);
    }
    for (let slot = round; slot < 20_000; slot += 7) {
      const id = reference.get(slot);
      versions.delete(slot);
      reference.delete(slot);
      if (id !== undefined) assert.equal(versions.slotOf(id), undefined);
      assert.equal(versions.idAt(slot), undefined);
    }
    check();
  }
  assert.equal(versions.slotOf(serverId()), undefined);
});
