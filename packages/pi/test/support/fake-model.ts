// The Pi package's fake model: the shared scripted server (@powercontext/pi-testing) with this script, read from the
// last message:
//   a user message CALL_TOOL:<name> <json-args>   → one tool call with those arguments
//   a tool result                                  → "tool said <result>"
//   anything else                                  → "ok"
import { type ChatServer, startChatServer, type WireRequest, wireText } from "@powercontext/pi-testing";

export { systemPromptOf } from "@powercontext/pi-testing";
export type ChatRequest = WireRequest;
export type FakeModel = ChatServer;

const TOOL_CALL = /CALL_TOOL:(\w+)(?:\s+(\{[\s\S]*\}))?/;

export function startFakeModel(): Promise<FakeModel> {
  return startChatServer((request) => {
    const last = request.messages.at(-1);
    const wanted = last?.role === "user" ? TOOL_CALL.exec(wireText(last.content)) : null;
    if (wanted !== null) return { calls: [{ name: wanted[1] as string, arguments: wanted[2] ?? "{}" }] };
    return { text: last?.role === "tool" ? `tool said ${wireText(last.content)}` : "ok" };
  });
}
