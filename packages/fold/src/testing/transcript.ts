// Builders for tests: seeded, generated transcripts of tool-heavy work as window items.
import type { Item, Message } from "../types.ts";

/** mulberry32: a small seeded PRNG, so generated transcripts are reproducible by seed. */
export function seededRandom(seed: number): () => number {
  let value = seed >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let t = value;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function user(text: string, timestamp: number): Message {
  return { role: "user", content: text, timestamp };
}

export function assistantText(text: string, timestamp: number): Message {
  return { role: "assistant", content: [{ type: "text", text }], stopReason: "stop", timestamp };
}

export function assistantCalls(
  calls: { id: string; name: string; args: Record<string, unknown> }[],
  timestamp: number,
): Message {
  return {
    role: "assistant",
    content: calls.map((call) => ({ type: "toolCall", id: call.id, name: call.name, arguments: call.args })),
    stopReason: "toolUse",
    timestamp,
  };
}

export function toolResult(id: string, name: string, text: string, timestamp: number): Message {
  return {
    role: "toolResult",
    toolCallId: id,
    toolName: name,
    content: [{ type: "text", text }],
    isError: false,
    timestamp,
  };
}

export interface GenerateOptions {
  seed: number;
  stages: number;
  /** Maximum tool batches per stage. */
  batches?: number;
  resultChars?: number;
  tools?: string[];
}

/** A transcript of `stages` user turns, each with 1..batches tool batches (1–3 parallel calls) and a closing answer. */
export function generateTranscript({
  seed,
  stages,
  batches = 3,
  resultChars = 400,
  tools = ["read", "bash", "grep"],
}: GenerateOptions): Item[] {
  const random = seededRandom(seed);
  const items: Item[] = [];
  let clock = 1_700_000_000_000;
  let entry = 0;
  let call = 0;
  const push = (message: Message) =>
    items.push({ id: `e${(entry += 1).toString(16).padStart(6, "0")}`, message, foldable: true });
  for (let stage = 0; stage < stages; stage += 1) {
    push(user(`stage ${stage}: inspect module ${stage} and report`, (clock += 1000)));
    const count = 1 + Math.floor(random() * batches);
    for (let batch = 0; batch < count; batch += 1) {
      const width = 1 + Math.floor(random() * 3);
      const calls = Array.from({ length: width }, () => {
        call += 1;
        return {
          id: `call_${call}`,
          name: tools[Math.floor(random() * tools.length)] as string,
          args: { path: `src/m${stage}/f${call}.ts` },
        };
      });
      push(assistantCalls(calls, (clock += 1000)));
      for (const made of calls)
        push(
          toolResult(
            made.id,
            made.name,
            `${made.name} output ${made.id} `.repeat(Math.ceil((resultChars * (0.5 + random())) / 24)),
            (clock += 10),
          ),
        );
    }
    push(assistantText(`stage ${stage} done: module ${stage} looks fine`, (clock += 1000)));
  }
  return items;
}
