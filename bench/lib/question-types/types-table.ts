// The question-type bench's figures as Markdown tables: the Server's recall paths beside the BM25 baselines.
import type { ConversationFigures, FactFigures } from "./type-figures.ts";

export interface FactResult {
  profile: string;
  /** Question group ("lexical", "task (long)" …) → recall path → figures. */
  figures: Record<string, Record<string, FactFigures>>;
}

export interface ConversationResult {
  /** Which conversation set: "realistic" or "reworded". */
  set: string;
  profile: string;
  figures: Record<string, Record<string, ConversationFigures>>;
}

const cell = (value: number) => value.toFixed(3);

export function factTable(results: readonly FactResult[]): string {
  const lines = [
    "| profile | type (questions) | recall | hit@1 | hit@5 | hit@10 | MRR | prepare includes |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const result of results)
    for (const [group, byRecall] of Object.entries(result.figures))
      for (const [recall, f] of Object.entries(byRecall)) {
        const includes = recall === "prepare" ? cell(f.includes) : "";
        const figures = [f["hit@1"], f["hit@5"], f["hit@10"], f.mrr].map(cell).join(" | ");
        lines.push(`| ${result.profile} | ${group} (${f.questions}) | ${recall} | ${figures} | ${includes} |`);
      }
  return lines.join("\n");
}

export function conversationTable(results: readonly ConversationResult[]): string {
  const lines = [
    "| set | profile | questions | recall | session-hit@10 | turn-recall@10 | MRR |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const result of results)
    for (const [group, byRecall] of Object.entries(result.figures))
      for (const [recall, f] of Object.entries(byRecall)) {
        const figures = [f["session_hit@10"], f["turn_recall@10"], f.mrr].map(cell).join(" | ");
        lines.push(`| ${result.set} | ${result.profile} | ${group} (${f.questions}) | ${recall} | ${figures} |`);
      }
  return lines.join("\n");
}
