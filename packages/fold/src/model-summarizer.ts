// A Summarize backed by one of the host's models: one bounded request per fold, no tools, through the model call
// the extension entry hands in (pi-ai's completeSimple). Resolution and auth failures become thrown errors, which
// the commit turns into the deterministic brief.
import type { Summarize } from "./summarizer.ts";
import type { SummarizerChoice } from "./types.ts";

/** The slice of a model call's answer this module reads (pi-ai's AssistantMessage). */
export interface ModelAnswer {
  content: readonly { type: string; text?: string }[];
  stopReason: string;
  errorMessage?: string;
}

export type CompleteModel<M> = (
  model: M,
  context: { systemPrompt?: string; messages: { role: "user"; content: string; timestamp: number }[] },
  options: {
    apiKey?: string;
    headers?: Record<string, string>;
    signal: AbortSignal;
    maxTokens: number;
    reasoning?: string;
  },
) => Promise<ModelAnswer>;

export interface ModelSummarizerDeps<M> {
  complete: CompleteModel<M>;
  /** The session's current model (for "session"). */
  sessionModel: () => M | undefined;
  /** Looks a model up in the host's registry. */
  find: (provider: string, model: string) => M | undefined;
  /** The request auth of a model; `ok: false` when the provider has none. */
  auth: (
    model: M,
  ) => Promise<{ ok: true; apiKey?: string; headers?: Record<string, string> } | { ok: false; error: string }>;
  now: () => number;
}

/** The summarizer for a choice; resolved per commit, so a model switch or a later registry entry is picked up. */
export function modelSummarizer<M>(deps: ModelSummarizerDeps<M>, choice: "session" | SummarizerChoice): Summarize {
  return async (request, signal) => {
    const model = choice === "session" ? deps.sessionModel() : deps.find(choice.provider, choice.model);
    if (model === undefined)
      throw new Error(
        choice === "session" ? "no session model" : `model ${choice.provider}/${choice.model} is not in the registry`,
      );
    const auth = await deps.auth(model);
    if (!auth.ok) throw new Error(`no auth: ${auth.error}`);
    const answer = await deps.complete(
      model,
      { messages: [{ role: "user", content: request.prompt, timestamp: deps.now() }] },
      {
        ...(auth.apiKey === undefined ? {} : { apiKey: auth.apiKey }),
        ...(auth.headers === undefined ? {} : { headers: auth.headers }),
        signal,
        maxTokens: Math.ceil(request.maxChars / 2),
        ...(choice !== "session" && choice.effort !== undefined ? { reasoning: choice.effort } : {}),
      },
    );
    if (answer.stopReason === "error" || answer.stopReason === "aborted")
      throw new Error(answer.errorMessage ?? answer.stopReason);
    if (answer.content.some((part) => part.type === "toolCall")) throw new Error("the summarizer called a tool");
    return answer.content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("");
  };
}
