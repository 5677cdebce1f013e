// The realistic conversation set, shaped like LongMemEval: a long history of chat sessions, mostly about coding tasks
// and some about the user's life, every user and assistant turn its own Source. A detail comes up in passing in one
// user turn and is asked about after all sessions, usually with a word or two of that turn (the task's name, the
// thing asked for), sometimes in other words. Sessions on the same task, component or plan mention the same kinds
// of detail with other values, so retrieval has to find the right session and, inside it, the right turn.
import { pick, random, shuffled } from "../dataset.ts";
import { PERSONAL_TOPICS } from "./personal-topics.ts";
import { assistantTurn, mentionTurn, openingTurn, userTurn } from "./session-turns.ts";
import type { ChatSource, ConversationQuestion, ConversationSet, PassingDetail, SessionTopic } from "./types.ts";
import { WORK_TOPICS } from "./work-topics.ts";

/** Every fifth session mentions details but is asked nothing: it is there to look like the sessions that are. */
const DISTRACTOR_EVERY = 5;
const PERSONAL_SHARE = 0.2;
/** How often a session takes up a topic an earlier session was about, rather than a new one. */
const REVISIT_SHARE = 0.15;
const LONG_SESSION_SHARE = 0.15;
/** How often a question names the topic in other words than the sessions did. */
const PARAPHRASE_SHARE = 0.1;
/** How often the assistant repeats the value in its reply, making a second evidence turn. */
const ECHO_SHARE = 0.1;
/** How often two details of one session are asked about in one question, which needs both their turns. */
const PAIR_SHARE = 0.15;

/** How often a mention uses its first, second and third wording (the noun, the topic, neither). */
const MENTION_WEIGHTS = [0.3, 0.5, 0.2] as const;

interface Mention {
  detail: PassingDetail;
  value: string;
  evidence: string[];
}

/** About `questions` questions, deterministic for `seed`. */
export function buildRealisticConversations({ seed, questions }: { seed: number; questions: number }): ConversationSet {
  const next = random(seed * 104729 + 11);
  const fresh = { work: shuffled(next, WORK_TOPICS), personal: shuffled(next, PERSONAL_TOPICS) };
  const seen: Record<SessionTopic["kind"], SessionTopic[]> = { work: [], personal: [] };
  // A (topic, detail) pair comes up once in the whole history, asked or not, so every question has one right answer.
  const mentioned = new Map<string, Set<string>>();
  const freeDetails = (topic: SessionTopic) =>
    topic.details.filter((detail) => !mentioned.get(topic.id)?.has(detail.name));
  const hasFreeDetail = (topic: SessionTopic) => freeDetails(topic).length > 0;
  const hasTopicLeft = (unused: readonly SessionTopic[], open: readonly SessionTopic[]) =>
    unused.length > 0 || open.length > 0;
  const sources: ChatSource[] = [];
  const asked: ConversationQuestion[] = [];
  let session = 0;
  while (asked.length < questions) {
    const wantsPersonal = next() < PERSONAL_SHARE;
    // Personal plans run out first; the history then goes on with work alone.
    const kind =
      wantsPersonal && hasTopicLeft(fresh.personal, seen.personal.filter(hasFreeDetail)) ? "personal" : "work";
    const revisitable = seen[kind].filter(hasFreeDetail);
    const revisit = revisitable.length > 0 && (next() < REVISIT_SHARE || fresh[kind].length === 0);
    const topic = revisit ? pick(next, revisitable) : fresh[kind].shift();
    if (topic === undefined) break;
    if (!revisit) seen[kind].push(topic);
    const details = shuffled(next, freeDetails(topic)).slice(0, 1 + Math.floor(next() * 3));
    const used = mentioned.get(topic.id) ?? new Set<string>();
    mentioned.set(topic.id, used);
    for (const detail of details) used.add(detail.name);
    const built = buildSession(next, session, topic, revisit, details);
    sources.push(...built.sources);
    if (session % DISTRACTOR_EVERY !== DISTRACTOR_EVERY - 1)
      for (const question of askAbout(next, built.sessionId, topic, built.mentions, built.sources))
        if (asked.length < questions) asked.push(question);
    session += 1;
  }
  return { name: "realistic", sources, questions: asked, sessions: session };
}

function buildSession(
  next: () => number,
  session: number,
  topic: SessionTopic,
  revisit: boolean,
  details: readonly PassingDetail[],
): { sessionId: string; sources: ChatSource[]; mentions: Mention[] } {
  const sessionId = `real-s${String(session).padStart(4, "0")}`;
  const long = next() < LONG_SESSION_SHARE;
  const userTurns = Math.max(details.length + 2, long ? 12 + Math.floor(next() * 9) : 3 + Math.floor(next() * 6));
  // Details come up anywhere after the opening turn, one per user turn.
  const slots = shuffled(
    next,
    Array.from({ length: userTurns - 1 }, (_, i) => i + 1),
  ).slice(0, details.length);
  const sources: ChatSource[] = [];
  const say = (role: "user" | "assistant", content: string): string => {
    const source_id = `${sessionId}-t${String(sources.length).padStart(2, "0")}-${role}`;
    sources.push({ source_id, content, session_id: sessionId });
    return source_id;
  };
  const mentions: Mention[] = [];
  for (let turn = 0; turn < userTurns; turn += 1) {
    const detail = details[slots.indexOf(turn)];
    if (turn === 0) say("user", openingTurn(next, topic, revisit));
    else if (detail === undefined) say("user", userTurn(next, topic));
    else {
      const value = detail.value(next, topic);
      const evidence = [say("user", mentionTurn(next, topic, mentionShape(next, detail)(value, topic.name)))];
      mentions.push({ detail, value, evidence });
      if (next() < ECHO_SHARE) {
        evidence.push(say("assistant", `Noted, ${value}. ${assistantTurn(next, topic)}`));
        continue;
      }
    }
    say("assistant", assistantTurn(next, topic));
  }
  return { sessionId, sources, mentions };
}

/** Mostly a wording with the question's words (the detail's noun, the topic), less often one without. */
function mentionShape(next: () => number, detail: PassingDetail): PassingDetail["mentions"][number] {
  const roll = next();
  const index = roll < MENTION_WEIGHTS[0] ? 0 : roll < MENTION_WEIGHTS[0] + MENTION_WEIGHTS[1] ? 1 : 2;
  return detail.mentions[Math.min(index, detail.mentions.length - 1)] as PassingDetail["mentions"][number];
}

/** One question per mention, or sometimes one question about two mentions of the session. */
function askAbout(
  next: () => number,
  sessionId: string,
  topic: SessionTopic,
  mentions: readonly Mention[],
  sources: readonly ChatSource[],
): ConversationQuestion[] {
  const sessionIds = sources.map((source) => source.source_id);
  const named = () => (next() < PARAPHRASE_SHARE ? pick(next, topic.paraphrases) : topic.name);
  const question = (index: number, detail: string, query: string, evidence: string[]): ConversationQuestion => ({
    id: `${sessionId}-q${index}`,
    detail,
    kind: topic.kind,
    query,
    evidence_source_ids: evidence,
    session_source_ids: sessionIds,
  });
  const [first, second, ...rest] = mentions;
  if (first !== undefined && second !== undefined && next() < PAIR_SHARE) {
    const query = `What were ${first.detail.noun} and ${second.detail.noun} for ${named()}?`;
    const pair = question(0, `${first.detail.name}+${second.detail.name}`, query, [
      ...first.evidence,
      ...second.evidence,
    ]);
    return [
      pair,
      ...rest.map((m, i) => question(i + 1, m.detail.name, pick(next, m.detail.asks)(named()), m.evidence)),
    ];
  }
  return mentions.map((m, i) => question(i, m.detail.name, pick(next, m.detail.asks)(named()), m.evidence));
}
