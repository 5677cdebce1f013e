// The terms a recall matches: the shaped prompt (search/query.ts) plus the run-together short names of its word pairs
// that the scope's index holds (search/abbreviations.ts), with the words each short name stands for.
import { abbreviationCandidates, promptAbbreviations, type ShortName } from "../../search/abbreviations.ts";
import { shapePrompt } from "../../search/query.ts";
import type { RecallDeps, RecallTuning } from "./recall-ranking.ts";

/** The shaped prompt, its terms extended by the run-together short names the index holds (search/abbreviations.ts). */
export async function promptTerms(
  deps: Pick<RecallDeps, "store" | "semantic">,
  scopeId: string,
  query: string,
  tuning: Pick<RecallTuning, "abbreviations">,
) {
  const on = tuning.abbreviations > 0;
  // The short names of the chosen text, built once: shaping reads their frequencies along when it reads any.
  let surface: Map<string, ShortName> | undefined;
  const candidatesOf = (text: string) => {
    surface ??= abbreviationCandidates(text);
    return surface;
  };
  const shaped = await shapePrompt(
    deps.store,
    scopeId,
    query,
    on ? (text) => [...candidatesOf(text).keys()] : undefined,
  );
  const none = { ...shaped, expansions: new Map<string, string>() };
  if (!on) return none;
  // A plain word the built-in model knows ("checkout", "database") is no short name; without the model, only stop words are.
  const model = deps.semantic?.model;
  const isWord = (name: string) => model?.embed(name) != null;
  const found = await promptAbbreviations(deps.store, scopeId, candidatesOf(shaped.text), shaped.terms, {
    isWord,
    max: tuning.abbreviations,
    alsoRead: shaped.frequencies === null ? shaped.terms : [],
    read: shaped.frequencies,
  });
  if (found === null) return none;
  const frequencies = new Map([...(shaped.frequencies ?? []), ...found.frequencies]);
  return { ...shaped, terms: [...shaped.terms, ...found.names], frequencies, expansions: found.words };
}
