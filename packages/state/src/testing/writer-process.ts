// A child process for the concurrency tests: `node writer-process.ts <root> <name> <count>` adds `count` keys
// to one shared cwd scope, re-reading and retrying on every compare-and-swap conflict. Prints {conflicts}.
import { openStateStore } from "../state-file.ts";
import type { ViewKeys } from "../types.ts";

const [root, name, count] = process.argv.slice(2) as [string, string, string];
const store = openStateStore({ root, lockTimeoutMs: 30_000 });
const keys: ViewKeys = { global: "global", cwd: "shared", session: name };
let conflicts = 0;
for (let i = 0; i < Number(count); i += 1) {
  for (;;) {
    const basis = await store.readView(keys);
    const result = await store.publish(keys, basis, {
      patches: { cwd: { working: { [`${name}-${i}`]: i } } },
      final: false,
    });
    if (result.status === "committed") break;
    conflicts += 1;
  }
}
process.stdout.write(JSON.stringify({ conflicts }));
