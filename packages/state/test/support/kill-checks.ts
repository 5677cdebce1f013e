// What the kill replay checks on disk, and what it learns from the fake model's recorded requests: the patches whose
// accepted receipt reached the model (Pi acknowledged them), and the store's condition after a kill and a restart.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { WireRequest } from "@powercontext/pi-testing";
import { wireText } from "@powercontext/pi-testing";
import { JOURNAL_FILE } from "../../src/journal.ts";
import { LOCK_FILE, openStateStore } from "../../src/state-file.ts";
import { cwdKey, SCOPES_DIRECTORY } from "../../src/scopes.ts";
import type { PatchStep } from "./kill-plan.ts";

export type ScopeName = "global" | "cwd";
/** A patch id and the scopes it wrote. */
export type Written = Map<number, ScopeName[]>;

/** The ids and scopes of a patch's arguments. */
export function writtenBy(args: PatchStep["args"]): Written {
  const written: Written = new Map();
  for (const scope of ["global", "cwd"] as const)
    for (const key of Object.keys(args[scope]?.working ?? {})) {
      const id = Number(key.slice(1));
      written.set(id, [...(written.get(id) ?? []), scope]);
    }
  return written;
}

/** Every patch_state call whose tool result in a later request carries an accepted receipt (`ok: true`). */
export function acknowledgedPatches(requests: readonly WireRequest[]): Written {
  const acknowledged: Written = new Map();
  for (const request of requests) {
    const calls = new Map<string, string>();
    for (const message of request.messages)
      for (const call of message.tool_calls ?? [])
        if (call.function.name === "patch_state") calls.set(call.id, call.function.arguments);
    for (const message of request.messages) {
      const args = message.role === "tool" ? calls.get(message.tool_call_id ?? "") : undefined;
      if (args === undefined || !acceptedReceipt(wireText(message.content))) continue;
      for (const [id, scopes] of writtenBy(JSON.parse(args) as PatchStep["args"])) acknowledged.set(id, scopes);
    }
  }
  return acknowledged;
}

function acceptedReceipt(body: string): boolean {
  try {
    return (JSON.parse(body) as { ok?: unknown }).ok === true;
  } catch {
    return false;
  }
}

/** What a kill left behind, seen before the restart: a journal or staged files mean it landed mid-publication. */
export function killResidue(root: string): { midPublication: boolean; lockHeld: boolean; leftovers: string[] } {
  const leftovers = leftoverNames(root);
  const midPublication = leftovers.length > 0 || existsSync(join(root, JOURNAL_FILE));
  return { midPublication, lockHeld: existsSync(join(root, LOCK_FILE)), leftovers };
}

/** Temporary, handover and reclaim-guard files in the store root and its scopes directory. */
export function leftoverNames(root: string): string[] {
  const names = (directory: string) => (existsSync(directory) ? readdirSync(directory) : []);
  return [...names(root), ...names(join(root, SCOPES_DIRECTORY))].filter((name) =>
    /\.tmp-|\.new-|\.reclaim-/.test(name),
  );
}

/** Every `*.json` file of the store parses. */
function unreadableFiles(root: string): string[] {
  const failures: string[] = [];
  for (const directory of [root, join(root, SCOPES_DIRECTORY)]) {
    if (!existsSync(directory)) continue;
    for (const name of readdirSync(directory).filter((entry) => entry.endsWith(".json")))
      try {
        JSON.parse(readFileSync(join(directory, name), "utf8"));
      } catch (error) {
        failures.push(`unreadable ${name}: ${(error as Error).message}`);
      }
  }
  return failures;
}

/**
 * The store after a restart and one settled patch (which took the lock): every file parses, no journal or leftover,
 * every acknowledged patch is present in each scope it wrote, every `p<id>` value was issued by the replay with that
 * value, and a two-scope patch is in both scopes or in neither. Returns the failures, empty when all hold.
 */
export async function checkStore(root: string, cwd: string, issued: Written, acknowledged: Written): Promise<string[]> {
  const failures = unreadableFiles(root);
  if (existsSync(join(root, JOURNAL_FILE))) failures.push("a journal is still present");
  for (const name of leftoverNames(root)) failures.push(`leftover ${name}`);
  let view: Awaited<ReturnType<ReturnType<typeof openStateStore>["readView"]>>;
  try {
    view = await openStateStore({ root }).readView({ global: "global", cwd: cwdKey(cwd), session: "none" });
  } catch (error) {
    return [...failures, `the state does not read: ${(error as Error).message}`];
  }
  const working = { global: view.global.current.working ?? {}, cwd: view.cwd.current.working ?? {} } as Record<
    ScopeName,
    Record<string, unknown>
  >;
  for (const [id, scopes] of acknowledged)
    for (const scope of scopes)
      if (working[scope][`p${id}`] !== id) failures.push(`lost acknowledged patch p${id} in ${scope}`);
  for (const scope of ["global", "cwd"] as const)
    for (const [key, value] of Object.entries(working[scope])) {
      const scopes = issued.get(Number(key.slice(1)));
      if (!/^p\d+$/.test(key) || scopes === undefined || value !== Number(key.slice(1)) || !scopes.includes(scope))
        failures.push(`phantom ${scope}.${key} = ${JSON.stringify(value)}`);
      else if (scopes.some((other) => working[other][key] !== value)) failures.push(`torn patch ${key}`);
    }
  return failures;
}
