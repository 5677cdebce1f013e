// The JSON value inside a model's answer text. Parsing is strict JSON; the only leniency is one ```json fence.

/** The parsed answer, or undefined when it is not JSON. */
export function answerJson(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/u.exec(text);
  try {
    return JSON.parse(fenced?.[1] ?? text);
  } catch {
    return undefined;
  }
}
