// Loads a benchmark's Sources into a real Server: capture each over HTTP, then flush Memory until the journal is idle;
// or write each as an entry of its own with memory/remember, as a client storing chat turns verbatim does.
import { postOk } from "./http.ts";
import { progress } from "./measure.ts";

const FLUSH_IDLE = "idle";

export async function captureAndFlush(
  url: string,
  scope: string,
  sources: ReadonlyArray<{ source_id: string; content: string; session_id?: string }>,
  label: string,
): Promise<void> {
  // One client, in order, so journal positions (and recency) are the same on every run.
  const started = Date.now();
  for (const [index, source] of sources.entries()) {
    await postOk(
      url,
      "/v1/sources/content",
      {
        scope_id: scope,
        source_id: source.source_id,
        content: source.content,
        // A chat turn carries its session as powercontext-pi's captures do (packages/pi/src/capture.ts).
        ...(source.session_id !== undefined && { metadata: { session_id: source.session_id } }),
      },
      [202],
    );
    if ((index + 1) % 2000 === 0) progress(`${label}: captured ${index + 1}/${sources.length}`);
  }
  let flushes = 0;
  for (;;) {
    const { body } = await postOk<{ status: string; current_cursor: number; high_watermark: number }>(
      url,
      "/v1/memory/flush",
      { scope_id: scope },
    );
    if (body.status === FLUSH_IDLE) break;
    flushes += 1;
    if (flushes % 20 === 0) progress(`${label}: flushed to ${body.current_cursor}/${body.high_watermark}`);
  }
  progress(`${label}: loaded in ${Math.round((Date.now() - started) / 1000)} s (${flushes} flushes)`);
}

/** Writes each Source's content with `memory/remember`, one at a time in order (no Source, no session). */
export async function rememberInOrder(
  url: string,
  scope: string,
  sources: ReadonlyArray<{ content: string }>,
  label: string,
): Promise<void> {
  const started = Date.now();
  for (const [index, source] of sources.entries()) {
    await postOk(url, "/v1/memory/remember", { scope_id: scope, kind: "conversation_turn", text: source.content });
    if ((index + 1) % 2000 === 0) progress(`${label}: remembered ${index + 1}/${sources.length}`);
  }
  progress(`${label}: remembered in ${Math.round((Date.now() - started) / 1000)} s`);
}
