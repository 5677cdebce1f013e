// Registers knowledge artifacts on Pi: discovery and the knowledge section before each enabled run (registered before
// the state's own before_agent_start, so a removal is already in the state it projects), and the correlation of
// Pi's read tool with candidates. Every handler is fail-open.
import { homedir } from "node:os";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { type FailOpenReporting, failOpen } from "@powercontext/pi-kit";
import { promptSections } from "powercontext-pi";
import type { HostContext } from "../host.ts";
import { appendProjection } from "../projection.ts";
import type { StateRuntime } from "../runtime.ts";
import { attachKnowledge, type Knowledge, prepareKnowledge } from "./knowledge.ts";
import { firstRunPhase } from "./rehydration.ts";
import { KNOWLEDGE_SECTION } from "./section.ts";
import { canonicalReadPath, hashFile, loadedSkillFiles } from "./source-reads.ts";

export function registerKnowledge(pi: ExtensionAPI, runtime: StateRuntime, reporting: FailOpenReporting): void {
  const knowledge = attachKnowledge(runtime);
  pi.on("session_start", (_event, ctx) => {
    knowledge.reads.clear();
    knowledge.phase = firstRunPhase(ctx.sessionManager.getBranch());
  });
  pi.on(
    "before_agent_start",
    failOpen(reporting, "knowledge.before_agent_start", (event, ctx) =>
      projectKnowledge(runtime, knowledge, event, ctx),
    ),
  );
  pi.on(
    "tool_result",
    failOpen(reporting, "knowledge.tool_result", async (event, ctx) => {
      if (event.toolName !== "read" || event.isError) return;
      const path = await canonicalReadPath(ctx.cwd, (event.input as { path?: unknown }).path, homedir());
      if (path === null || !knowledge.candidates.has(path)) return;
      const hash = await hashFile(path);
      if (hash === null) return;
      knowledge.reads.set(path, hash);
      knowledge.runReads.add(path);
    }),
  );
}

/** The knowledge section: a prompt section where the host has sections, else added to the returned prompt. */
async function projectKnowledge(
  runtime: StateRuntime,
  knowledge: Knowledge,
  event: { systemPrompt: string; systemPromptOptions?: unknown },
  ctx: HostContext,
): Promise<{ systemPrompt: string } | undefined> {
  const session = await runtime.session(ctx);
  if (session.mode !== "active") return undefined;
  const body = await prepareKnowledge(runtime, knowledge, ctx, await loadedSkillFiles(event.systemPromptOptions));
  const sections = promptSections(event.systemPromptOptions);
  if (sections !== null) {
    if (body === null) delete sections[KNOWLEDGE_SECTION];
    else sections[KNOWLEDGE_SECTION] = body;
    return undefined;
  }
  if (body === null) return undefined;
  return {
    systemPrompt: appendProjection(event.systemPrompt, `<${KNOWLEDGE_SECTION}>\n${body}\n</${KNOWLEDGE_SECTION}>`),
  };
}
