// npm run bench -- capture [--clients 1,16] [--requests 4000] [--store sqlite|postgres] [--database-url URL]
// Sources/s captured over loopback HTTP by N concurrent clients against a real Server process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServerProcess } from "../packages/server/src/testing/server-process.ts";
import { machine, option, progress, summarize, writeResult } from "./lib/measure.ts";

async function capture(
  url: string,
  clients: number,
  requests: number,
  round: number,
): Promise<{ per_second: number; latencies: number[] }> {
  let issued = 0;
  const latencies: number[] = [];
  const prompt =
    "Refactor the billing export so that it streams rows from PostgreSQL instead of loading the table. ".repeat(4);
  const worker = async (): Promise<void> => {
    while (issued < requests) {
      const i = (issued += 1);
      const start = process.hrtime.bigint();
      const response = await fetch(`${url}/v1/sources/content`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          scope_id: `bench:capture:${round}`,
          source_id: `s-${i}`,
          content: `${prompt} #${i}`,
          metadata: { origin: "bench" },
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`capture answered ${response.status}`);
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: clients }, worker));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { per_second: Math.round(requests / seconds), latencies };
}

export async function run(args: string[]): Promise<void> {
  const clientCounts = option(args, "clients", "1,16").split(",").map(Number);
  const requests = Number(option(args, "requests", "4000"));
  const databaseUrl = option(args, "database-url", "");
  const dataDir = mkdtempSync(join(tmpdir(), "pc-bench-capture-"));
  const env: Record<string, string> = databaseUrl ? { POWERCONTEXT_SERVER_DATABASE_URL: databaseUrl } : {};
  const server = await startServerProcess(dataDir, env);
  const results: Record<string, unknown>[] = [];
  try {
    await capture(server.url, 4, 200, 0); // warm-up
    for (const [index, clients] of clientCounts.entries()) {
      progress(`${clients} client(s): ${requests} captures`);
      const { per_second, latencies } = await capture(server.url, clients, requests, index + 1);
      const row = { clients, requests, sources_per_second: per_second, latency: summarize(latencies) };
      progress(JSON.stringify(row));
      results.push(row);
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const file = writeResult(databaseUrl ? "capture-postgres" : "capture", {
    benchmark: "capture",
    store: databaseUrl ? "postgres" : "sqlite",
    machine: machine(),
    results,
  });
  console.log(JSON.stringify(results, null, 2));
  progress(`results written to ${file}`);
}
