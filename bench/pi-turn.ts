// Pi turn latency: the time powercontext-pi adds to before_agent_start in a real Pi process (RPC mode) against a
// local real Server, compared with the same Pi run without the extension. Usage: npm run bench -- pi-turn [turns]
import { fileURLToPath } from "node:url";
import { startFakeModel } from "../packages/pi/test/support/fake-model.ts";
import { EXTENSION_PATH, makeHome, PI_VERSIONS, startPi } from "../packages/pi/test/support/pi-rpc.ts";
import { startTestServer } from "../packages/pi/test/support/powercontext-server.ts";
import { percentileOf } from "./lib/measure.ts";
import { hookTimesOf } from "./pi-turn/hook-times.ts";

const START = fileURLToPath(new URL("./pi-turn/hook-timer-start.ts", import.meta.url));
const END = fileURLToPath(new URL("./pi-turn/hook-timer-end.ts", import.meta.url));
const SCOPE = "bench:pi-turn";

interface Sample {
  hookMs: number[];
  /** From sending the RPC prompt to the fake model receiving the request. */
  turnMs: number[];
}

async function measure(
  withExtension: boolean,
  turns: number,
  baseUrl: string,
  version: (typeof PI_VERSIONS)[number],
): Promise<Sample> {
  const model = await startFakeModel();
  const home = makeHome(model.baseUrl);
  const extensions = withExtension ? ["-e", START, "-e", EXTENSION_PATH, "-e", END] : ["-e", START, "-e", END];
  const pi = await startPi({
    version,
    home,
    env: { POWERCONTEXT_PI_BASE_URL: baseUrl, POWERCONTEXT_PI_SCOPE_ID: SCOPE },
    args: ["--no-session", "--no-extensions", "--no-skills", ...extensions],
  });
  const turnMs: number[] = [];
  try {
    for (let turn = 0; turn < turns; turn += 1) {
      if (turn % 20 === 0) await pi.send({ type: "new_session" });
      const before = model.requests.length;
      const sent = performance.now();
      const waiting = pi.prompt(`How is the billing export retried? variant ${turn % 7}`);
      while (model.requests.length === before) await new Promise((resolve) => setImmediate(resolve));
      turnMs.push(performance.now() - sent);
      await waiting;
    }
  } finally {
    await pi.stop();
    await model.close();
  }
  const hookMs = hookTimesOf(pi.stderr());
  return { hookMs: hookMs.slice(-turns), turnMs };
}

export async function run(args: string[]): Promise<void> {
  const turns = Math.max(200, Number(args[0] ?? 200));
  const server = await startTestServer();
  try {
    for (let n = 0; n < 40; n += 1) {
      await fetch(`${server.server.url}/v1/memory/remember`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          scope_id: SCOPE,
          kind: "decision",
          text: `Billing export decision ${n}: retry failed batches ${(n % 5) + 1} times with backoff.`,
        }),
      });
    }
    const rows: string[] = [];
    for (const version of PI_VERSIONS) {
      const without = await measure(false, turns, server.server.url, version);
      const withExt = await measure(true, turns, server.server.url, version);
      const fmt = (values: number[]) =>
        `${percentileOf(values, 50).toFixed(2)} / ${percentileOf(values, 95).toFixed(2)}`;
      rows.push(
        `| ${version.name} | ${turns} | ${fmt(withExt.hookMs)} | ${fmt(without.hookMs)} | ${fmt(withExt.turnMs)} | ${fmt(without.turnMs)} |`,
      );
    }
    console.log(
      "| Pi | turns | before_agent_start with extension p50 / p95 (ms) | without p50 / p95 (ms) | prompt→model request with p50 / p95 (ms) | without p50 / p95 (ms) |",
    );
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const row of rows) console.log(row);
  } finally {
    await server.close();
  }
}
