// Proof in a real Pi process, on Pi 1.6.0 and 0.82.1: an oversized tool result is written once to a read-only evidence
// file, a fold over it stores a reference to that file instead of the bytes, and peek still returns the exact source,
// restored from that file once the live entries are gone (a manual /compact), and refused when the file is altered.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { lastToolJson, startFakeModel, wireText } from "./support/fake-model.ts";
import { packedRecords, packFilesOf } from "./support/pack-records.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi } from "./support/pi-rpc.ts";

const BIG = `FILE stage 1 part 1\n${"a line of an oversized read that goes to an evidence file\n".repeat(400)}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}`, () => {
    test("a fold over an oversized read references its evidence file and peeks back the exact bytes", async () => {
      const fake = await startFakeModel();
      const home = makeHome({
        baseUrl: fake.baseUrl,
        contextWindow: 128_000,
        maxTokens: 2_000,
        settings: { compaction: { keepRecentTokens: 1 } },
        files: { "stage-1-1.txt": BIG },
      });
      const pi = await startPi(home, ["--session-dir", `${home.agentDir}/sessions`, "-e", EXTENSION_PATH], version);
      try {
        await pi.prompt("STAGE 1 READS 1");
        const entries = (
          (await pi.send({ type: "get_entries" })).data as {
            entries: { id: string; message?: { role: string; content?: unknown } }[];
          }
        ).entries;
        const from = entries.find((entry) => entry.message?.role === "user")?.id;
        const to = entries.find(
          (entry) => entry.message?.role === "assistant" && wireText(entry.message.content) === "stage 1 done",
        )?.id;
        assert.ok(from !== undefined && to !== undefined);
        await pi.prompt(`CALL_TOOL:fold_context ${JSON.stringify({ action: "fold", from, to })}`);
        const files = filesUnder(home.agentDir);
        const evidence = files.filter((file) => file.includes("powercontext-fold-evidence") && file.endsWith(".txt"));
        const storeDir = dirname(files.find((file) => /\/powercontext-fold\/[^/]+\/\d{4}\.pack$/.test(file)) as string);
        const refs = packedRecords(storeDir).filter((record) => record.kind === "ref");
        assert.equal(evidence.length, 1, "one evidence file");
        assert.equal(statSync(evidence[0] as string).mode & 0o777, 0o444);
        assert.ok(readFileSync(evidence[0] as string, "utf8").includes("FILE stage 1 part 1"));
        assert.equal(refs.length, 1, "the read's message is stored as a reference");
        assert.ok((refs[0]?.payload.length ?? 0) < BIG.length / 4, "the reference does not repeat the read's bytes");
        const packed = packFilesOf(storeDir).reduce((total, pack) => total + statSync(pack).size, 0);
        assert.ok(packed < BIG.length / 2, `the store (${packed} bytes) does not repeat the read's bytes`);
        const state = (await pi.command("status")) as { folds: { total: number } };
        assert.equal(state.folds.total, 1);
        const peekAll = async (): Promise<string> => {
          let source = "";
          for (let offset: number | null = 0; offset !== null; ) {
            await pi.prompt(
              `CALL_TOOL:fold_context ${JSON.stringify({ action: "peek", id: "F1", offset, bytes: 16_000 })}`,
            );
            const page = lastToolResult();
            assert.equal(page.verified, true, JSON.stringify(page).slice(0, 300));
            source += page.source;
            offset = page.next;
          }
          return source;
        };
        const lastToolResult = () =>
          lastToolJson(fake) as unknown as {
            verified: boolean;
            source: string;
            next: number | null;
            error?: { code: string };
          };
        const source = await peekAll();
        assert.ok(source.includes(JSON.stringify(BIG).slice(1, -1)), "the exact read is in the peeked source");
        const sha = createHash("sha256").update(source).digest("hex");
        const records = packedRecords(storeDir).filter((record) => record.kind === "fold");
        assert.deepEqual(
          records.map((record) => record.sha),
          [sha],
          "the fold's record is addressed by the full source's SHA-256",
        );
        const parts = (JSON.parse(records[0]?.payload ?? "{}") as { parts: string[] }).parts;
        assert.ok(parts.includes(refs[0]?.sha as string), "the reference is the read's leaf, kept once");

        // The live entries leave the context (manual /compact passes through): peek restores from the evidence alone.
        const compacted = await pi.send({ type: "compact" });
        assert.equal(compacted.success, true, JSON.stringify(compacted).slice(0, 300));
        const context = (await pi.send({ type: "get_messages" })).data as { messages: unknown[] };
        assert.ok(!JSON.stringify(context.messages).includes("FILE stage 1 part 1"), "the read left the context");
        assert.equal(await peekAll(), source, "the same exact bytes, rebuilt from the reference and the evidence file");
        // …and only from there: altered evidence bytes are refused, never served.
        const file = evidence[0] as string;
        chmodSync(file, 0o644);
        writeFileSync(file, readFileSync(file, "utf8").replace("oversized", "OVERSIZED"));
        await pi.prompt(`CALL_TOOL:fold_context ${JSON.stringify({ action: "peek", id: "F1" })}`);
        assert.equal(lastToolResult().error?.code, "integrity");
      } finally {
        await pi.stop();
        await fake.close();
      }
    });
  });
}
