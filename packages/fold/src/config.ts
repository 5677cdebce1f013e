// Registration options → one validated FoldOptions. The fold package reads no environment: its configuration is what
// an extension of the person's own passes to registerFold (docs/fold.md). The FoldConfig schema declares each
// option's shape and TypeBox checks it; the policy checks below refuse what a shape cannot say (an impossible
// thermostat). Every refusal names the option, and nothing is ever clamped.
import { type Static, type TSchema, Type } from "typebox";
import { Value } from "typebox/value";
import { FoldError } from "./errors.ts";
import type { FoldOptions, Guidance, SummarizerChoice, Thresholds } from "./types.ts";

export const DEFAULT_THRESHOLDS: Thresholds = {
  maxTarget: 0.8,
  minTarget: 0.35,
  freshTail: 0.02,
  consolidateAfter: 10,
};
export const DEFAULT_GUIDANCE: Guidance = { thresholdNotices: true, actionResponses: true };

/** pi-ai's thinking levels (1.6.0 and 0.82.1), passed as the summarizer request's `reasoning`. */
export const SUMMARIZER_EFFORTS = ["minimal", "low", "medium", "high", "xhigh", "max"] as const;

/** The thermostat, set whole: every threshold, nothing else. */
export const ThresholdsConfig = Type.Object(
  {
    maxTarget: Type.Number({ description: "Share of the serving budget at which a commit folds, in (0, 1]." }),
    minTarget: Type.Number({ description: "Share a threshold commit folds down to; above 0, below maxTarget." }),
    freshTail: Type.Number({ description: "Trailing share never folded; at least 0, below minTarget." }),
    consolidateAfter: Type.Number({
      description: "Adjacent folds past this count are consolidated; a positive integer.",
    }),
  },
  { additionalProperties: false },
);

export const SummarizerConfig = Type.Union([
  Type.Literal("session", { description: "The session's own model writes the briefs." }),
  Type.Object(
    {
      provider: Type.String(),
      model: Type.String(),
      effort: Type.Optional(Type.Union(SUMMARIZER_EFFORTS.map((effort) => Type.Literal(effort)))),
    },
    { additionalProperties: false, description: "A model of the registry writes the briefs." },
  ),
]);

export const GuidanceConfig = Type.Object(
  {
    thresholdNotices: Type.Boolean({ description: "Occupancy and commit notices, to the person and the agent." }),
    actionResponses: Type.Boolean({ description: "Full fold_context results (else a bare acknowledgement)." }),
  },
  { additionalProperties: false },
);

/** Every option registerFold takes; all optional. */
export const FoldConfig = Type.Object(
  {
    thresholds: Type.Optional(ThresholdsConfig),
    summarizer: Type.Optional(SummarizerConfig),
    providerInputBudget: Type.Optional(
      Type.Integer({ minimum: 1, description: "Tokens a request may carry, net of the output reservation." }),
    ),
    blacklistAutoFoldTools: Type.Optional(
      Type.Array(Type.String(), { description: "Tools whose batches are never folded automatically (a Set also)." }),
    ),
    guidance: Type.Optional(GuidanceConfig),
  },
  { additionalProperties: false },
);
export type FoldConfig = Static<typeof FoldConfig>;

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

/** `value` as its schema's type; otherwise refused with the sentence `explain` gives. */
function checked<Schema extends TSchema>(schema: Schema, value: unknown, explain: () => string): Static<Schema> {
  if (!Value.Check(schema, value)) refuse(explain());
  return value as Static<Schema>;
}

/** Which key or threshold a thresholds value that fails its schema gets wrong. */
function thresholdsRefusal(input: unknown): string {
  if (!isRecord(input)) return "thresholds must be an object { maxTarget, minTarget, freshTail, consolidateAfter }";
  const names = Object.keys(ThresholdsConfig.properties);
  const unknown = Object.keys(input).find((key) => !names.includes(key));
  if (unknown !== undefined) return `thresholds.${unknown} is not a threshold; thresholds are ${names.join(", ")}`;
  const missing = names.find((name) => !Value.Check(Type.Number(), input[name])) ?? names[0];
  return `thresholds.${missing} is required and must be a number (thresholds are set whole)`;
}

/** Validates the thermostat as one policy. Throws naming the offending threshold. */
export function validateThresholds(input: unknown): Thresholds {
  const { maxTarget, minTarget, freshTail, consolidateAfter } = checked(ThresholdsConfig, input, () =>
    thresholdsRefusal(input),
  );
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

/** What a summarizer value that fails its schema gets wrong. */
function summarizerRefusal(input: unknown): string {
  if (input === "deterministic")
    return 'summarizer "deterministic" is not a value: omit summarizer; deterministic briefs are the default and the fallback on any summarizer failure';
  if (isRecord(input) && typeof input.provider === "string" && typeof input.model === "string") {
    if (typeof input.effort === "string" && !(SUMMARIZER_EFFORTS as readonly string[]).includes(input.effort))
      return `summarizer.effort "${input.effort}" is not a thinking level; use one of ${SUMMARIZER_EFFORTS.join(", ")}`;
    const unknown = Object.keys(input).find((key) => !["provider", "model", "effort"].includes(key));
    if (unknown !== undefined)
      return `summarizer.${unknown} is not a summarizer field; the fields are provider, model, effort`;
  }
  return 'summarizer must be "session" or { provider, model, effort? }';
}

function validateSummarizer(input: unknown): FoldOptions["summarizer"] {
  const summarizer = checked(SummarizerConfig, input, () => summarizerRefusal(input));
  if (summarizer === "session") return "session";
  const choice: SummarizerChoice = { provider: summarizer.provider, model: summarizer.model };
  if (summarizer.effort !== undefined) choice.effort = summarizer.effort;
  return choice;
}

/** Unknown names are refused naming their replacement, when they have one. */
function refuseUnknownNames(input: Record<string, unknown>): void {
  const names = Object.keys(FoldConfig.properties);
  for (const key of Object.keys(input)) {
    if (names.includes(key)) continue;
    const replacement = REPLACED_OPTIONS[key];
    refuse(
      replacement === undefined
        ? `unknown option "${key}"; options are ${names.join(", ")}`
        : `option "${key}" is not supported; use ${replacement}`,
    );
  }
}

/** A Set is the natural value for a set of names: its members are taken as names. Unset is no names. */
function toolNames(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(String);
  return value === undefined ? [] : value;
}

/** Turns registration input into options. */
export function validateOptions(input: unknown = {}): FoldOptions {
  if (!isRecord(input)) refuse("options must be an object");
  refuseUnknownNames(input);
  const { properties } = FoldConfig;
  const budget =
    input.providerInputBudget === undefined
      ? undefined
      : checked(
          properties.providerInputBudget,
          input.providerInputBudget,
          () => "providerInputBudget must be a positive integer of tokens",
        );
  const tools = checked(
    properties.blacklistAutoFoldTools,
    toolNames(input.blacklistAutoFoldTools),
    () => "blacklistAutoFoldTools must be a set (or array) of tool names",
  );
  const guidance = input.guidance;
  return {
    thresholds: input.thresholds === undefined ? DEFAULT_THRESHOLDS : validateThresholds(input.thresholds),
    summarizer: input.summarizer === undefined ? "none" : validateSummarizer(input.summarizer),
    providerInputBudget: budget,
    blacklistAutoFoldTools: new Set(tools),
    guidance:
      guidance === undefined
        ? DEFAULT_GUIDANCE
        : checked(
            GuidanceConfig,
            guidance,
            () => "guidance must be { thresholdNotices: boolean, actionResponses: boolean }, set together",
          ),
  };
}
