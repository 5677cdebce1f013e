// The quality benchmark's figures as one Markdown table, to compare recall paths and search modes side by side.
import type { QualityFigures } from "./retrieval-metrics.ts";

/** A Markdown table of every profile's figures: prepare, then memory search per mode, per question shape. */
export function sideBySide(results: ReadonlyArray<Record<string, unknown>>): string {
  const cells = (f: QualityFigures) =>
    [f["hit@1"], f["hit@5"], f["hit@10"], f.mrr, f.relevant_byte_share].map((value) => value.toFixed(3)).join(" / ");
  const lines = ["| profile | questions | recall | figures |", "| --- | --- | --- | --- |"];
  for (const result of results) {
    const prepare = result.prepare as Record<string, QualityFigures>;
    const search = result.search_limit_10 as Record<string, Record<string, QualityFigures>>;
    for (const shape of ["all", "short", "long"]) {
      const rows: Array<[string, QualityFigures | undefined]> = [
        ["prepare", prepare[shape]],
        ...Object.entries(search).map(([mode, byShape]): [string, QualityFigures | undefined] => [
          `search ${mode}`,
          byShape[shape],
        ]),
      ];
      for (const [recall, figures] of rows)
        if (figures)
          lines.push(`| ${result.profile} | ${shape} (${figures.questions}) | ${recall} | ${cells(figures)} |`);
    }
  }
  return lines.join("\n");
}
