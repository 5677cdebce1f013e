// Kubernetes Secret manifests: every value under `data:` (base64) and `stringData:` is a secret whatever its key is
// called (`DATABASE_URL`, `config`, `.dockerconfigjson`), so the whole block is redacted, key names kept.
import { isPlaceholder } from "./placeholder.ts";
import type { Span } from "./types.ts";
import { SPECIFICITY } from "./types.ts";

const KIND = /^kind:[ \t]*["']?Secret["']?[ \t]*$/m;
const DOCUMENT_BREAK = /^---/m;
const BLOCK = /^(data|stringData):[ \t]*$/gm;
const ENTRY = /^([ \t]+)["']?[^\s:"']{1,253}["']?:[ \t]*(?:["']([^"'\n]*)["']|([^\s#][^\n]*?))[ \t]*$/gm;
const BASE64 = /^[A-Za-z0-9+/]{4,}={0,2}$/;
/** A Secret manifest larger than this is not parsed (its values are still seen by the other finders). */
const MAX_DOCUMENT = 65536;

function entrySpans(document: string, offset: number, block: RegExpExecArray, spans: Span[]): void {
  const encoded = block[1] === "data";
  let previousEnd = block.index + block[0].length;
  ENTRY.lastIndex = previousEnd;
  let indent: string | undefined;
  for (let entry = ENTRY.exec(document); entry !== null; entry = ENTRY.exec(document)) {
    const [line, lead = "", quoted, bare] = entry;
    // The block ends at the first line that is not one of its entries, or that is indented differently.
    if (document.slice(previousEnd, entry.index).trim() !== "") break;
    indent ??= lead;
    if (lead !== indent) break;
    previousEnd = entry.index + line.length;
    const value = quoted ?? bare ?? "";
    if (value === "" || value === "|" || value === ">" || isPlaceholder(value) || (encoded && !BASE64.test(value)))
      continue;
    const start = offset + entry.index + line.lastIndexOf(value);
    spans.push({ family: "kubernetes-secret", start, end: start + value.length, specificity: SPECIFICITY.provider });
  }
}

/** The bounds of the YAML document (between `---` lines, at most MAX_DOCUMENT each way) around `at`. */
function documentAround(text: string, at: number): { start: number; end: number } {
  const before = text.slice(Math.max(0, at - MAX_DOCUMENT), at);
  const breakBefore = before.lastIndexOf("\n---");
  const start = breakBefore === -1 ? at - before.length : at - before.length + breakBefore + 1;
  const after = text.slice(at + 1, at + MAX_DOCUMENT);
  const breakAfter = after.search(DOCUMENT_BREAK);
  return { start, end: breakAfter === -1 ? at + 1 + after.length : at + 1 + breakAfter };
}

/** The values of every `data:`/`stringData:` block of every `kind: Secret` YAML document in `text`. */
export function findKubernetesSecretValues(text: string): Span[] {
  const spans: Span[] = [];
  let searchFrom = 0;
  for (let at = text.indexOf("kind:", searchFrom); at !== -1; at = text.indexOf("kind:", searchFrom)) {
    searchFrom = at + 5;
    if (at > 0 && text[at - 1] !== "\n") continue;
    if (!KIND.test(text.slice(at, at + 40).split("\n", 1)[0] ?? "")) continue;
    const { start, end } = documentAround(text, at);
    const document = text.slice(start, end);
    BLOCK.lastIndex = 0;
    for (let block = BLOCK.exec(document); block !== null; block = BLOCK.exec(document))
      entrySpans(document, start, block, spans);
    searchFrom = Math.max(searchFrom, end);
  }
  return spans;
}
