// Starts the user's real Pi (the fixture's agent dir, exactly as `setup pi` left it) over RPC, offline, and reports
// which directory registered `/pc`: the proof that the registered package loads in Pi.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LATEST_PI, startPi } from "@powercontext/pi-testing";
import type { PiCliFixture } from "./pi-cli-fixture.ts";

export interface RegisteredLoad {
  /** The package directory that registered `/pc`, or null when no extension registered it. */
  pcFrom: string | null;
  stderr: string;
}

export async function loadRegisteredPackages(fixture: PiCliFixture): Promise<RegisteredLoad> {
  const cwd = join(fixture.root, "project");
  const sessionDir = join(fixture.root, "sessions");
  for (const dir of [cwd, sessionDir]) mkdirSync(dir, { recursive: true });
  // The model is never contacted (no prompt is sent); Pi only needs one to start with `--model fake/fake-model`.
  writeFileSync(
    join(fixture.agentDir, "models.json"),
    JSON.stringify({
      providers: {
        fake: {
          baseUrl: "http://127.0.0.1:9/v1",
          api: "openai-completions",
          apiKey: "k",
          models: [{ id: "fake-model" }],
        },
      },
    }),
  );
  const pi = await startPi({
    version: LATEST_PI,
    home: { root: fixture.home, agentDir: fixture.agentDir, cwd, sessionDir },
    args: ["--no-session"],
  });
  try {
    const response = await pi.send({ type: "get_commands" });
    const commands = ((response.data as { commands?: unknown[] } | undefined)?.commands ?? []) as {
      name: string;
      sourceInfo?: { baseDir?: string };
    }[];
    const pc = commands.find((command) => command.name === "pc");
    return { pcFrom: pc?.sourceInfo?.baseDir ?? null, stderr: pi.stderr() };
  } finally {
    await pi.stop();
  }
}
