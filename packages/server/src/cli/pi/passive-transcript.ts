// Strict shapes of the four passive RPC responses of an idle, empty Pi session (validated against 1.6.0 and 0.82.1).
import type { RpcRecord } from "@powercontext/pi-kit";

export const PASSIVE_REQUESTS = ["get_state", "get_session_stats", "get_messages", "get_commands"] as const;
export type PassiveRequest = (typeof PASSIVE_REQUESTS)[number];

export interface PiCommandInfo {
  name: string;
  source: string;
  sourceInfo?: { path?: string; source?: string; scope?: string; origin?: string; baseDir?: string };
}

type Problems = string[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkKeys(
  where: string,
  value: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[],
  problems: Problems,
): void {
  for (const key of required) if (!(key in value)) problems.push(`${where}: missing "${key}"`);
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) problems.push(`${where}: unexpected field "${key}"`);
  }
}

function expect(where: string, ok: boolean, what: string, problems: Problems): void {
  if (!ok) problems.push(`${where}: ${what}`);
}

function checkState(data: Record<string, unknown>, problems: Problems): void {
  const at = "get_state.data";
  checkKeys(
    at,
    data,
    [
      "thinkingLevel",
      "isStreaming",
      "isCompacting",
      "steeringMode",
      "followUpMode",
      "sessionId",
      "autoCompactionEnabled",
      "messageCount",
      "pendingMessageCount",
    ],
    ["model", "sessionFile", "sessionName"],
    problems,
  );
  const model = data.model;
  expect(
    at,
    model === undefined ||
      model === null ||
      (isObject(model) && typeof model.id === "string" && typeof model.provider === "string"),
    "model is not a model object",
    problems,
  );
  for (const key of ["thinkingLevel", "steeringMode", "followUpMode", "sessionId"])
    expect(at, typeof data[key] === "string", `${key} is not a string`, problems);
  expect(at, typeof data.autoCompactionEnabled === "boolean", "autoCompactionEnabled is not a boolean", problems);
  expect(at, data.isStreaming === false, "isStreaming is not false (activity)", problems);
  expect(at, data.isCompacting === false, "isCompacting is not false (activity)", problems);
  expect(at, data.messageCount === 0, "messageCount is not 0 (activity)", problems);
  expect(at, data.pendingMessageCount === 0, "pendingMessageCount is not 0 (activity)", problems);
  expect(at, data.sessionFile === undefined, "a session file exists although the run has no session", problems);
}

function checkStats(data: Record<string, unknown>, problems: Problems): void {
  const at = "get_session_stats.data";
  const counters = ["userMessages", "assistantMessages", "toolCalls", "toolResults", "totalMessages"];
  checkKeys(at, data, ["sessionId", ...counters, "tokens", "cost"], ["sessionFile", "contextUsage"], problems);
  expect(at, typeof data.sessionId === "string", "sessionId is not a string", problems);
  for (const key of [...counters, "cost"]) expect(at, data[key] === 0, `${key} is not 0 (activity)`, problems);
  const tokens = data.tokens;
  if (!isObject(tokens)) problems.push(`${at}: tokens is not an object`);
  else {
    const fields = ["input", "output", "cacheRead", "cacheWrite", "total"];
    checkKeys(`${at}.tokens`, tokens, fields, [], problems);
    for (const key of fields) expect(`${at}.tokens`, tokens[key] === 0, `${key} is not 0 (activity)`, problems);
  }
}

function checkMessages(data: Record<string, unknown>, problems: Problems): void {
  checkKeys("get_messages.data", data, ["messages"], [], problems);
  expect(
    "get_messages.data",
    Array.isArray(data.messages) && data.messages.length === 0,
    "messages is not an empty array (activity)",
    problems,
  );
}

function checkCommands(data: Record<string, unknown>, problems: Problems): void {
  const at = "get_commands.data";
  checkKeys(at, data, ["commands"], [], problems);
  if (!Array.isArray(data.commands)) {
    problems.push(`${at}: commands is not an array`);
    return;
  }
  for (const [index, command] of (data.commands as unknown[]).entries()) {
    const where = `${at}.commands[${index}]`;
    if (!isObject(command)) {
      problems.push(`${where}: not an object`);
      continue;
    }
    checkKeys(where, command, ["name", "source"], ["description", "sourceInfo"], problems);
    expect(where, typeof command.name === "string" && command.name !== "", "name is not a non-empty string", problems);
    expect(
      where,
      command.source === "extension" || command.source === "prompt" || command.source === "skill",
      `source ${JSON.stringify(command.source)} is not extension, prompt or skill`,
      problems,
    );
    expect(
      where,
      command.description === undefined || typeof command.description === "string",
      "description is not a string",
      problems,
    );
    const info = command.sourceInfo;
    if (info !== undefined) {
      if (!isObject(info)) problems.push(`${where}.sourceInfo: not an object`);
      else {
        checkKeys(`${where}.sourceInfo`, info, ["path", "source", "scope", "origin"], ["baseDir"], problems);
        for (const key of Object.keys(info))
          expect(`${where}.sourceInfo`, typeof info[key] === "string", `${key} is not a string`, problems);
      }
    }
  }
}

/**
 * The records of a passive run without the footer statuses extensions set (`setStatus`: fire-and-forget, display only,
 * never answered by the client and never touching the session; powercontext-pi shows whether its Server is reachable).
 * Every other record still counts against "no activity".
 */
export function withoutStatusUpdates(records: readonly RpcRecord[]): RpcRecord[] {
  return records.filter((record) => !(record.type === "extension_ui_request" && record.method === "setStatus"));
}

/**
 * Validates the whole stdout transcript of a passive run: exactly one successful response per request, in order, with
 * the ids sent, and no other record at all (no event, no UI request, no activity). Returns the problems found.
 */
export function validatePassiveTranscript(records: readonly RpcRecord[], ids: readonly string[]): Problems {
  const problems: Problems = [];
  if (records.length !== PASSIVE_REQUESTS.length) {
    const kinds = records.map((record) =>
      String(record.type ?? (record.invalid_line === undefined ? "?" : "non-JSON line")),
    );
    problems.push(
      `expected exactly ${PASSIVE_REQUESTS.length} records (one response per request), got ${records.length}: ${kinds.join(", ")}`,
    );
  }
  for (const [index, request] of PASSIVE_REQUESTS.entries())
    checkResponse(records[index], { index, request, id: ids[index] }, problems);
  const state = records[0]?.data;
  const stats = records[1]?.data;
  if (isObject(state) && isObject(stats) && state.sessionId !== stats.sessionId)
    problems.push("get_state and get_session_stats name different sessions");
  return problems;
}

const DATA_CHECKS: Record<PassiveRequest, (data: Record<string, unknown>, problems: Problems) => void> = {
  get_state: checkState,
  get_session_stats: checkStats,
  get_messages: checkMessages,
  get_commands: checkCommands,
};

/** The record at `index` must be the successful response to `request` with `id`, and its data must have the strict shape. */
function checkResponse(
  record: RpcRecord | undefined,
  { index, request, id }: { index: number; request: PassiveRequest; id: string | undefined },
  problems: Problems,
): void {
  const at = `record ${index + 1} (${request})`;
  if (record === undefined || record.invalid_line !== undefined) {
    problems.push(`${at}: ${record === undefined ? "missing" : "not a JSON object"}`);
    return;
  }
  checkKeys(at, record, ["id", "type", "command", "success", "data"], [], problems);
  expect(at, record.type === "response", `type ${JSON.stringify(record.type)} is not "response"`, problems);
  expect(at, record.id === id, `id ${JSON.stringify(record.id)} is not ${JSON.stringify(id)}`, problems);
  expect(at, record.command === request, `command ${JSON.stringify(record.command)} is not "${request}"`, problems);
  expect(
    at,
    record.success === true,
    `success is not true${typeof record.error === "string" ? ` (${record.error.slice(0, 200)})` : ""}`,
    problems,
  );
  if (isObject(record.data)) DATA_CHECKS[request](record.data, problems);
  else problems.push(`${at}: data is not an object`);
}

/** The commands of a validated get_commands response. */
export function commandsOf(record: RpcRecord | undefined): PiCommandInfo[] {
  const data = record?.data;
  return isObject(data) && Array.isArray(data.commands) ? (data.commands as PiCommandInfo[]) : [];
}
