// Two real Server processes on one database — one PostgreSQL schema, or one SQLite file (two `server run` on the same
// data dir) — writing to the same scope at the same time: positions and revisions stay gap-free, every acknowledged
// write is in the database, no revision is lost, and a kill -9 of one instance mid-write loses nothing it
// acknowledged while the other keeps serving.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { ArtifactReference, MemoryCitation, MemoryEntry } from "@powercontext/protocol";
import { lookupEntry } from "../src/domain/memory/citation.ts";
import { SQLITE_FILE_NAME } from "../src/store/open-store.ts";
import { openSqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import type { Store } from "../src/store/types.ts";
import { freshSchemaUrl, openTestPostgresStore, requirePostgres } from "../src/testing/postgres.ts";
import { startServerProcess, type ServerProcess } from "../src/testing/server-process.ts";

const SCOPE = "git:github.com/acme/shared";
const WORKERS = 16;
const CAPTURES_PER_WORKER = 20;
const CAPTURES = WORKERS * CAPTURES_PER_WORKER;
/** Every eighth capture states a decision, which the rules extractor turns into one candidate. */
const isDecision = (i: number): boolean => i % 8 === 0;
const DECISIONS = WORKERS * Array.from({ length: CAPTURES_PER_WORKER }, (_, i) => i).filter(isDecision).length;
const CRASH_SCOPE = "git:github.com/acme/crash";

/** The response fields these tests read; which of them are present depends on the operation and the outcome. */
interface ReplyBody {
  position: number;
  status: string;
  processed_source_count: number;
  memory: ArtifactReference;
  entry: MemoryEntry;
  error: { code: string };
}

async function post(server: ServerProcess, path: string, body: unknown): Promise<{ status: number; json: ReplyBody }> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as ReplyBody };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

interface Engine {
  name: string;
  /** Starts both Servers at once on a database that does not exist yet: they race to create and migrate it. */
  start(dataDir: string): Promise<ServerProcess[]>;
  /** Opens the database directly, not through either Server. */
  open(dataDir: string): Promise<Store>;
}

const postgresUrl = freshSchemaUrl();
const ENGINES: readonly Engine[] = [
  {
    name: "PostgreSQL database",
    async start(dataDir) {
      await requirePostgres();
      const env = { POWERCONTEXT_SERVER_DATABASE_URL: postgresUrl };
      return Promise.all([startServerProcess(join(dataDir, "a"), env), startServerProcess(join(dataDir, "b"), env)]);
    },
    open: () => openTestPostgresStore(postgresUrl), // drops the schema when closed
  },
  {
    name: "SQLite file",
    start: (dataDir) => Promise.all([startServerProcess(dataDir), startServerProcess(dataDir)]),
    open: (dataDir) => openSqliteStore(join(dataDir, SQLITE_FILE_NAME)),
  },
];

for (const engine of ENGINES) describe(`two Server processes on one ${engine.name}`, () => suite(engine));

function suite(engine: Engine): void {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-multi-"));
  let servers: ServerProcess[] = [];
  let database: Store;

  before(async () => {
    servers = await engine.start(dataDir);
    database = await engine.open(dataDir);
  });

  after(async () => {
    for (const server of servers) server.child.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const on = (i: number): ServerProcess => {
    const server = servers[i % servers.length];
    if (!server) throw new Error("no server");
    return server;
  };

  it("concurrent captures through both get gap-free positions, and each acknowledged Source is stored at its position", async () => {
    const acknowledged = new Map<string, number>();
    const worker = async (w: number): Promise<void> => {
      for (let i = 0; i < CAPTURES_PER_WORKER; i += 1) {
        const source_id = `w${w}-${i}`;
        const content = isDecision(i)
          ? `We decided to use library${w}x${i} for the ${w}-${i} exporter.`
          : `capture ${source_id}`;
        const reply = await post(on(w), "/v1/sources/content", { scope_id: SCOPE, source_id, content });
        assert.equal(reply.status, 202, JSON.stringify(reply.json));
        acknowledged.set(source_id, reply.json.position);
      }
    };
    await Promise.all(range(0, WORKERS - 1).map(worker));
    assert.deepEqual(
      [...acknowledged.values()].sort((a, b) => a - b),
      range(1, CAPTURES),
    );
    const window = await database.readJournalWindow(SCOPE, 1000);
    assert.equal(window.high_watermark, CAPTURES);
    assert.deepEqual(
      window.sources.map((s) => s.position),
      range(1, CAPTURES),
    );
    assert.deepEqual(new Map(window.sources.map((s) => [s.source_id, s.position])), acknowledged);
  });

  it("concurrent remembers all land in consecutive revisions; of concurrent CAS remembers exactly one wins", async () => {
    const replies = await Promise.all(
      range(0, 23).map((i) =>
        post(on(i), "/v1/memory/remember", {
          scope_id: SCOPE,
          kind: "fact",
          text: `Service ${i} listens on port ${9000 + i}.`,
        }),
      ),
    );
    assert.deepEqual(
      replies.map((r) => r.status),
      replies.map(() => 200),
    );
    assert.deepEqual(
      replies.map((r) => r.json.memory.revision as number).sort((a, b) => a - b),
      range(1, 24),
    );
    const cas = await Promise.all(
      range(0, 5).map((i) =>
        post(on(i), "/v1/memory/remember", {
          scope_id: SCOPE,
          kind: "fact",
          text: `Racing fact ${i}.`,
          expected_revision: 24,
        }),
      ),
    );
    assert.deepEqual(cas.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409]);
    assert.ok(cas.filter((r) => r.status === 409).every((r) => r.json.error.code === "revision_conflict"));
    const listed = await database.listEntries(SCOPE, false);
    assert.equal(listed.memory?.revision, 25);
    assert.equal(listed.entries.length, 25);
  });

  it("concurrent revisions of distinct entries all land; of concurrent revisions of one entry exactly one wins", async () => {
    const before = (await database.listEntries(SCOPE, false)).entries;
    const replies = await Promise.all(
      before.map((entry, i) =>
        post(on(i), "/v1/memory/entries/revise", {
          scope_id: SCOPE,
          citation: entry.citation,
          kind: "fact",
          text: `${entry.text} Revised.`,
        }),
      ),
    );
    assert.deepEqual(
      replies.map((r) => r.status),
      replies.map(() => 200),
      JSON.stringify(replies.find((r) => r.status !== 200)?.json),
    );
    const revised = await database.listEntries(SCOPE, false);
    assert.equal(revised.memory?.revision, 50);
    assert.ok(revised.entries.every((entry) => entry.version === 2 && entry.text.endsWith(" Revised.")));

    const target = revised.entries[0];
    assert.ok(target);
    const citation: MemoryCitation = target.citation;
    const racing = await Promise.all(
      range(0, 5).map((i) =>
        post(on(i), "/v1/memory/entries/revise", { scope_id: SCOPE, citation, kind: "fact", text: `Winner ${i}.` }),
      ),
    );
    assert.deepEqual(racing.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409]);
    assert.ok(racing.filter((r) => r.status === 409).every((r) => r.json.error.code === "revision_conflict"));
    const winner = racing.find((r) => r.status === 200)?.json.entry;
    assert.ok(winner);
    const found = await lookupEntry(database, SCOPE, winner.citation);
    assert.equal(found.status === "found" && found.entry.text, winner.text);
    assert.equal(found.status === "found" && found.entry.version, 3);

    const changes = await database.listChanges(SCOPE, 0);
    assert.equal(changes.status, "ok");
    if (changes.status !== "ok") return;
    assert.deepEqual(
      changes.revisions.map((r) => r.memory_ref.revision),
      range(1, 51),
    );
    assert.ok(changes.revisions.every((r) => r.changes.length === 1));
  });

  it("concurrent flushes through both process every Source exactly once", async () => {
    let processed = 0;
    const flusher = async (i: number): Promise<void> => {
      for (;;) {
        const reply = await post(on(i), "/v1/memory/flush", { scope_id: SCOPE });
        assert.equal(reply.status, 200, JSON.stringify(reply.json));
        if (reply.json.status !== "processed") return;
        processed += reply.json.processed_source_count;
      }
    };
    await Promise.all(range(0, 3).map(flusher));
    await flusher(0); // drain whatever the contended flushers left
    assert.equal(processed, CAPTURES);
    assert.equal((await database.readJournalWindow(SCOPE, 0)).cursor, CAPTURES);
    const cited: string[] = [];
    for (const status of ["pending", "approved", "rejected"] as const) {
      let cursor: string | null = null;
      do {
        const page = await database.listCandidates({ scope_id: SCOPE, status, cursor, limit: 50 });
        for (const candidate of page.candidates) cited.push(...candidate.source_refs.map((ref) => ref.source_id));
        cursor = page.next_cursor;
      } while (cursor !== null);
    }
    assert.equal(cited.length, DECISIONS, "one candidate per decision Source");
    assert.equal(new Set(cited).size, cited.length, "no Source was extracted twice");
    const changes = await database.listChanges(SCOPE, 0);
    assert.ok(changes.status === "ok" && changes.memory);
    assert.deepEqual(
      changes.revisions.map((r) => r.memory_ref.revision),
      range(1, changes.memory.revision),
    );
  });

  it("kill -9 of one instance mid-write loses no acknowledged Source, and the other keeps serving", async () => {
    const [victim, survivor] = servers;
    assert.ok(victim && survivor);
    const acknowledged = new Map<string, number>();
    let killed = false;
    let afterKill = 0;
    const client = async (server: ServerProcess, w: number): Promise<void> => {
      for (let i = 0; i < 2000; i += 1) {
        if (server === survivor && afterKill >= 50) return;
        if (server === victim && killed) return;
        const source_id = `k${w}-${i}`;
        try {
          const reply = await post(server, "/v1/sources/content", {
            scope_id: CRASH_SCOPE,
            source_id,
            content: `crash ${source_id} `.repeat(20),
          });
          if (reply.status !== 202) continue;
          acknowledged.set(source_id, reply.json.position);
          if (killed && server === survivor) afterKill += 1;
        } catch {
          if (server === victim) return; // the connection died with the process
          throw new Error(`the surviving Server failed on ${source_id}`);
        }
      }
    };
    const clients = range(0, 11).map((w) => client(w % 2 === 0 ? victim : survivor, w));
    while (acknowledged.size < 150) await new Promise((resolve) => setTimeout(resolve, 5));
    victim.child.kill("SIGKILL");
    killed = true;
    const [, signal] = await victim.exited;
    await Promise.all(clients);
    assert.equal(signal, "SIGKILL");
    assert.ok(afterKill >= 50, `the survivor acknowledged ${afterKill} captures after the kill`);

    for (const [sourceId, position] of acknowledged) {
      assert.equal((await database.findSource(CRASH_SCOPE, sourceId))?.position, position, sourceId);
    }
    const window = await database.readJournalWindow(CRASH_SCOPE, 100_000);
    assert.ok(window.high_watermark >= acknowledged.size);
    assert.deepEqual(
      window.sources.map((s) => s.position),
      range(1, window.high_watermark),
    );
  });
}
