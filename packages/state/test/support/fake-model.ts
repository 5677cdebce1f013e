// The state package's fake model: the shared scripted server (@powercontext/pi-testing) with this script, read from
// the last user message:
//   SCRIPT:<json array>  step i answers the i-th request of the run: {"call":name,"args":{…}} is one tool call,
//                        {"calls":[{"name","args"},…]} several calls in one response, {"text":"…"} plain prose;
//                        after the last step: "done". powercontext-state's fallback messages (hidden follow-ups
//                        inside the run) do not end the script: the next step answers them.
//   HOLD:<tag>:<n>       the first response of the run waits until n runs carrying this tag have asked.
//   anything else        the reply "ok".
import { type ChatServer, startChatServer, type WireRequest, wireText } from "@powercontext/pi-testing";

export { systemPromptOf } from "@powercontext/pi-testing";
export type FakeModel = ChatServer;

interface Step {
  text?: string;
  call?: string;
  args?: unknown;
  calls?: { name: string; args?: unknown }[];
}

/** How powercontext-state's fallback message begins (src/hooks/resolve-turn.ts, fallbackPrompt). */
const FALLBACK_PREFIX = "powercontext-state: your answer above";
const SCRIPT = /SCRIPT:(\[[\s\S]*\])\s*$/;
const HOLD = /HOLD:(\w+):(\d+)/;

/** `observe` sees each request as it arrives, before it is answered (the kill replay times its kills from it). */
export function startFakeModel(observe?: (request: WireRequest) => void): Promise<FakeModel> {
  const holds = new Map<string, { arrived: number; waiting: (() => void)[] }>();
  return startChatServer(async (request) => {
    observe?.(request);
    const lastUser = request.messages.findLastIndex(
      (message) => message.role === "user" && !wireText(message.content).startsWith(FALLBACK_PREFIX),
    );
    const userText = wireText(request.messages[lastUser]?.content);
    const step = request.messages.slice(lastUser + 1).filter((message) => message.role === "assistant").length;
    const hold = HOLD.exec(userText);
    if (hold !== null && step === 0) {
      const tag = hold[1] as string;
      const entry = holds.get(tag) ?? { arrived: 0, waiting: [] };
      holds.set(tag, entry);
      entry.arrived += 1;
      if (entry.arrived >= Number(hold[2])) for (const release of entry.waiting.splice(0)) release();
      else await new Promise<void>((resolve) => entry.waiting.push(resolve));
    }
    const script = SCRIPT.exec(userText);
    const current = (script === null ? [] : (JSON.parse(script[1] as string) as Step[]))[step];
    if (current === undefined) return { text: script === null ? "ok" : "done" };
    if (current.text !== undefined) return { text: current.text };
    const batch = current.calls ?? [{ name: current.call as string, args: current.args }];
    return { calls: batch.map((call) => ({ name: call.name, arguments: JSON.stringify(call.args ?? {}) })) };
  });
}

/** A prompt that makes the fake model run `steps` in order. */
export function script(steps: Step[], prefix = ""): string {
  return `${prefix}SCRIPT:${JSON.stringify(steps)}`;
}

/** The tool results (parsed JSON when possible) of the requests' current runs, in order. */
export function toolResults(requests: readonly WireRequest[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const request of requests) {
    const lastUser = request.messages.findLastIndex((message) => message.role === "user");
    for (const message of request.messages.slice(lastUser + 1)) {
      if (message.role !== "tool" || message.tool_call_id === undefined || seen.has(message.tool_call_id)) continue;
      const body = wireText(message.content);
      let value: unknown = body;
      try {
        value = JSON.parse(body);
      } catch {
        // keep the raw text (Pi may prefix an error)
      }
      seen.set(message.tool_call_id, value);
    }
  }
  return [...seen.values()];
}
