// Pi extension entry: wiring only. Behaviour lives in ../src and is tested without Pi.
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { writeEvidence } from "../src/evidence.ts";
import { failOpen, stderrLogger } from "../src/fail-open.ts";
import { evidenceDirFor, openStoreFor } from "../src/host.ts";
import type { EntryLike } from "../src/items.ts";
import { type CompleteModel, modelSummarizer } from "../src/model-summarizer.ts";
import { WAYPOINT_NOTICE_TYPE, waypointMessage } from "../src/notices.ts";
import { validateOptions } from "../src/options.ts";
import { overflowNotice, OVERFLOW_NOTICE_TYPE } from "../src/overflow-notice.ts";
import { FoldSession, OVERFLOW_COMPACTION_SUMMARY, STATE_ENTRY_TYPE } from "../src/session.ts";
import type { Summarize } from "../src/summarizer.ts";
import { renderError, renderResult, TOOL_DESCRIPTION, TOOL_NAME, TOOL_PARAMETERS } from "../src/tool.ts";
import type { Message } from "../src/types.ts";

export default function fold(pi: ExtensionAPI): void {
  registerFold(pi);
}

/** Registers powercontext-fold. Options are validated together here; a bad policy throws before anything registers. */
export function registerFold(pi: ExtensionAPI, input: unknown = {}): void {
  const options = validateOptions(input);
  const log = stderrLogger;
  const evidence = { usedBytes: 0 };
  let session: FoldSession | null = null;
  // False while the context hook is failing: folding is then not happening, so Pi's own compaction must run.
  let folding = true;
  // The context of the latest hook, tool call or command: the summarizer resolves its model through it.
  let current: ExtensionContext | null = null;
  const choice = options.summarizer;
  type HostModel = NonNullable<ExtensionContext["model"]>;
  const summarize: Summarize | null =
    choice === "none"
      ? null
      : modelSummarizer<HostModel>(
          {
            // Loaded on first use: a host that does not map this specifier still loads the extension without a
            // summarizer, and with one each summary falls back to the deterministic brief.
            complete: async (model, context, options) => {
              const { completeSimple } = await import("@earendil-works/pi-ai/compat");
              return (completeSimple as unknown as CompleteModel<HostModel>)(model, context, options);
            },
            sessionModel: () => current?.model,
            find: (provider, model) => current?.modelRegistry.find(provider, model),
            auth: async (model) => {
              if (current === null) return { ok: false, error: "no extension context yet" };
              const auth = await current.modelRegistry.getApiKeyAndHeaders(model);
              return auth.ok
                ? { ok: true, apiKey: auth.apiKey, headers: auth.headers as Record<string, string> | undefined }
                : { ok: false, error: auth.error };
            },
            now: Date.now,
          },
          choice,
        );
  const sessionFor = (ctx: ExtensionContext): FoldSession => {
    current = ctx;
    if (session === null) {
      const location = {
        sessionFile: ctx.sessionManager.getSessionFile(),
        sessionId: ctx.sessionManager.getSessionId(),
      };
      session = new FoldSession(
        options,
        {
          persist: (state) => pi.appendEntry(STATE_ENTRY_TYPE, state),
          summarizer: () => summarize,
          onSummary: (outcome) => {
            if (outcome.status === "fallback") log("summarizer.fallback", { ...outcome });
          },
        },
        openStoreFor(location),
      );
      session.load(ctx.sessionManager.getBranch());
    }
    return session;
  };
  const notify = (ctx: ExtensionContext, text: string, level: "info" | "warning" | "error"): void => {
    if (ctx.hasUI) ctx.ui.notify(text, level);
    else log("notice", { text });
  };

  pi.on(
    "session_start",
    failOpen(log, "session_start", (_event, ctx) => {
      session = null;
      sessionFor(ctx);
    }),
  );
  // The fold state lives in the branch (snapshot entries): after /tree it is the state of the branch landed on.
  pi.on(
    "session_tree",
    failOpen(log, "session_tree", (_event, ctx) => {
      sessionFor(ctx).load(ctx.sessionManager.getBranch());
    }),
  );
  pi.on(
    "context",
    failOpen(log, "context", async (event, ctx) => {
      folding = false;
      const decision = await sessionFor(ctx).onContext(
        event.messages as unknown as Message[],
        ctx.sessionManager.buildContextEntries() as unknown as EntryLike[],
        ctx.model,
      );
      folding = true;
      if (decision.kind === "blocked") {
        notify(ctx, decision.verdict.message, "error");
        ctx.abort();
        return undefined;
      }
      if (options.guidance.thresholdNotices) {
        for (const notice of decision.notices) notify(ctx, notice.text, "info");
        const waypoint = waypointMessage(decision.notices, options.thresholds.maxTarget);
        if (waypoint !== null)
          pi.sendMessage(
            { customType: WAYPOINT_NOTICE_TYPE, content: waypoint, display: true },
            { deliverAs: "nextTurn" },
          );
      }
      if (decision.kind === "unchanged") return undefined;
      if (decision.commit?.trigger === "overflow")
        pi.sendMessage(
          { customType: OVERFLOW_NOTICE_TYPE, content: overflowNotice(decision.commit), display: true },
          { triggerTurn: false },
        );
      if (decision.commit !== null && decision.commit.folded.length > 0 && options.guidance.thresholdNotices) {
        notify(
          ctx,
          `powercontext-fold: commit ${decision.commit.commit} folded ${decision.commit.folded.length} span(s), ~${decision.commit.tokensBefore} → ~${decision.commit.tokensAfter} tokens`,
          "info",
        );
      }
      return { messages: decision.messages as unknown as typeof event.messages };
    }),
  );
  pi.on(
    "message_end",
    failOpen(log, "message_end", (event, ctx) => {
      const message = event.message as unknown as Message;
      if (message.role !== "assistant") return;
      const usage = message.usage as { cacheRead?: number } | undefined;
      sessionFor(ctx).onResponse(usage?.cacheRead);
    }),
  );
  pi.on(
    "tool_result",
    failOpen(log, "tool_result", (event, ctx) => {
      const text = event.content.map((part) => (part.type === "text" ? part.text : "")).join("");
      const location = {
        sessionFile: ctx.sessionManager.getSessionFile(),
        sessionId: ctx.sessionManager.getSessionId(),
      };
      const written = writeEvidence(evidenceDirFor(location), text, evidence);
      if (written.status === "written" || written.status === "exists")
        sessionFor(ctx).state.evidence[event.toolCallId] = written.sha256;
      if (written.status === "capped") log("evidence.capped", { used: written.used, cap: written.cap });
    }),
  );
  pi.on(
    "session_before_compact",
    failOpen(log, "session_before_compact", (event, ctx) => {
      if (!folding) {
        log("compaction.passed", { reason: event.reason, why: "the context hook failed; Pi's compaction runs" });
        return undefined;
      }
      const decision = sessionFor(ctx).onCompact(
        event.reason,
        event.willRetry,
        event.branchEntries as unknown as EntryLike[],
      );
      if (decision.kind === "pass") return undefined;
      if (decision.kind === "cancel") return { cancel: true };
      if (decision.label !== null) pi.setLabel(decision.label.entryId, decision.label.text);
      notify(
        ctx,
        "powercontext-fold: context overflow; rolled back to before the failed request, folding and retrying",
        "warning",
      );
      return {
        compaction: {
          summary: OVERFLOW_COMPACTION_SUMMARY,
          firstKeptEntryId: decision.firstKeptEntryId,
          tokensBefore: event.preparation.tokensBefore,
          details: { powercontextFold: "overflow-rollback" },
        },
      };
    }),
  );

  pi.registerTool({
    name: TOOL_NAME,
    label: "Fold context",
    description: TOOL_DESCRIPTION,
    parameters: TOOL_PARAMETERS,
    async execute(_toolCallId, params, _signal, _onUpdate, ctx) {
      try {
        return renderResult((await sessionFor(ctx).runAction(params)).result, options.guidance.actionResponses);
      } catch (error) {
        return renderError(error);
      }
    },
  });

  pi.registerCommand("fold", {
    description: "powercontext-fold: status | commit (lands every pending mark now)",
    handler: async (args, ctx) => {
      const verb = args.trim() || "status";
      const runtime = sessionFor(ctx);
      const result =
        verb === "commit"
          ? { commit: await runtime.commitMarks() }
          : verb === "status"
            ? runtime.status()
            : { error: `unknown subcommand "${verb}"; use status or commit` };
      notify(ctx, JSON.stringify(result), "error" in result ? "error" : "info");
    },
  });
}
