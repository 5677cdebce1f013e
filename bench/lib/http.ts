// A tiny JSON-over-HTTP client for benchmarks that drive a real Server.

export interface Answer<T> {
  status: number;
  body: T;
  ms: number;
}

export async function postJson<T>(baseUrl: string, path: string, body: unknown): Promise<Answer<T>> {
  const start = process.hrtime.bigint();
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { status: response.status, body: (text === "" ? null : JSON.parse(text)) as T, ms };
}

/** `postJson` that throws unless the status is one of `expected`. */
export async function postOk<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  expected: readonly number[] = [200],
): Promise<Answer<T>> {
  const answer = await postJson<T>(baseUrl, path, body);
  if (!expected.includes(answer.status))
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer;
}
