// Real Pi (1.6.0 and 0.82.1) with Git as cold history, on by default (no setting given): one local commit per
// accepted transition, read_state of a revision beyond the 7-patch hot tail and of "self", and the background push of
// the newest commit to a local bare remote: a push that fails stays queued, and the next Pi process (a restart)
// publishes it. Then a fork from a point folded out of the parent's hot tail restored from that point's commit; and
// with POWERCONTEXT_STATE_GIT_BACKUP=0 the store has no repository and that fork is refused.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { script, startFakeModel, toolResults, type FakeModel } from "./support/fake-model.ts";
import { makeHome, PI_VERSIONS, startPi, type HermeticHome, type PiProcess } from "./support/pi-rpc.ts";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
}

function lines(root: string, ...args: string[]): string[] {
  if (!existsSync(join(root, ".git"))) return [];
  const out = git(root, ...args);
  return out === "" ? [] : out.split("\n");
}

async function until<T>(probe: () => T, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = probe();
    if (done(value)) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function remoteRef(remote: string): string | null {
  try {
    return git(remote, "rev-parse", "--verify", "refs/heads/powercontext-state");
  } catch {
    return null;
  }
}

function queueOf(root: string): { target: string; attempts: number } | null {
  const file = join(root, ".git", "powercontext-state", "push", "queue.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { target: string; attempts: number }) : null;
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: Git as cold history and remote push`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;
    let remote: string;
    let env: Record<string, string>;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      remote = join(home.agentDir, "..", "remote.git");
      // No POWERCONTEXT_STATE_GIT_BACKUP: Git history is the default whenever git is present.
      env = { POWERCONTEXT_STATE_GIT_REMOTE: remote };
      pi = await startPi(home, { version, env });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    test("one commit per transition; older revisions and self are readable; a failed push is retried by the next process", async () => {
      const root = join(home.agentDir, "powercontext-state");
      const from = model.requests.length;
      const steps = Array.from({ length: 9 }, (_, index) => ({
        call: "patch_state",
        args: { cwd: { working: { step: index + 1 } } },
      }));
      await pi.prompt(script(steps));
      const receipts = toolResults(model.requests.slice(from)) as { ok: boolean; transition: string }[];
      assert.equal(receipts.filter((receipt) => receipt.ok).length, 9);
      const subjects = lines(root, "log", "--reverse", "--format=%s");
      assert.deepEqual(
        subjects,
        receipts.map((receipt) => `powercontext-state: ${receipt.transition}`),
        "one commit per accepted transition, in order",
      );
      const first = lines(root, "log", "--reverse", "--format=%H")[0] as string;

      // The remote does not exist yet: the push fails, stays queued, and state is untouched.
      const failed = await until(
        () => queueOf(root),
        (queue) => (queue?.attempts ?? 0) >= 1,
        "a failed attempt",
      );
      assert.equal(failed?.target, git(root, "rev-parse", "HEAD"));

      const reads = model.requests.length;
      await pi.prompt(
        script([
          { call: "read_state", args: { scope: "cwd", offset: 7 } },
          { call: "read_state", args: { scope: "cwd", revision: first.slice(0, 10) } },
          { call: "read_state", args: { scope: "cwd", revision: "self", offset: 1 } },
          { call: "read_state", args: { revision: "not-a-commit" } },
        ]),
      );
      const results = toolResults(model.requests.slice(reads)) as {
        ok: boolean;
        revision?: string;
        state?: { working: unknown };
        code?: string;
      }[];
      assert.deepEqual(results[0]?.state?.working, { step: 2 }, "the hot tail reaches step 2 at most");
      assert.deepEqual([results[1]?.revision, results[1]?.state?.working], [first, { step: 1 }]);
      assert.deepEqual(
        [results[2]?.revision, results[2]?.state?.working],
        [git(root, "rev-parse", "HEAD"), { step: 8 }],
      );
      assert.deepEqual([results[3]?.ok, results[3]?.code], [false, "unknown_revision"]);

      // A restart with the remote now present publishes the queued commit; the next turn's commit follows.
      execFileSync("git", ["init", "-q", "--bare", remote]);
      await pi.stop();
      pi = await startPi(home, { version, env });
      await pi.prompt("hello");
      await until(
        () => remoteRef(remote),
        (ref) => ref === git(root, "rev-parse", "HEAD"),
        "the restart's push",
      );
      await pi.prompt(script([{ call: "patch_state", args: { cwd: { working: { step: 10 } } } }]));
      const head = git(root, "rev-parse", "HEAD");
      await until(
        () => remoteRef(remote),
        (ref) => ref === head,
        "the newest commit on the remote",
      );
      await until(
        () => queueOf(root),
        (queue) => queue === null,
        "an empty queue",
      );
      assert.equal(lines(root, "log", "--format=%H").length, 10);
      const status = await pi.command("/state status --json");
      assert.equal(status.git_backup, true, "Git history is on by default");
      assert.deepEqual(status.git, { mode: "git", remote, queue: "empty" }, "/state status reports Git and the queue");
      assert.deepEqual(
        lines(root, "ls-files").filter((file) => !file.startsWith("scopes/")),
        [".gitignore"],
        "lock, journal, queue and temporary files are never committed",
      );
    });
  });
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: exact branch restoration from Git`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      pi = await startPi(home, { version, persist: true });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    test("a fork from a point folded out of the parent's tail gets the state of that point from its commit", async () => {
      const patch = (fold: string) => ({ call: "patch_state", args: { session: { working: { fold } } } });
      await pi.prompt(script([patch("target")], "fold-target "));
      await pi.prompt(
        script(
          Array.from({ length: 8 }, (_, i) => patch(`later ${i + 1}`)),
          "fold-later ",
        ),
      );
      const parent = (await pi.command("/state status --json")).scopes as { session: { key: string } };
      const forkable = await pi.send({ type: "get_fork_messages" });
      const messages = (forkable.data as { messages: { entryId: string; text: string }[] }).messages;
      const target = messages.find((message) => message.text.startsWith("fold-later "));
      assert.ok(target);
      const forked = await pi.send({ type: "fork", entryId: target.entryId });
      assert.equal(forked.success, true, JSON.stringify(forked));
      assert.notEqual((forked.data as { cancelled?: boolean }).cancelled, true, "the fork is not refused");
      const child = (await pi.command("/state status --json")).scopes as { session: { key: string } };
      assert.notEqual(child.session.key, parent.session.key, "now in the child session");
      const from = model.requests.length;
      await pi.prompt(script([{ call: "read_state", args: { scope: "session" } }]));
      const [read] = toolResults(model.requests.slice(from)) as { state: { working: { fold: string } } }[];
      assert.equal(read?.state.working.fold, "target", "the child has the state of the fork point");
    });
  });
}

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: Git history turned off`, () => {
    let model: FakeModel;
    let home: HermeticHome;
    let pi: PiProcess;

    before(async () => {
      model = await startFakeModel();
      home = makeHome(model.baseUrl);
      // File-only behaviour on purpose: the off switch, with git present.
      pi = await startPi(home, { version, persist: true, env: { POWERCONTEXT_STATE_GIT_BACKUP: "0" } });
    });
    after(async () => {
      await pi.stop();
      await model.close();
    });

    async function run(message: string) {
      const from = model.requests.length;
      await pi.prompt(message);
      return toolResults(model.requests.slice(from));
    }

    async function sessionKeyNow(): Promise<string> {
      const status = await pi.command("/state status --json");
      return (status.scopes as { session: { key: string } }).session.key;
    }

    test("with the switch at 0 the store has no repository and revision reads are cold_history_unavailable", async () => {
      const root = join(home.agentDir, "powercontext-state");
      const [receipt] = (await run(script([{ call: "patch_state", args: { cwd: { working: { step: 1 } } } }]))) as {
        ok: boolean;
      }[];
      assert.equal(receipt?.ok, true);
      assert.equal(existsSync(join(root, "scopes")), true, "the state was written");
      assert.equal(existsSync(join(root, ".git")), false, "no repository in the store");
      assert.equal(existsSync(join(root, ".gitignore")), false, "no .gitignore either");
      const status = await pi.command("/state status --json");
      assert.deepEqual([status.git_backup, status.git], [false, null], "/state status reports Git history off");
      const [read] = (await run(script([{ call: "read_state", args: { revision: "self" } }]))) as {
        ok: boolean;
        code: string;
      }[];
      assert.deepEqual([read?.ok, read?.code], [false, "cold_history_unavailable"]);
    });

    test("a fork from a point whose patch was folded out of the parent's tail is refused with a clear error, and nothing is copied", async () => {
      await run(script([{ call: "patch_state", args: { session: { working: { fold: "target" } } } }], "fold-target "));
      const eight = Array.from({ length: 8 }, (_, i) => ({
        call: "patch_state",
        args: { session: { working: { fold: `later ${i + 1}` } } },
      }));
      await run(script(eight, "fold-later "));
      const parentKey = await sessionKeyNow();
      const parentFile = readFileSync(join(home.agentDir, "powercontext-state", "scopes", `session.${parentKey}.json`));
      const forkable = await pi.send({ type: "get_fork_messages" });
      const messages = (forkable.data as { messages: { entryId: string; text: string }[] }).messages;
      const target = messages.find((message) => message.text.startsWith("fold-later "));
      assert.ok(target);
      const from = pi.events.length;
      const forked = await pi.send({ type: "fork", entryId: target.entryId });
      assert.equal(forked.success, true, JSON.stringify(forked));
      assert.equal((forked.data as { cancelled?: boolean }).cancelled, true, JSON.stringify(forked));
      const note = await pi.waitFor(
        (event) => event.type === "extension_ui_request" && event.method === "notify",
        10_000,
        from,
      );
      assert.match(String(note.message), /refused this fork: .*folded out of the retained history/);
      assert.equal(await sessionKeyNow(), parentKey, "still in the parent session");
      assert.deepEqual(
        readFileSync(join(home.agentDir, "powercontext-state", "scopes", `session.${parentKey}.json`)),
        parentFile,
      );
      const [read] = (await run(script([{ call: "read_state", args: { scope: "session" } }]))) as {
        state: { working: { fold: string } };
      }[];
      assert.equal(read?.state.working.fold, "later 8");
    });
  });
}
