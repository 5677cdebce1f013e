// A hermetic Pi home: an agent dir whose only provider is the local fake model (retries off), a project folder and a
// session folder, all under one fresh temporary root.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface HermeticHome {
  root: string;
  agentDir: string;
  cwd: string;
  sessionDir: string;
}

export interface HomeOptions {
  /** The fake model's base URL (`…/v1`). */
  baseUrl: string;
  /** Prefix of the temporary root's name. */
  prefix?: string;
  /** The model's window and output limit, when a suite depends on them. */
  contextWindow?: number;
  maxTokens?: number;
  /**
   * The model's `compat` flags, e.g. `{ supportsMidConvoSystemMessages: true }` for a model that accepts system
   * messages mid-conversation (Pi 0.86 and later then keep a section patch in place instead of rebuilding the head).
   */
  compat?: Record<string, unknown>;
  /** Merged over `{ retry: { enabled: false } }`. */
  settings?: Record<string, unknown>;
  /** Files written into the project folder. */
  files?: Record<string, string>;
}

export function makeHome({
  baseUrl,
  prefix = "pc-pi-",
  contextWindow,
  maxTokens,
  compat,
  settings = {},
  files = {},
}: HomeOptions): HermeticHome {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const home = { root, agentDir: join(root, "agent"), cwd: join(root, "project"), sessionDir: join(root, "sessions") };
  for (const dir of [home.agentDir, home.cwd, home.sessionDir]) mkdirSync(dir);
  const model = {
    id: "fake-model",
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(compat === undefined ? {} : { compat }),
  };
  writeFileSync(
    join(home.agentDir, "models.json"),
    JSON.stringify({
      providers: { fake: { baseUrl, api: "openai-completions", apiKey: "fake-key", models: [model] } },
    }),
  );
  writeFileSync(join(home.agentDir, "settings.json"), JSON.stringify({ retry: { enabled: false }, ...settings }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home.cwd, name), text);
  return home;
}
