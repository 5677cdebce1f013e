// Builds what the hooks, the tool and /fold share for one loaded extension: the validated options, the diagnostics,
// and the session's FoldSession (rebuilt from the branch on session events, never held beyond the session).
import { createDiagnostics, type Logger, logFileOf, type NoticeLevel, notifyOrStderr } from "@powercontext/pi-kit";
import type { FoldApi, FoldContext } from "./host.ts";
import type { EntryLike } from "./items.ts";
import { type CompleteModel, modelSummarizer } from "./model-summarizer.ts";
import { validateOptions } from "./config.ts";
import { FoldSession, STATE_ENTRY_TYPE } from "./session.ts";
import { openStoreFor } from "./session-files.ts";
import type { Summarize } from "./summarizer.ts";
import type { FoldOptions, Message } from "./types.ts";
import type { ModelDescriptor } from "./budget.ts";

export interface FoldRuntime {
  options: FoldOptions;
  log: Logger;
  api: FoldApi;
  /** Bytes of evidence written by this process (capped). */
  evidence: { usedBytes: number };
  /** False while the context hook is failing: folding is then not happening, so Pi's own compaction must run. */
  folding: boolean;
  /**
   * The conversation the `context` hook returned for the request being built, with the context entries it was built
   * from (so `context_with_system` does not build them again); null when it changed nothing.
   */
  projected: { messages: readonly Message[]; entries: readonly EntryLike[] } | null;
  /** The session of `ctx`, created and loaded from its branch on first use. */
  sessionFor(ctx: FoldContext): FoldSession;
  /** Forgets the session (session_start): the next `sessionFor` rebuilds it. */
  reset(): void;
  notify(ctx: FoldContext, text: string, level: NoticeLevel): void;
}

export interface ActivateOptions {
  /** Registration options, validated together; a bad policy throws before anything registers. */
  input: unknown;
  /** The host's model call (pi-ai's completeSimple), used only when a summarizer is configured. */
  complete: CompleteModel<ModelDescriptor>;
  /** Pi's agent directory, where the log file lives. */
  agentDir: string;
}

export function activateFold(api: FoldApi, { input, complete, agentDir }: ActivateOptions): FoldRuntime {
  const options = validateOptions(input);
  // In Pi's TUI the lines go to a log file (stderr would draw over the screen); every hook, tool and command passes
  // through sessionFor, which tells the diagnostics the mode.
  const diagnostics = createDiagnostics({
    component: "powercontext-fold",
    logFile: logFileOf(agentDir, "powercontext-fold"),
  });
  const { log } = diagnostics;
  let session: FoldSession | null = null;
  // The context of the latest hook, tool call or command: the summarizer resolves its model through it.
  let current: FoldContext | null = null;
  const summarize = createSummarizer(options, complete, () => current);
  const runtime: FoldRuntime = {
    options,
    log,
    api,
    evidence: { usedBytes: 0 },
    folding: true,
    projected: null,
    sessionFor(ctx) {
      current = ctx;
      diagnostics.attach(ctx);
      if (session === null) {
        session = new FoldSession(
          options,
          {
            persist: (state) => api.appendEntry(STATE_ENTRY_TYPE, state),
            summarizer: () => summarize,
            onSummary: (outcome) => {
              if (outcome.status === "fallback") log("summarizer.fallback", { ...outcome });
            },
          },
          openStoreFor(sessionLocation(ctx)),
        );
        session.load(ctx.sessionManager.getBranch() as Parameters<FoldSession["load"]>[0]);
      }
      return session;
    },
    reset() {
      session = null;
    },
    notify(ctx, text, level) {
      notifyOrStderr(ctx, text, level, (line) => log("notice", { text: line }));
    },
  };
  return runtime;
}

export function sessionLocation(ctx: FoldContext): { sessionFile: string | undefined; sessionId: string } {
  return { sessionFile: ctx.sessionManager.getSessionFile(), sessionId: ctx.sessionManager.getSessionId() };
}

function createSummarizer(
  options: FoldOptions,
  complete: CompleteModel<ModelDescriptor>,
  current: () => FoldContext | null,
): Summarize | null {
  if (options.summarizer === "none") return null;
  return modelSummarizer<ModelDescriptor>(
    {
      complete,
      sessionModel: () => current()?.model,
      find: (provider, model) => current()?.modelRegistry.find(provider, model),
      auth: async (model) => {
        const ctx = current();
        if (ctx === null) return { ok: false, error: "no extension context yet" };
        const auth = await ctx.modelRegistry.getApiKeyAndHeaders(model);
        return auth.ok
          ? { ok: true, apiKey: auth.apiKey, headers: auth.headers as Record<string, string> | undefined }
          : { ok: false, error: auth.error };
      },
      now: Date.now,
    },
    options.summarizer,
  );
}
