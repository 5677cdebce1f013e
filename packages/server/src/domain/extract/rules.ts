// The `rules` extractor: deterministic, no model. Finds durable statements of coding conversations (decisions,
// constraints, conventions, preferences, commands, project facts) and ignores chatter.
//
// Confidence scale: >= 0.85 explicit signal ("we decided", "never", "always", "must", a labelled statement);
// 0.7-0.84 clear but less explicit; 0.5-0.69 weak or hedged (a hedge caps it at 0.65). The Server's default
// auto-approval threshold is 0.7, so only the first two bands are approved without a person.
// Rules read English only: CJK and other non-English statements pass through without error and yield nothing.
// Statement splitting lives in statements.ts, kind detection in rule-signals.ts.
import type { SourceReference } from "@powercontext/protocol";
import type { StoredSource } from "../../store/types.ts";
import { commandSpans, detectKind } from "./rule-signals.ts";
import { splitStatements } from "./statements.ts";
import type { ExtractedCandidate, Extractor, RuleKind } from "./types.ts";

export type { RuleKind } from "./types.ts";

export interface RuleMatch {
  kind: RuleKind;
  /** The statement as written, without a leading label such as "Note:". */
  text: string;
  confidence: number;
}

const MIN_CHARS = 12;
const MAX_CHARS = 1000;

/** Candidates from every Source, in position then appearance order; identical (kind, text) pairs are merged. */
export function extractRules(sources: readonly StoredSource[]): ExtractedCandidate[] {
  const ordered = [...sources].sort((a, b) => a.position - b.position);
  const merged = new Map<string, ExtractedCandidate>();
  for (const source of ordered) {
    const ref: SourceReference = { name: "content", source_id: source.source_id };
    for (const statement of splitStatements(source.content)) {
      const match = classifyStatement(statement.text, statement.heading);
      if (match === null) continue;
      const key = `${match.kind}\u0000${match.text}`;
      const existing = merged.get(key);
      if (existing === undefined) {
        merged.set(key, { kind: match.kind, text: match.text, confidence: match.confidence, source_refs: [ref] });
        continue;
      }
      existing.confidence = Math.max(existing.confidence, match.confidence);
      if (!existing.source_refs.some((known) => known.source_id === ref.source_id)) existing.source_refs.push(ref);
    }
  }
  return [...merged.values()];
}

export const RULES_EXTRACTOR: Extractor = { name: "rules", extract: extractRules };

// ---------- Classification of one statement ----------

// A label may follow a discourse word: "OK, Rule: …", "So, note: …".
const LABEL =
  /^(?:(?:ok|okay|so|alright|also|btw)[,.!]?\s+)?(?:\*\*|__)?(note|nb|important|fyi|reminder|remember|heads up|heads-up|tip|pro tip|update|tl;dr|tldr|warning|caution|psa|context|user|assistant|human|ai|agent|system|decision|decided|constraint|rule|requirement|convention|style|preference|command|fact)(?:\*\*|__)?\s?:(?:\*\*|__)?\s*/i;
const LABEL_KINDS: ReadonlyMap<string, RuleKind> = new Map([
  ["decision", "decision"],
  ["decided", "decision"],
  ["constraint", "constraint"],
  ["rule", "constraint"],
  ["requirement", "constraint"],
  ["convention", "convention"],
  ["style", "convention"],
  ["preference", "preference"],
  ["command", "command"],
  ["fact", "fact"],
]);
const HEADING_KINDS: ReadonlyMap<string, RuleKind> = new Map([
  ["decisions", "decision"],
  ["decision log", "decision"],
  ["architecture decisions", "decision"],
  ["constraints", "constraint"],
  ["rules", "constraint"],
  ["requirements", "constraint"],
  ["guardrails", "constraint"],
  ["conventions", "convention"],
  ["coding conventions", "convention"],
  ["code conventions", "convention"],
  ["code style", "convention"],
  ["style guide", "convention"],
  ["naming conventions", "convention"],
  ["preferences", "preference"],
  ["commands", "command"],
  ["useful commands", "command"],
  ["scripts", "command"],
  ["facts", "fact"],
  ["project facts", "fact"],
  ["key facts", "fact"],
]);

/**
 * "Code style for the ledger service: no default exports." names its kind and its subject before the colon; unlike a
 * bare label it stays in the text, because the subject is what a later question asks by.
 */
const TOPIC_LABEL =
  /^(code style|style|conventions?|naming|rules?|policy|decisions?|constraints?) (for|in|of) [^:]{1,60}:\s*\S/i;
const TOPIC_KINDS: ReadonlyMap<string, RuleKind> = new Map([
  ["code style", "convention"],
  ["style", "convention"],
  ["convention", "convention"],
  ["conventions", "convention"],
  ["naming", "convention"],
  ["rule", "constraint"],
  ["rules", "constraint"],
  ["policy", "constraint"],
  ["constraint", "constraint"],
  ["constraints", "constraint"],
  ["decision", "decision"],
  ["decisions", "decision"],
]);

function topicLabelKind(text: string): RuleKind | undefined {
  const label = TOPIC_LABEL.exec(text);
  return label === null ? undefined : TOPIC_KINDS.get((label[1] ?? "").toLowerCase());
}

/**
 * Classifies one statement (a sentence or list item). Returns null for chatter, questions, code, junk and
 * statements shorter than 12 or longer than 1,000 characters. Never throws.
 */
export function classifyStatement(statement: string, heading: string | null = null): RuleMatch | null {
  if (statement.length > MAX_CHARS * 2) return null;
  let text = statement;
  let labelKind: RuleKind | undefined;
  for (let round = 0; round < 2; round += 1) {
    const label = LABEL.exec(text);
    if (label === null) break;
    labelKind ??= LABEL_KINDS.get((label[1] ?? "").toLowerCase());
    text = text.slice(label[0].length).trim();
  }
  labelKind ??= topicLabelKind(text);
  const chars = [...text].length;
  if (chars < MIN_CHARS || chars > MAX_CHARS || isJunk(text) || isLeadIn(text)) return null;
  const raw = text.toLowerCase().replace(/[’‘]/g, "'");
  if (isQuestion(raw) || isChatter(raw)) return null;
  const view = stripInterjections(raw);
  const found = detectKind(view, text);
  const headingKind = heading === null ? undefined : HEADING_KINDS.get(normalizeHeading(heading));
  let kind: RuleKind;
  let confidence: number;
  if (labelKind !== undefined) {
    kind = labelKind;
    confidence = found?.kind === labelKind ? Math.max(found.confidence, 0.9) : 0.85;
  } else if (found !== null) {
    kind = found.kind;
    confidence = found.confidence;
  } else if (headingKind !== undefined && (headingKind !== "command" || commandSpans(text).length > 0)) {
    kind = headingKind;
    confidence = 0.7;
  } else {
    return null;
  }
  if (HEDGE.test(view)) confidence = Math.max(0.5, Math.min(0.65, confidence - 0.2));
  return { kind, text, confidence: Math.round(confidence * 100) / 100 };
}

const CONTROL = /[\u0000-\u0008\u000e-\u001f\ufffd]/;
const LETTER = /\p{L}/gu;

/** Binary-looking text, or text that is mostly symbols (code, logs, tables). */
function isJunk(text: string): boolean {
  if (CONTROL.test(text)) return true;
  const visible = text.replace(/\s/g, "").length;
  const letters = text.match(LETTER)?.length ?? 0;
  return letters < visible * 0.5;
}

/** "We decided the following:" introduces the statements below it and says nothing itself. */
function isLeadIn(text: string): boolean {
  return text.endsWith(":");
}

const QUESTION_START =
  /^(what|why|where|who|which|whose|how (do|does|did|can|could|should|would|is|are)|is there|are there|is it|are we|do we|do you|does it|does this|did|can we|could we|should we|shall we|would it|any idea)\b/;

function isQuestion(raw: string): boolean {
  let end = raw.length;
  while (end > 0 && `"')]*_ `.includes(raw.charAt(end - 1))) end -= 1;
  return raw.charAt(end - 1) === "?" || QUESTION_START.test(raw);
}

const CHATTER = [
  /^(hi|hello|hey|hiya|howdy|thanks|thank you|thx|ty|cheers|good (morning|afternoon|evening|night)|bye|goodbye|sorry|welcome|lol|haha|oops|wow)\b/,
  /^(looks good|lgtm|sounds good|makes sense|got it|nice|great|awesome|perfect|cool|done|works|it works|that works|that worked|fixed)\b/,
  /^(looking at|looks like|it looks like|seems like|it seems|understood|noted)\b/,
  /^(can|could|would|will|won't) (you|u)\b/,
  /^(please )?(help me|let me know|tell me|show me|explain|walk me)\b/,
  /^i( want| need| would like|'d like) (you|u) to\b/,
  /^(let me|lemme|i'll|i will|i'm going to|i am going to|i'm gonna|now i'll|now let's)\b/,
  /^let's (run|check|see|try|look|start|add|fix|debug|test|verify|find|figure|update|review|open|read|take|do|make)\b/,
  /^(i|we) (just |already |also |then |first |finally )?(ran|tried|got|saw|found|fixed|added|changed|updated|removed|noticed|checked|looked|pushed|merged|deployed|installed|wrote|deleted|created|built|tested|started|finished|was|were|had|did|used|hit|broke|reverted|spent|thought|figured|forgot|missed)\b/,
  /^(it|that|this|there) (must|should|might|may|could) (be|have|work|fix|help|break|do)\b/,
  /^(it|that|this|everything|things) should\b/,
];

function isChatter(raw: string): boolean {
  return CHATTER.some((pattern) => pattern.test(raw));
}

const INTERJECTION =
  /^(yes|yeah|yep|ok|okay|sure|right|so|also|and|but|well|alright|agreed|correct|exactly|btw|by the way|oh|ah|hmm|anyway|anyways|plus|again|remember|note that|keep in mind that|keep in mind|fyi|important|actually|basically|in general|in this repo|in this project|here|going forward|from now on)[,:!.]?\s+/;

/** Drops leading discourse words ("Also, ", "OK so ") so the patterns below see the statement itself. */
function stripInterjections(raw: string): string {
  let view = raw;
  for (let round = 0; round < 4; round += 1) {
    const match = INTERJECTION.exec(view);
    if (match === null) break;
    view = view.slice(match[0].length);
  }
  return view.startsWith("please ") ? view.slice("please ".length) : view;
}

function normalizeHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z ]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const HEDGE =
  /\b(maybe|probably|perhaps|possibly|i think|i guess|i believe|i suppose|might|not sure|kind of|sort of|seems|apparently)\b/;
