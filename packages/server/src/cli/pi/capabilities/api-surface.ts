// Reads facts off the installed host's extension API declarations (.d.ts): what a probe cannot exercise.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface SurfaceFact {
  found: boolean;
  evidence: string;
}

export interface ApiSurface {
  /** Where the declarations were read; null when the installed host package could not be found. */
  typesFile: string | null;
  sendUserMessageReturn: string | null;
  appendEntryReturn: string | null;
  setModelSessionWide: SurfaceFact;
  beforeAgentStartResultFields: string[];
  beforeProviderRequestResult: string | null;
  phaseFieldsDeclared: SurfaceFact;
  contextAbort: SurfaceFact;
  toolResultUsageOptional: SurfaceFact;
  responseModelOptional: SurfaceFact;
  cacheHook: SurfaceFact;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** The pi-ai declarations next to the host: its own node_modules, else a parent's. */
function piAiTypes(packageDir: string): { file: string; text: string } | null {
  let dir = packageDir;
  for (;;) {
    for (const scope of ["@earendil-works", "@mariozechner"]) {
      const file = join(dir, "node_modules", scope, "pi-ai", "dist", "types.d.ts");
      const text = read(file);
      if (text !== null) return { file, text };
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** A match of `pattern`; the evidence quotes `focus` inside it when given (file:line: text). */
function fact(text: string | null, pattern: RegExp, file: string, focus?: RegExp): SurfaceFact {
  const match = text === null ? null : pattern.exec(text);
  if (text === null || match === null) return { found: false, evidence: `${file}: no match for ${pattern.source}` };
  const inner = focus === undefined ? null : focus.exec(match[0]);
  const index = match.index + (inner?.index ?? 0);
  const quoted = (inner?.[0] ?? match[0]).replace(/\s+/g, " ").trim().slice(0, 160);
  return { found: true, evidence: `${file}:${lineOf(text, index)}: ${quoted}` };
}

function returnTypes(text: string, method: string): string[] {
  const pattern = new RegExp(`\\b${method}(?:<[^>]*>)?\\((?:[^()]|\\([^()]*\\))*?\\)\\s*:\\s*([^;\\n]+);`, "g");
  return [...text.matchAll(pattern)].map((match) => (match[1] ?? "").trim());
}

/** The body of `export interface ExtensionAPI { … }`, where the methods an extension can call are declared. */
function extensionApiBlock(text: string | null): string {
  const match = text === null ? null : /export interface ExtensionAPI \{[\s\S]*?\n\}/.exec(text);
  return match === null ? "" : match[0];
}

export function readApiSurface(packageDir: string | null): ApiSurface {
  const typesFile = packageDir === null ? null : join(packageDir, "dist", "core", "extensions", "types.d.ts");
  const text = typesFile === null ? null : read(typesFile);
  const api = extensionApiBlock(text);
  const file = typesFile ?? "(host package not found)";
  const ai = packageDir === null ? null : piAiTypes(packageDir);
  const resultBlock = text === null ? null : /interface BeforeAgentStartEventResult \{([\s\S]*?)\n\}/.exec(text);
  const fields =
    resultBlock === null ? [] : [...(resultBlock[1] ?? "").matchAll(/^\s{4}(\w+)\??:/gm)].map((m) => m[1] ?? "");
  const sendReturns = returnTypes(api, "sendUserMessage");
  const appendReturns = returnTypes(api, "appendEntry");
  const providerResult = text === null ? null : /type BeforeProviderRequestEventResult = ([^;]+);/.exec(text);
  return {
    typesFile: text === null ? null : typesFile,
    sendUserMessageReturn: sendReturns.length === 0 ? null : [...new Set(sendReturns)].join(" | "),
    appendEntryReturn: appendReturns.length === 0 ? null : [...new Set(appendReturns)].join(" | "),
    setModelSessionWide: fact(text, /\/\*\*[^/]*\*\/\s*setModel\(model[^;]*;/, file),
    beforeAgentStartResultFields: fields,
    beforeProviderRequestResult: providerResult === null ? null : (providerResult[1] ?? "").trim(),
    phaseFieldsDeclared: fact(text, /\b(runId|phaseId|finality)\??:/, file),
    contextAbort: fact(text, /\babort\(\): void;/, file),
    toolResultUsageOptional: fact(
      text,
      /interface ToolResultEvent(?:Base)? \{[^}]*usage\?:\s*Usage/,
      file,
      /usage\?:\s*Usage/,
    ),
    responseModelOptional:
      ai === null
        ? { found: false, evidence: "pi-ai declarations not found" }
        : fact(ai.text, /responseModel\?: string;/, ai.file),
    cacheHook: fact(text, /cache_warming_decision|cacheRetention/, file),
  };
}
