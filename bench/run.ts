// Benchmark dispatcher: `node bench/run.ts <name> [args]` runs the `run(args)` export of bench/<name>.ts.
// The benchmark is loaded by a dynamic import so that running one does not load the others.
import { readdirSync } from "node:fs";

interface Benchmark {
  run(args: string[]): Promise<void> | void;
}

const here = new URL("./", import.meta.url);
const available = readdirSync(here)
  .filter((file) => file.endsWith(".ts") && file !== "run.ts" && !file.endsWith(".test.ts"))
  .map((file) => file.slice(0, -3))
  .sort();

const [name, ...args] = process.argv.slice(2);
if (name === undefined || !available.includes(name)) {
  console.error(
    `${name === undefined ? "no benchmark named" : `unknown benchmark "${name}"`}; available: ${available.join(", ")}`,
  );
  process.exit(2);
}
const benchmark = (await import(new URL(`./${name}.ts`, here).href)) as Benchmark;
await benchmark.run(args);
