// Times the answer-shape scan (src/search/answer-shapes.ts) on 8 KB texts built to make a careless pattern backtrack
// (long runs of dots, dashes, digits, underscores, spaces after a full stop), with every shape asked for and no value
// said by the question, so each text is read to its end. Recall scans up to a few hundred texts per question, so the
// scan must stay linear in a text's length whatever it holds.
// Usage: npm run bench -- answer-shapes [--runs 200]. Writes bench/results/answer-shapes.json.
import { holdsWantedShape, wantedShapes } from "../packages/server/src/search/answer-shapes.ts";
import { machine, option, progress, summarize, time, writeResult } from "./lib/measure.ts";

/** The most an entry's text holds (the verbatim extractor's cut and the contract's limit). */
const TEXT_BYTES = 8192;

const ASKS_EVERY_SHAPE =
  "Which host, branch, error, staging db, dashboard, meeting, flight, customer, flag, env var, ticket, test file, " +
  "Slack channel, version, how many, deadline, and who?";

/** Each text: one piece repeated to the byte limit (or a full stop and the limit in spaces). */
const TEXTS: Record<string, string> = {
  dots: "a.",
  dashes: "a-",
  digits: "1.",
  underscores: "a_",
  "upper underscores": "A_",
  slashes: "fix/",
  "staging names": "x-stg-",
  "capitalized words": "Ab ",
  "time-like": "1:",
  channels: " #a",
};

function fill(piece: string): string {
  return piece.repeat(Math.ceil(TEXT_BYTES / piece.length)).slice(0, TEXT_BYTES);
}

export async function run(args: string[]): Promise<void> {
  const runs = Number(option(args, "runs", "200"));
  const asked = { ...wantedShapes(ASKS_EVERY_SHAPE), said: new Set<string>() };
  const texts = { ...Object.fromEntries(Object.entries(TEXTS).map(([name, piece]) => [name, fill(piece)])) };
  texts["spaces after a full stop"] = `.${" ".repeat(TEXT_BYTES - 2)}x`;
  const rows: Record<string, ReturnType<typeof summarize>> = {};
  for (const [name, text] of Object.entries(texts)) {
    rows[name] = summarize(await time(() => holdsWantedShape(text, asked), { runs }));
    progress(`${name}: median ${rows[name].median_ms} ms, p95 ${rows[name].p95_ms} ms`);
  }
  const file = writeResult("answer-shapes", { machine: machine(), shapes: asked.values.length, runs, rows });
  progress(`results written to ${file}`);
}
