// Registration options: five names, validated together; an impossible policy or an unknown name is refused, never clamped.
import { FoldError } from "./errors.ts";
import type { FoldOptions, Guidance, SummarizerChoice, Thresholds } from "./types.ts";

export const DEFAULT_THRESHOLDS: Thresholds = {
  maxTarget: 0.8,
  minTarget: 0.35,
  freshTail: 0.02,
  consolidateAfter: 10,
};
export const DEFAULT_GUIDANCE: Guidance = { thresholdNotices: true, actionResponses: true };
const OPTION_NAMES = ["thresholds", "summarizer", "providerInputBudget", "blacklistAutoFoldTools", "guidance"] as const;

/** Option names other fold extensions use (or earlier designs used), with what replaces them here. */
export const REPLACED_OPTIONS: Readonly<Record<string, string>> = {
  foldScheduling: "thresholds (epoch scheduling is the only scheduler)",
  providerTotalWindow: "providerInputBudget (tokens a request may carry, net of the output reservation)",
  readOnlyTools: "blacklistAutoFoldTools (every completed tool batch is foldable unless blacklisted)",
  blockingTools: "blacklistAutoFoldTools",
  foldPeekResults: "nothing: peek results always count as completed reads",
  evidenceIngestion: "nothing: evidence files are always written",
  summarizeContextSpan: "summarizer",
  maxTarget: "thresholds.maxTarget (thresholds are set whole)",
  minTarget: "thresholds.minTarget (thresholds are set whole)",
  freshTail: "thresholds.freshTail (thresholds are set whole)",
  consolidateAfter: "thresholds.consolidateAfter (thresholds are set whole)",
  toolName: "nothing: the tool is always fold_context",
  commandNames: "nothing: the command is always /fold",
  toolActions: "nothing: every action is always offered, and there is no agent commit",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refuse(message: string): never {
  throw new FoldError("invalid_option", message);
}

/** Validates the thermostat as one policy. Throws naming the offending threshold. */
export function validateThresholds(input: unknown): Thresholds {
  if (!isRecord(input)) refuse("thresholds must be an object { maxTarget, minTarget, freshTail, consolidateAfter }");
  const names = ["maxTarget", "minTarget", "freshTail", "consolidateAfter"] as const;
  for (const key of Object.keys(input)) {
    if (!(names as readonly string[]).includes(key))
      refuse(`thresholds.${key} is not a threshold; thresholds are ${names.join(", ")}`);
  }
  for (const name of names) {
    if (typeof input[name] !== "number" || !Number.isFinite(input[name]))
      refuse(`thresholds.${name} is required and must be a number (thresholds are set whole)`);
  }
  const { maxTarget, minTarget, freshTail, consolidateAfter } = input as unknown as Thresholds;
  if (!(maxTarget > 0 && maxTarget <= 1))
    refuse(`impossible policy: thresholds.maxTarget (${maxTarget}) must be in (0, 1]`);
  if (!(minTarget > 0 && minTarget < maxTarget))
    refuse(
      `impossible policy: thresholds.minTarget (${minTarget}) must be above 0 and below thresholds.maxTarget (${maxTarget})`,
    );
  if (!(freshTail >= 0 && freshTail < minTarget))
    refuse(
      `impossible policy: thresholds.freshTail (${freshTail}) must be at least 0 and below thresholds.minTarget (${minTarget}), or no commit could reach minTarget`,
    );
  if (!Number.isInteger(consolidateAfter) || consolidateAfter < 1)
    refuse(`impossible policy: thresholds.consolidateAfter (${consolidateAfter}) must be a positive integer`);
  return { maxTarget, minTarget, freshTail, consolidateAfter };
}

/** pi-ai's thinking levels (1.6.0 and 0.82.1), passed as the summarizer request's `reasoning`. */
export const SUMMARIZER_EFFORTS = ["minimal", "low", "medium", "high", "xhigh", "max"] as const;

function validateSummarizer(input: unknown): FoldOptions["summarizer"] {
  if (input === "session") return "session";
  if (input === "deterministic")
    refuse(
      'summarizer "deterministic" is not a value: omit summarizer; deterministic briefs are the default and the fallback on any summarizer failure',
    );
  if (
    isRecord(input) &&
    typeof input.provider === "string" &&
    typeof input.model === "string" &&
    (input.effort === undefined || typeof input.effort === "string")
  ) {
    if (typeof input.effort === "string" && !(SUMMARIZER_EFFORTS as readonly string[]).includes(input.effort))
      refuse(
        `summarizer.effort "${input.effort}" is not a thinking level; use one of ${SUMMARIZER_EFFORTS.join(", ")}`,
      );
    for (const key of Object.keys(input))
      if (!["provider", "model", "effort"].includes(key))
        refuse(`summarizer.${key} is not a summarizer field; the fields are provider, model, effort`);
    const choice: SummarizerChoice = { provider: input.provider, model: input.model };
    if (typeof input.effort === "string") choice.effort = input.effort;
    return choice;
  }
  return refuse('summarizer must be "session" or { provider, model, effort? }');
}

function validateGuidance(input: unknown): Guidance {
  if (
    !isRecord(input) ||
    typeof input.thresholdNotices !== "boolean" ||
    typeof input.actionResponses !== "boolean" ||
    Object.keys(input).length !== 2
  ) {
    refuse("guidance must be { thresholdNotices: boolean, actionResponses: boolean }, set together");
  }
  return { thresholdNotices: input.thresholdNotices as boolean, actionResponses: input.actionResponses as boolean };
}

/** Turns registration input into options. Unknown names are refused naming their replacement. */
export function validateOptions(input: unknown = {}): FoldOptions {
  if (!isRecord(input)) refuse("options must be an object");
  for (const key of Object.keys(input)) {
    if ((OPTION_NAMES as readonly string[]).includes(key)) continue;
    const replacement = REPLACED_OPTIONS[key];
    refuse(
      replacement === undefined
        ? `unknown option "${key}"; options are ${OPTION_NAMES.join(", ")}`
        : `option "${key}" is not supported; use ${replacement}`,
    );
  }
  const budget = input.providerInputBudget;
  if (budget !== undefined && !(typeof budget === "number" && Number.isInteger(budget) && budget > 0))
    refuse("providerInputBudget must be a positive integer of tokens");
  const blacklist = input.blacklistAutoFoldTools;
  let tools: ReadonlySet<string> = new Set();
  if (blacklist instanceof Set) tools = new Set([...blacklist].map(String));
  else if (Array.isArray(blacklist) && blacklist.every((name) => typeof name === "string")) tools = new Set(blacklist);
  else if (blacklist !== undefined) refuse("blacklistAutoFoldTools must be a set (or array) of tool names");
  return {
    thresholds: input.thresholds === undefined ? DEFAULT_THRESHOLDS : validateThresholds(input.thresholds),
    summarizer: input.summarizer === undefined ? "none" : validateSummarizer(input.summarizer),
    providerInputBudget: budget as number | undefined,
    blacklistAutoFoldTools: tools,
    guidance: input.guidance === undefined ? DEFAULT_GUIDANCE : validateGuidance(input.guidance),
  };
}
