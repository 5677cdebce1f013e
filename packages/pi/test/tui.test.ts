// The three Pi packages as a person sees them: a real Pi in its terminal UI (tmux, 160×50) with powercontext-pi,
// powercontext-fold and powercontext-state, a real Server and the fake model. Everything is read off the screen
// with `tmux capture-pane`: the commands answer in short lines that fit, declines are plain notices, the footer
// indicator follows recall and the Server, and no diagnostic line is ever drawn over the screen.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  hasTmux,
  makeHome,
  startChatServer,
  startTmuxPi,
  systemPromptOf,
  type ChatServer,
  type TmuxPi,
  wireText,
} from "@powercontext/pi-testing";
import { startServerProcess, type ServerProcess } from "../../server/src/testing/server-process.ts";
import { CONTEXT_LABEL } from "../src/recall.ts";
import { EXTENSION_PATH, PACKAGE_DIR, PI_VERSIONS } from "./support/pi-rpc.ts";

const FOLD_PATH = join(PACKAGE_DIR, "..", "fold", "extensions", "fold.ts");
const STATE_PATH = join(PACKAGE_DIR, "..", "state", "extensions", "state.ts");
const ARGS = [
  "--no-session",
  "--no-extensions",
  "--no-skills",
  "-e",
  EXTENSION_PATH,
  "-e",
  FOLD_PATH,
  "-e",
  STATE_PATH,
];
/** Our answers are cut to 78 columns; Pi indents notices by one. */
const ANSWER_WIDTH = 80;
/** A diagnostic line of any of the packages, as the stderr logger writes it. */
const DIAGNOSTIC = /"component":|"event":/;
const NOTE = "Keep SQLite only for tests.";
const DEPLOY = "release branch only";

const tmux = await hasTmux();

/** The rows from the first matching `first` through the next matching `last`, which must both be on the screen. */
function block(screen: string, first: RegExp, last: RegExp): string[] {
  const rows = screen.split("\n");
  const start = rows.findIndex((row) => first.test(row));
  const end = rows.findIndex((row, index) => index >= start && last.test(row));
  assert.ok(start >= 0 && end >= start, `a block from ${first} to ${last} on the screen:\n${screen}`);
  return rows.slice(start, end + 1);
}

function assertFits(rows: readonly string[], most: number): void {
  assert.ok(rows.length <= most, `at most ${most} rows:\n${rows.join("\n")}`);
  for (const row of rows) assert.ok([...row].length <= ANSWER_WIDTH, `fits ${ANSWER_WIDTH} columns: ${row}`);
  for (const row of rows) assert.doesNotMatch(row, /^\s*[{[]/, "no JSON in a person's answer");
}

async function command(pi: TmuxPi, text: string): Promise<void> {
  await pi.type(text);
  await pi.press("Enter");
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: the terminal UI`, { skip: tmux ? false : "tmux is not installed" }, () => {
    let model: ChatServer;
    let server: ServerProcess;
    let pi: TmuxPi;
    let agentDir: string;
    const footer = (text: string) => (screen: string) =>
      screen.split("\n").some((row) => row.startsWith(`PowerContext · ${text}`));

    before(async () => {
      // A model following powercontext-state's guide: each run's first step is `patch_state` with `final: true` (with
      // the deploy rule when asked to record it), then the answer; so turn resolution (on by default) adds no turn.
      model = await startChatServer((request) => {
        const last = request.messages.at(-1);
        if (last?.role !== "user") return { text: "Understood." };
        const deploy = wireText(last.content).startsWith("Record the deploy rule");
        const patch = deploy ? { final: true, cwd: { contract: { deploy: DEPLOY } } } : { final: true };
        return { calls: [{ name: "patch_state", arguments: JSON.stringify(patch) }] };
      });
      server = await startServerProcess(mkdtempSync(join(tmpdir(), "pc-tui-server-")));
      const home = makeHome({ baseUrl: model.baseUrl, prefix: "pc-tui-" });
      agentDir = home.agentDir;
      pi = await startTmuxPi({ version, home, args: ARGS, env: { POWERCONTEXT_PI_BASE_URL: server.url } });
      await pi.waitFor("the footer indicator", footer("not checked yet · capture on"), 90_000);
    });

    after(async () => {
      await pi?.stop();
      server?.child.kill("SIGTERM");
      await model?.close();
    });

    test("/pc answers in a few aligned lines; /pc stats is a small table", async () => {
      await command(pi, "/pc");
      const status = await pi.waitFor("/pc", (screen) => screen.includes("everything as JSON with /pc --json"));
      assertFits(block(status, /^ PowerContext {2}http:/, /Check the Server with \/pc doctor/), 8);
      assert.match(status, /^ Last recall +none yet/m);
      await command(pi, "/pc stats");
      const stats = await pi.waitFor("/pc stats", (screen) => screen.includes("Other periods: /pc stats"));
      assertFits(block(stats, /^ Last 30 days \(/, /Other periods: \/pc stats/), 12);
      assert.match(stats, /^ Memory entries +0 +0 active, 0 inactive$/m);
    });

    test("/pc remember: Yes saves and names the entry, Escape declines with a plain notice", async () => {
      await command(pi, `/pc remember ${NOTE}`);
      await pi.waitFor("the confirmation", (screen) => screen.includes("Allow PowerContext change?"));
      await pi.press("Enter");
      const saved = await pi.waitFor("the saved entry", (screen) => /Saved to Memory as \S+ \(agent-note/.test(screen));
      assertFits(
        saved.split("\n").filter((row) => row.includes("Saved to Memory")),
        1,
      );
      await command(pi, "/pc remember Deploy on Fridays.");
      await pi.waitFor("the confirmation", (screen) => screen.includes("Allow PowerContext change?"));
      await pi.press("Escape");
      const declined = await pi.waitFor("the decline", (screen) => screen.includes("Declined: nothing was written."));
      assert.doesNotMatch(declined, /Error:/, "a decline is no error");
    });

    test("/fold status and /state status are short summaries", async () => {
      await command(pi, "/fold status");
      const fold = await pi.waitFor("/fold status", (screen) => screen.includes("/fold status --json"));
      assertFits(block(fold, /^ Session +\d+ messages? in this branch/, /Everything as JSON with \/fold status/), 8);
      await command(pi, "/state status");
      const state = await pi.waitFor("/state status", (screen) => screen.includes("/state status --json"));
      assertFits(block(state, /^ Mode +active: /, /Everything as JSON with \/state status/), 9);
      // Git history is the state package's default whenever git is present (no setting given here).
      assert.match(state, /^ Store +\S+\/powercontext-state · Git history on$/m);
    });

    test("a turn that recalls the note: the footer and /pc say what came", async () => {
      await command(pi, "Do we keep SQLite only for tests?");
      await pi.waitFor("the recall in the footer", footer("recalled 1 item ("));
      await command(pi, "/pc");
      const status = await pi.waitFor("/pc after the turn", (screen) => /^ Last recall +1 item, /m.test(screen));
      assert.match(status, new RegExp(`^ {3}1\\. ${NOTE.replaceAll(".", "\\.")}$`, "m"));
      assert.match(status, /Server reachable/);
      // The order docs/pi.md states: Pi's prompt, the state section, then recall, which ends the prompt.
      const prompt = systemPromptOf(model.requests.at(-1) ?? { model: "", messages: [] });
      const stateAt = prompt.indexOf("<powercontext_state");
      assert.ok(stateAt > 0 && stateAt < prompt.indexOf(CONTEXT_LABEL), "the state section comes before recall");
      assert.match(prompt, /END_POWERCONTEXT_PREPARED_CONTEXT_V1(\n<\/powercontext>)?$/, "recall ends the prompt");
    });

    test("/state promote stores the entry's path with its value, and a later question recalls it", async () => {
      const asked = model.requests.length;
      await command(pi, "Record the deploy rule.");
      await pi.waitFor("the state change and the answer after it", (screen) => {
        const call = screen.lastIndexOf("patch_state");
        return model.requests.length >= asked + 2 && call >= 0 && screen.indexOf("Understood.", call) > call;
      });
      await command(pi, "/state promote cwd.contract.deploy decision");
      const dialog = await pi.waitFor("the promotion dialog", (screen) => screen.includes("Promote state to"));
      assert.match(
        dialog,
        new RegExp(`^ Save to Memory \\(kind: decision\\):\n cwd\\.contract\\.deploy: ${DEPLOY}$`, "m"),
      );
      await pi.press("Enter");
      await pi.waitFor("the promotion", (screen) => screen.includes("Promoted cwd.contract.deploy to Memory"));
      const before = model.requests.length;
      await command(pi, "How do we deploy?");
      await pi.waitFor("the answer", () => model.requests.length >= before + 2);
      const prompt = systemPromptOf(model.requests.at(-1) ?? { model: "", messages: [] });
      assert.ok(prompt.includes(`cwd.contract.deploy: ${DEPLOY}`), "recall brought the promoted entry");
      assert.doesNotMatch(prompt, /memory_promotions/, "bookkeeping is not in the model's state");
    });

    test("with the Server down a turn still answers, the footer says so, and nothing is drawn over the screen", async () => {
      server.child.kill("SIGTERM");
      await server.exited;
      const answered = model.requests.length;
      await command(pi, "What changed since yesterday?");
      await pi.waitFor("the unreachable Server in the footer", footer("Server unreachable · capture on"));
      await pi.waitFor("the model's answer", () => model.requests.length >= answered + 2);
      await command(pi, "/pc doctor");
      const doctor = await pi.waitFor("/pc doctor", (screen) => screen.includes("is not reachable."));
      assert.match(doctor, /Start it with `powercontext server run`/);
      assert.doesNotMatch(doctor, /continue the task/, "the model's wording is not shown to the person");
      const log = join(agentDir, "powercontext", "logs", "powercontext-pi.log");
      assert.ok(existsSync(log), "the diagnostics went to the log file");
      assert.match(readFileSync(log, "utf8"), /"event":"prepare\.failed"/);
    });

    test("the whole session: no diagnostic line and no wrapped line ever appeared", async () => {
      const history = await pi.history();
      assert.deepEqual(
        history.filter((line) => DIAGNOSTIC.test(line)),
        [],
      );
      const wrapped = history.filter((line) => [...line].length > pi.width);
      assert.deepEqual(wrapped, [], "every line fits the terminal's width");
    });
  });
}
