// The fold package's fake model: the shared scripted server (@powercontext/pi-testing) playing a deterministic
// script, read from the last user message that is not a fold brief or notice:
//   STAGE <n> READS <k>            → k sequential `read` calls of stage-<n>-<i>.txt, then "stage <n> done"
//   CALL_TOOL:<name> <json-args>   → one tool call, then "tool said <result>" after it runs
//   RECOVER <json array of strings> → one fold_context find per string, in parallel; then, in parallel, the peek each
//                                    find's first match offers; then "recovered {string: word after it in the peek}"
//   anything else                  → "ok"
// A request without tools (Pi's compaction summarizer) gets a short summary. When `overflowAbove` is set, a request
// estimated above it is refused with an OpenAI-style context-length error; a request for a model in `failModels` gets
// an HTTP 500. Every answer reports its prompt tokens as this fake counts them.
import { startChatServer, type WireRequest, wireText } from "@powercontext/pi-testing";

export { systemPromptOf, type WireMessage, type WireRequest, wireText } from "@powercontext/pi-testing";

export interface FakeModel {
  baseUrl: string;
  requests: WireRequest[];
  /** Requests refused as too large or failed as an outage. */
  refused: WireRequest[];
  overflowAbove: number | null;
  /** Model ids answered with an HTTP 500 (a provider outage). */
  failModels: Set<string>;
  close(): Promise<void>;
}

/** Tokens of a request as this fake and the benchmark count them: ceil(chars of the messages JSON / 4). */
export function requestTokens(request: WireRequest): number {
  return Math.ceil(JSON.stringify(request.messages).length / 4);
}

const TOOL_CALL = /CALL_TOOL:(\w+)(?:\s+(\{[\s\S]*\}))?/;
const STAGE = /STAGE (\d+) READS (\d+)/;
const RECOVER = /RECOVER (\[[\s\S]*\])/;

type Answer = { text: string } | { calls: { name: string; arguments: string }[] };

const foldCall = (args: unknown) => ({ name: "fold_context", arguments: JSON.stringify(args) });

function toolJson(message: WireRequest["messages"][number]): Record<string, unknown> {
  try {
    return JSON.parse(wireText(message.content)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The RECOVER script: what an agent that knows what it is looking for, but not where, does with find and peek. */
function recoverStep(queries: string[], results: Record<string, unknown>[]): Answer {
  if (results.length === 0) return { calls: queries.map((query) => foldCall({ action: "find", query })) };
  if (results.length === queries.length) {
    const peeks = results.flatMap((found) => (found.matches as { peek: unknown }[] | undefined)?.[0]?.peek ?? []);
    if (peeks.length > 0) return { calls: peeks.map(foldCall) };
  }
  const sources = results.map((result) => (typeof result.source === "string" ? result.source : "")).join("\n");
  const found: Record<string, string> = {};
  for (const query of queries) {
    const word = new RegExp(`${query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*([\\w-]+)`).exec(sources)?.[1];
    if (word !== undefined) found[query] = word;
  }
  return { text: `recovered ${JSON.stringify(found)}` };
}

/** A brief or one of the extension's notices: user-role messages that are not the person's. */
function isFoldMessage(message: WireRequest["messages"][number]): boolean {
  const text = wireText(message.content);
  return message.role === "user" && (text.startsWith("[folded ") || text.startsWith("[powercontext-fold:"));
}

const isScriptMessage = (message: WireRequest["messages"][number]): boolean =>
  message.role === "user" && !isFoldMessage(message);

export async function startFakeModel(): Promise<FakeModel> {
  const settings = { overflowAbove: null as number | null, failModels: new Set<string>() };
  const server = await startChatServer((request) => {
    if (settings.failModels.has(request.model))
      return { status: 500, error: { message: "fake outage", type: "server_error" } };
    const tokens = requestTokens(request);
    if (settings.overflowAbove !== null && tokens > settings.overflowAbove)
      return {
        status: 400,
        error: {
          message: `This model's maximum context length is ${settings.overflowAbove} tokens. However, your messages resulted in ${tokens} tokens.`,
          type: "invalid_request_error",
          code: "context_length_exceeded",
        },
      };
    const usage = { prompt_tokens: tokens };
    if (request.tools === undefined || request.tools.length === 0)
      return { text: "SUMMARY: earlier stages read their files and reported.", usage };
    const lastUser = request.messages.findLastIndex(isScriptMessage);
    const userText = wireText(request.messages[lastUser]?.content);
    const after = lastUser < 0 ? [] : request.messages.slice(lastUser + 1).filter((message) => !isFoldMessage(message));
    const recover = RECOVER.exec(userText);
    if (recover !== null)
      return {
        ...recoverStep(
          JSON.parse(recover[1] as string) as string[],
          after.filter((message) => message.role === "tool").map(toolJson),
        ),
        usage,
      };
    const stage = STAGE.exec(userText);
    const wanted = TOOL_CALL.exec(userText);
    if (stage !== null) {
      const done = after.filter((message) => message.role === "tool").length;
      if (done >= Number(stage[2])) return { text: `stage ${stage[1]} done`, usage };
      return {
        calls: [{ name: "read", arguments: JSON.stringify({ path: `stage-${stage[1]}-${done + 1}.txt` }) }],
        usage,
      };
    }
    if (wanted !== null && after.length === 0)
      return { calls: [{ name: wanted[1] as string, arguments: wanted[2] ?? "{}" }], usage };
    const last = request.messages.findLast((message) => !isFoldMessage(message));
    return { text: last?.role === "tool" ? `tool said ${wireText(last.content)}` : "ok", usage };
  });
  return {
    baseUrl: server.baseUrl,
    requests: server.requests,
    refused: server.refused,
    get overflowAbove() {
      return settings.overflowAbove;
    },
    set overflowAbove(limit) {
      settings.overflowAbove = limit;
    },
    failModels: settings.failModels,
    close: () => server.close(),
  };
}
/** First wire-level tool-linkage violation of a request (a tool message not answering the open batch, or a missing answer). */
export function wireLinkageViolation(request: WireRequest): string | null {
  let pending = new Set<string>();
  let open = new Set<string>();
  for (const [index, message] of request.messages.entries()) {
    if (message.role === "tool") {
      if (message.tool_call_id === undefined || !open.has(message.tool_call_id))
        return `message ${index}: tool result ${String(message.tool_call_id)} without its call`;
      pending.delete(message.tool_call_id);
      continue;
    }
    if (pending.size > 0) return `message ${index}: call ${[...pending].join(",")} unanswered`;
    open = new Set((message.tool_calls ?? []).map((call) => call.id));
    pending = new Set(open);
  }
  return null;
}

/** The JSON of the last tool result the model received (later appended notices do not hide it). */
export function lastToolJson(model: FakeModel): Record<string, unknown> {
  const last = model.requests.at(-1)?.messages.findLast((message) => message.role === "tool");
  return JSON.parse(wireText(last?.content)) as Record<string, unknown>;
}

/** The project files `STAGE <n> READS <k>` reads, for stages 1..`stages` and parts 1..`parts` (~3.3 KB each). */
export function stageFiles(stages: number, parts = 3): Record<string, string> {
  const files: Record<string, string> = {};
  for (let stage = 1; stage <= stages; stage += 1)
    for (let part = 1; part <= parts; part += 1)
      files[`stage-${stage}-${part}.txt`] =
        `FILE stage ${stage} part ${part}\n${`line of stage ${stage} part ${part} content\n`.repeat(80)}`;
  return files;
}

/** A prompt that makes the model call the fold tool with `args`. */
export const callTool = (args: Record<string, unknown>): string => `CALL_TOOL:fold_context ${JSON.stringify(args)}`;

/** The fold ids whose briefs a request carries, in window order. */
export function briefsOf(request: WireRequest): string[] {
  return request.messages
    .map((message) => /^\[folded (F\d+):/.exec(wireText(message.content))?.[1])
    .filter((id): id is string => id !== undefined);
}
