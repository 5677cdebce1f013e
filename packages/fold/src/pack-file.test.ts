import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { openContentAddressedStore } from "./content-store.ts";
import { canonicalBytes, sha256Hex } from "./digest.ts";
import { generateTranscript } from "./testing/transcript.ts";

const messages = generateTranscript({ seed: 5, stages: 8, resultChars: 1_500 }).map((item) => item.message);
const turnSources = (() => {
  const users = messages.flatMap((message, index) => (message.role === "user" ? [index] : []));
  return users.map((start, n) => canonicalBytes(messages.slice(start, users[n + 1] ?? messages.length)));
})();

function tempStore(): { dir: string; evidence: string } {
  const root = mkdtempSync(join(tmpdir(), "fold-pack-crash-"));
  return { dir: join(root, "store"), evidence: join(root, "evidence") };
}

test("a torn append (a record cut short at the tail) is cut off on open; the whole records and later puts read back", () => {
  const { dir, evidence } = tempStore();
  const store = openContentAddressedStore(dir, evidence);
  const kept = turnSources.slice(0, 3).map((source) => store.put(source));
  const pack = join(dir, "0001.pack");
  const whole = statSync(pack).size;
  const other = tempStore();
  openContentAddressedStore(other.dir, other.evidence).put(turnSources[3] as string);
  const next = readFileSync(join(other.dir, "0001.pack"));
  const lastRecord = next.lastIndexOf("\nfold ") + 1;
  appendFileSync(pack, next.subarray(0, next.length - 10));
  const reopened = openContentAddressedStore(dir, evidence);
  assert.equal(statSync(pack).size, whole + lastRecord, "the record cut short is gone, the whole ones before it stay");
  for (const [index, source] of turnSources.slice(0, 3).entries())
    assert.equal(reopened.get(kept[index] as string), source);
  const later = reopened.put(turnSources[3] as string);
  assert.equal(openContentAddressedStore(dir, evidence).get(later), turnSources[3]);
});

test("damage inside a pack is not cut off: the records before it read, new records go to a new pack", () => {
  const { dir, evidence } = tempStore();
  const store = openContentAddressedStore(dir, evidence);
  const first = store.put(turnSources[0] as string);
  const before = statSync(join(dir, "0001.pack")).size;
  const second = store.put(turnSources[1] as string);
  const bytes = readFileSync(join(dir, "0001.pack"));
  bytes.write("garbage!", before, "latin1");
  writeFileSync(join(dir, "0001.pack"), bytes);
  const reopened = openContentAddressedStore(dir, evidence);
  assert.equal(statSync(join(dir, "0001.pack")).size, bytes.length, "nothing is cut off");
  assert.equal(reopened.get(first), turnSources[0]);
  assert.equal(reopened.get(second), null, "what followed the damage is not read");
  const third = reopened.put(turnSources[2] as string);
  assert.deepEqual(readdirSync(dir).sort(), ["0001.pack", "0002.pack"]);
  assert.equal(openContentAddressedStore(dir, evidence).get(third), turnSources[2]);
  assert.equal(openContentAddressedStore(dir, evidence).put(turnSources[1] as string), second);
  assert.equal(openContentAddressedStore(dir, evidence).get(second), turnSources[1], "stored again in the new pack");
});

const WRITER = `
import { openContentAddressedStore } from ${JSON.stringify(fileURLToPath(new URL("./content-store.ts", import.meta.url)))};
const [dir, evidence] = process.argv.slice(-2);
const store = openContentAddressedStore(dir, evidence);
for (let n = 0; ; n += 1) {
  const text = JSON.stringify([{ role: "user", content: "put " + n + " " + "x".repeat(20000 + (n % 7) * 3000), timestamp: n }]);
  process.stdout.write(store.put(text) + " " + n + "\\n");
}
`;

test("every put acknowledged before a kill -9 of the writing process reads back, and the store takes puts after it", async (t) => {
  const { dir, evidence } = tempStore();
  t.after(() => rmSync(dirname(dir), { recursive: true, force: true }));
  const child = spawn(process.execPath, ["--input-type=module", "-e", WRITER, dir, evidence], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const acknowledged: { sha: string; n: number }[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const [sha, n] = line.split(" ");
    acknowledged.push({ sha: sha as string, n: Number(n) });
    if (acknowledged.length === 400) {
      child.kill("SIGKILL");
      break;
    }
  }
  await new Promise((resolve) => child.once("exit", resolve));
  const store = openContentAddressedStore(dir, evidence);
  for (const { sha, n } of acknowledged) {
    const text = store.get(sha);
    assert.ok(text !== null && sha256Hex(text) === sha, `put ${n} survives the kill`);
  }
  const after = store.put(canonicalBytes(messages.slice(0, 4)));
  assert.equal(openContentAddressedStore(dir, evidence).get(after), canonicalBytes(messages.slice(0, 4)));
});
