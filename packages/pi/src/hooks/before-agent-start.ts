// before_agent_start: recall and capture under one turn budget, failing independently and always open.
import { captureSkipReason, capturePrompt } from "../capture.ts";
import { describeError, PiError } from "../errors.ts";
import { flushThrough } from "../flush-now.ts";
import type { HostContext } from "@powercontext/pi-kit";
import { deliverRecall, keepHeldSection, type RecallDelivery } from "../delivery.ts";
import { acceptsMidConversationSystem, decidePlacement, promptSections } from "../placement.ts";
import { reachabilityOf } from "../indicator.ts";
import { prepareRecall } from "../recall.ts";
import { readySummary } from "../recall-summary.ts";
import type { Runtime } from "../runtime.ts";
import { turnIdentity } from "../turn.ts";

export interface BeforeAgentStartInput {
  /**
   * Absent when a custom message (not a user prompt) starts the run (Pi 1.2 and later fire the hook for
   * `sendMessage(…, { triggerTurn: true })`); such runs recall and capture nothing.
   */
  prompt?: string;
  systemPrompt: string;
  /** Pi's structured prompt options; their `sections` exist on Pi 0.86 and later. */
  systemPromptOptions?: unknown;
}

/**
 * Recalls and captures for a user prompt, then delivers the recall by the placement in force (see delivery.ts):
 * a replaced system prompt, a recall message, or an edited prompt section (then undefined is returned).
 */
export async function beforeAgentStart(
  runtime: Runtime,
  event: BeforeAgentStartInput,
  ctx: Pick<HostContext, "cwd" | "sessionManager" | "signal"> & { model?: unknown },
): Promise<RecallDelivery> {
  const sections = promptSections(event.systemPromptOptions);
  runtime.placement = decidePlacement(runtime.settings.recallPlacement, sections !== null);
  const { placement } = runtime.placement;
  const prompt = (event.prompt ?? "").trim();
  if (prompt === "") {
    keepHeldSection(placement === "section" ? sections : null, readBranch(ctx));
    return undefined;
  }
  const { settings } = runtime;
  const scopeId = await runtime.scopes.resolve(ctx.cwd);
  const budget = AbortSignal.timeout(settings.httpBudgetMs);
  const signal = ctx.signal === undefined ? budget : AbortSignal.any([budget, ctx.signal]);

  const recall = recallFor(runtime, { scopeId, prompt }, signal);
  const capture = captureTurn(runtime, { scopeId, prompt, cwd: ctx.cwd, ctx }, signal);
  const [content] = await Promise.all([recall, capture]);
  return deliverRecall(placement, content, {
    systemPrompt: event.systemPrompt,
    sections,
    branch: readBranch(ctx),
    resend: settings.recallResend,
    midConversation: acceptsMidConversationSystem(ctx.model),
  });
}

/** Recalls for the prompt, recording what came (or why nothing did) for `/pc` and the indicator. */
async function recallFor(
  runtime: Runtime,
  { scopeId, prompt }: { scopeId: string; prompt: string },
  signal: AbortSignal,
): Promise<string | null> {
  const { settings, client, log } = runtime;
  const at = new Date().toISOString();
  try {
    const content = await prepareRecall(client, { scopeId, query: prompt, maxBytes: settings.maxBytes }, signal);
    runtime.server = "reachable";
    runtime.lastRecall = content === null ? { status: "empty", at } : readySummary(content, at);
    return content;
  } catch (error) {
    log("prepare.failed", describeError(error));
    runtime.server = reachabilityOf(error);
    runtime.lastRecall = { status: "failed", at, code: error instanceof PiError ? error.code : "unexpected" };
    return null;
  }
}

function readBranch(ctx: Pick<HostContext, "sessionManager">): readonly unknown[] {
  try {
    return ctx.sessionManager.getBranch();
  } catch {
    return [];
  }
}

async function captureTurn(
  runtime: Runtime,
  {
    scopeId,
    prompt,
    cwd,
    ctx,
  }: { scopeId: string; prompt: string; cwd: string; ctx: Pick<HostContext, "sessionManager"> },
  signal: AbortSignal,
): Promise<void> {
  const { settings, client, flusher, log } = runtime;
  const skip = captureSkipReason(prompt, settings.capturePrompts);
  if (skip !== null) {
    log("capture.skipped", { reason: skip });
    return;
  }
  let position: number | null;
  try {
    position = await capturePrompt(client, { scopeId, prompt, cwd, turn: turnIdentity(ctx.sessionManager) }, signal);
  } catch (error) {
    log("capture.failed", describeError(error));
    if (reachabilityOf(error) === "unreachable") runtime.server = "unreachable";
    return;
  }
  if (position === null) return;
  if (runtime.flushOnCapture) {
    const done = await flushThrough(client, { scopeId, position, maxCalls: settings.flushMaxCalls }, signal);
    if (done) return;
    log("flush_on_capture.exhausted", { scope_id: scopeId, position });
  }
  flusher.record(scopeId, position);
}
