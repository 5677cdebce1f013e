// The bridge to long-term memory: promote one state entry to a PowerContext Server Memory entry
// (POST /v1/memory/remember) under pc_remember's rules: no secrets, explicit confirmation. The promotion is
// recorded in global working.memory_promotions (pending → accepted | failed); the state entry is never removed.
import { randomBytes } from "node:crypto";
import { canonicalJson, findSecretInValue, utf8Length } from "@powercontext/protocol";
import type { PowerContextClient } from "powercontext-pi";
import type { HostContext } from "./host.ts";
import { failure, toFailure, type Outcome } from "./outcome.ts";
import type { StateRuntime } from "./runtime.ts";
import { overlayScopes } from "./state.ts";
import { PLANES, type JsonObject, type JsonValue, type Plane, type ScopeState } from "./types.ts";

export const MAX_MEMORY_TEXT_BYTES = 8192;
export const CONFIRM_TITLE = "Promote state to PowerContext Memory?";

export interface PromoteDeps {
  runtime: StateRuntime;
  /** The Server client and the Scope of a cwd, built from powercontext-pi's settings; null when not configured. */
  server(): { client: PowerContextClient; scopeOf(cwd: string): Promise<string> } | null;
}

interface EntryPath {
  scope: "effective" | "global" | "cwd" | "session";
  plane: Plane;
  key: string;
}

/** Parses `<scope>.<plane>.<key>`; the key may itself contain dots. */
export function parseEntryPath(text: string): EntryPath | null {
  const [scope, plane, ...rest] = text.split(".");
  const key = rest.join(".");
  if (
    !["effective", "global", "cwd", "session"].includes(scope ?? "") ||
    !(PLANES as readonly string[]).includes(plane ?? "") ||
    key === ""
  )
    return null;
  return { scope: scope as EntryPath["scope"], plane: plane as Plane, key };
}

async function record(deps: PromoteDeps, ctx: HostContext, id: string, value: JsonObject): Promise<void> {
  const { runtime } = deps;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const session = await runtime.refresh(ctx);
    const result = await runtime.store.publish(session.keys, session.view, {
      patches: { global: { working: { memory_promotions: { [id]: value } } } },
      final: false,
    });
    session.view = result.view;
    if (result.status === "committed") return;
  }
  throw new Error("the promotion record kept conflicting");
}

function describeServerError(error: unknown): { code: string; status: number | null } {
  const value = error as { code?: unknown; details?: { status?: unknown; serverCode?: unknown } | null };
  const status = typeof value.details?.status === "number" ? value.details.status : null;
  const code =
    typeof value.details?.serverCode === "string"
      ? value.details.serverCode
      : typeof value.code === "string"
        ? value.code
        : "unavailable";
  return { code, status };
}

/**
 * The Memory text of a state entry: its path and its value ("cwd.contract.deploy: release branch only"), so the
 * entry explains itself and a question about deploying finds it; the value alone would lose what it is about.
 */
export function memoryText(target: string, value: JsonValue): string {
  return `${target}: ${typeof value === "string" ? value : canonicalJson(value)}`;
}

/** `/state promote <scope>.<plane>.<key> [kind]`. Never rejects. */
export async function promoteEntry(deps: PromoteDeps, ctx: HostContext, args: string): Promise<Outcome> {
  const [target = "", kind = "agent-note"] = args.trim().split(/\s+/);
  const path = parseEntryPath(target);
  if (path === null)
    return failure(
      "invalid_request",
      "Usage: /state promote <effective|global|cwd|session>.<artifacts|contract|working>.<key> [kind]",
    );
  try {
    const session = await deps.runtime.refresh(ctx);
    const states = {
      global: session.view.global.current,
      cwd: session.view.cwd.current,
      session: session.view.session.current,
    };
    const source: ScopeState = path.scope === "effective" ? overlayScopes(states) : states[path.scope];
    const value: JsonValue | undefined = source[path.plane][path.key];
    if (value === undefined) return failure("not_found", `${target} does not exist.`);
    const text = memoryText(target, value);
    if (utf8Length(text) > MAX_MEMORY_TEXT_BYTES)
      return failure("too_large", `${target} is over ${MAX_MEMORY_TEXT_BYTES} bytes; shorten it before promoting.`);
    const body = { kind, text, reason: `Promoted from powercontext-state ${target}` };
    const secret = findSecretInValue(body);
    if (secret !== null)
      return failure(
        "secret_rejected",
        `Refused to send secret-shaped content (${secret.family}); nothing was sent or recorded.`,
      );
    const server = deps.server();
    if (server === null)
      return failure("unavailable", "PowerContext Server settings are invalid (POWERCONTEXT_PI_*); nothing was sent.");
    if (!ctx.hasUI)
      return failure("confirmation_required", "Promotion needs interactive confirmation; nothing was sent.");
    if (!(await ctx.ui.confirm(CONFIRM_TITLE, `Save to Memory (kind: ${kind}):\n${text.slice(0, 600)}`)))
      return failure("cancelled", "The user declined; nothing was sent.");
    const id = `p_${randomBytes(6).toString("hex")}`;
    const owner = session.keys.session;
    await record(deps, ctx, id, { status: "pending", source: target, owner, kind });
    try {
      const scopeId = await server.scopeOf(ctx.cwd);
      const response = await server.client.request("remember_memory", { ...body, scope_id: scopeId });
      const data = response.value as { memory?: JsonValue; entry?: { citation?: JsonValue } | null };
      await record(deps, ctx, id, {
        status: "accepted",
        memory: data.memory ?? null,
        citation: data.entry?.citation ?? null,
      });
      return {
        ok: true,
        promotion: id,
        source: target,
        status: "accepted",
        memory: data.memory ?? null,
        entry: data.entry ?? null,
      };
    } catch (error) {
      const described = describeServerError(error);
      await record(deps, ctx, id, { status: "failed", error: described.code });
      return failure(
        described.code,
        `Promotion failed (${described.code}); the state entry is kept and the attempt recorded as ${id}.`,
        { promotion: id, status: described.status },
      );
    }
  } catch (error) {
    return toFailure(error);
  }
}
