// What kind of value a question asks for. "What was the ticket number for the billing bug?" wants a ticket id, "Who
// was reviewing it?" a person's name, "When is it due?" a date: the turn that answers holds a value of that shape
// while the other turns about the same topic do not. Recall (domain/memory/recall-ranking.ts) adds a small bonus to
// candidates that hold a value of a wanted shape. Only questions ask for a shape: a task prompt ("fix the failing
// test in billing") wants the memories about its work, not every entry that names a file.
import { analyze } from "./analyze.ts";

/** One kind of answer: the words that ask for it and the shape of the value that answers. */
interface AnswerShape {
  name: string;
  asks: RegExp;
  value: RegExp;
}

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const WEEKDAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday";
/**
 * A capitalized word that does not open a sentence, a line or a speaker's label ("Lena: …"): a name ("I asked Kofi",
 * "What breed is Lena's dog?"), not the first word of a turn.
 */
const NAME_IN_SENTENCE = "(?<![.!?:]\\s|^|\\n)\\b[A-Z][a-zà-ÿ]+\\b";

/** Words that open a sentence as its subject without being anyone's name. */
const SENTENCE_SUBJECTS =
  "It|This|That|There|These|Those|He|She|They|We|You|What|Which|Who|Everything|Nothing|Something|Everyone|Nobody|Here|Now|Then";
/** What a person opening a sentence does, next: "Marcus will go through it", "Elena is reviewing this one". */
const PEOPLE_VERBS = "is|was|will|has|had|keeps|asked|said|says|wants|owns|reviewed|approved";

/** Every shape a question can ask for; the one table of them. */
export const ANSWER_SHAPES: readonly AnswerShape[] = [
  {
    name: "date",
    asks: /\b(when|deadline|due|date|day)\b/i,
    value: new RegExp(
      `\\b(${MONTHS}|${WEEKDAYS}|Q[1-4]|tomorrow|tonight|next (week|month)|end of|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(st|nd|rd|th)|v?\\d{1,4}(\\.\\d{1,4}){1,3} release)\\b`,
    ),
  },
  { name: "flag", asks: /\b(flag|toggle)\b/i, value: /\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b/ },
  {
    name: "environment variable",
    asks: /\b(env|environment variable|variable|setting)\b/i,
    value: /\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b/,
  },
  { name: "ticket", asks: /\b(ticket|issue|jira)\b/i, value: /\b[A-Z][A-Z0-9]+-\d+\b/ },
  {
    name: "file",
    asks: /\b(test|spec|file)\b/i,
    // A name's last dot and extension is enough to tell a file; no nested repetition, so no backtracking on long text.
    value: /[\w-]\.(ts|tsx|js|jsx|mjs|py|rb|go|rs|java|kt|swift|c|cpp|h|json|ya?ml|toml|md|sql|sh)\b/,
  },
  {
    name: "error",
    asks: /\b(error|errors|error code|exception|crash(ed|es)?|dies with|died with)\b/i,
    // Node's system errors (EADDRINUSE), error constants (ERR_REQUIRE_ESM), SQL states, exit codes, exception classes.
    value: /\b(E[A-Z]{4,}|ERR_[A-Z0-9_]+|SQLSTATE [0-9A-Z]{5}|exit code \d+|[A-Z]\w*(Error|Exception))\b/,
  },
  {
    name: "host",
    asks: /\b(host|hostname|server|machine|box|node)\b/i,
    // Bounded like DNS labels, and tried only where a name starts, so a long run of dots or dashes reads in linear time.
    value:
      /(?<![\w.-])[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63}){0,8}\.(internal|local|lan|corp|com|net|io|dev|org|cloud)\b/,
  },
  {
    name: "branch",
    asks: /\bbranch(es)?\b/i,
    // A git branch under one of the usual prefixes: fix/…, feature/…, chore/….
    value: /\b(fix|bugfix|hotfix|feat|feature|chore|spike|release|wip|refactor|docs|test|exp)\/[\w./-]+/,
  },
  {
    name: "time",
    asks: /\b(flight|train|what time|goal time|finish time)\b/i,
    value: /\b\d{1,2}:\d{2}\b/,
  },
  {
    name: "staging",
    asks: /\b(staging|database|db|instance)\b/i,
    // A staging or test environment's name: "profiles-stg-1", "billing-staging".
    value: /(?<![\w-])[a-z][a-z0-9-]{0,62}-(stg|staging|stage|qa|uat|preprod|sandbox)(-\d+)?\b/,
  },
  {
    name: "meeting",
    asks: /\b(meeting|demo|demoing|present|presenting|presentation|standup|sync)\b/i,
    // Team meetings recur on a weekday: "the Wednesday design review", "Thursday's architecture sync".
    value: new RegExp(`\\b(${WEEKDAYS})('s)?\\b`),
  },
  {
    name: "dashboard",
    asks: /\b(dashboard|dashboards|graphs?|charts?|panels?)\b/i,
    value: /\b(Grafana|Datadog|Kibana|Honeycomb|New Relic|Sentry|CloudWatch|Looker|Metabase)\b/,
  },
  { name: "channel", asks: /\b(channel|slack)\b/i, value: /(^|\s)#[a-z0-9][a-z0-9-]+/ },
  { name: "version", asks: /\b(version|release)\b/i, value: /\b\d+\.\d+(\.\d+)?\b/ },
  {
    name: "number",
    asks: /\b(how (many|much|big|long|large|often)|size|count|number|limit)\b/i,
    value: /\b\d[\d,.]*\b/,
  },
  {
    name: "person",
    asks: /\b(who|whom|whose|reviewer|reviewing|owner|owns|customer|client)\b/i,
    // A capitalized word that does not open a sentence: a name, not the first word of a turn. Or one that opens a
    // sentence as the subject of what people do ("Marcus will go through it", "Elena is reviewing this one"), unless
    // it is a pronoun or another word that opens sentences so ("It is", "There was").
    value: new RegExp(
      `${NAME_IN_SENTENCE}|(?<=^|[.!?]\\s{1,4})(?!(${SENTENCE_SUBJECTS})\\b)[A-Z][a-zà-ÿ]+(?= (${PEOPLE_VERBS})\\b)`,
    ),
  },
];

/** A question: ends with a question mark or opens with a question word. */
const QUESTION = /\?\s*$|^\s*(what|which|who|whom|whose|when|where|how|did|do|does|was|were|is|are)\b/i;

/** What a question asks for: the value shapes it wants, and the words it says itself. */
export interface WantedShapes {
  /** The wanted shapes' values, each with the global flag so that every value in a text can be read. */
  values: readonly RegExp[];
  /** The question's own words, lower-cased: a value the question names itself is not its answer. */
  said: ReadonlySet<string>;
}

/** Asks for nothing: what a prompt that is not a question, or a ranking without shapes, wants. */
export const NO_SHAPES: WantedShapes = { values: [], said: new Set() };

/** Whether `prompt` asks something (ends with a question mark or opens with a question word), not tells a task. */
export function isQuestion(prompt: string): boolean {
  return QUESTION.test(prompt);
}

/** The value shapes `prompt` asks for; none when it is not a question. */
export function wantedShapes(prompt: string): WantedShapes {
  if (!isQuestion(prompt)) return NO_SHAPES;
  const values = ANSWER_SHAPES.filter((shape) => shape.asks.test(prompt)).map(
    (shape) => new RegExp(shape.value.source, `${shape.value.flags}g`),
  );
  if (values.length === 0) return NO_SHAPES;
  return { values, said: new Set(prompt.toLowerCase().split(/[^\p{L}\p{N}_#-]+/u)) };
}

/**
 * Whether `text` holds a value of one of the wanted shapes that the question does not name itself: "Who was reviewing
 * the Kubernetes move?" is not answered by a turn whose only capitalized word is "Kubernetes".
 */
export function holdsWantedShape(text: string, wanted: WantedShapes): boolean {
  for (const value of wanted.values)
    for (const match of text.matchAll(value)) if (!wanted.said.has(match[0].trim().toLowerCase())) return true;
  return false;
}

/** How many of the best candidates a shape can reorder: the answer is near the top already, if not first. */
export const SHAPE_POOL = 40;

/**
 * `ranked` with `weight` added to the score (at most 1) of each item whose text holds a wanted shape, best first;
 * unchanged when nothing is wanted.
 */
export function preferWantedShapes<T extends { score: number; hit: { entry: { text: string } } }>(
  ranked: readonly T[],
  shapes: WantedShapes,
  weight: number,
): T[] {
  if (shapes.values.length === 0 || weight <= 0) return [...ranked];
  return ranked
    .map((item) =>
      holdsWantedShape(item.hit.entry.text, shapes) ? { ...item, score: Math.min(1, item.score + weight) } : item,
    )
    .sort((a, b) => b.score - a.score);
}

/** The analyzer terms of the names `text` says inside its sentences (see NAME_IN_SENTENCE): "Lena" of "What breed is Lena's dog?". */
export function namedTerms(text: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(NAME_IN_SENTENCE, "g"))].flatMap((match) => analyze(match[0])));
}
