// The host-local registry of external Skills: the last scan's registrations, kept in the Server's memory. It is a
// projection of the folders on disk, rebuilt by every scan (and empty after a restart until the next one), never a
// copy of their content.
import { sha256Hex, type ExternalSkillRegistration } from "@powercontext/protocol";
import { parseSkillDocument } from "./front-matter.ts";
import type { SkillFolder, SkillFolders } from "./types.ts";

/** What the external Skill operations need: the folders, the registry and this host's id. */
export interface ExternalSkills {
  folders: SkillFolders;
  registry: ExternalSkillRegistry;
  host_id: string;
}

export class ExternalSkillRegistry {
  #registrations = new Map<string, ExternalSkillRegistration>();

  replace(registrations: readonly ExternalSkillRegistration[]): void {
    this.#registrations = new Map(registrations.map((registration) => [registration.external_skill_id, registration]));
  }

  get(externalSkillId: string): ExternalSkillRegistration | null {
    return this.#registrations.get(externalSkillId) ?? null;
  }

  /** In external_skill_id order. */
  all(): ExternalSkillRegistration[] {
    return [...this.#registrations.values()].sort((a, b) =>
      a.external_skill_id < b.external_skill_id ? -1 : a.external_skill_id > b.external_skill_id ? 1 : 0,
    );
  }
}

/** Stable per host and folder, so a rescan keeps each folder's id: `ext_` and 32 hex of sha256(host, locator). */
export function externalSkillId(hostId: string, locator: string): string {
  return `ext_${sha256Hex(`${hostId}\u0000${locator}`).slice(0, 32)}`;
}

/**
 * The registration of a scanned folder, or null when its locator is not a usable single line. `provider` and
 * `agent_kind` are upstream's closed enums, whose only value is `codex` (see docs/server.md).
 */
export function toRegistration(hostId: string, folder: SkillFolder): ExternalSkillRegistration | null {
  const document = parseSkillDocument(folder.skill_md);
  if (document === null || !/^\S(?:.*\S)?$/u.test(folder.locator) || [...folder.locator].length > 2000) return null;
  return {
    external_skill_id: externalSkillId(hostId, folder.locator),
    provider: "codex",
    agent_kind: "codex",
    host_id: hostId,
    installation_scope: folder.installation_scope,
    locator: folder.locator,
    fingerprint: folder.fingerprint,
    name: document.name,
    description: document.description,
  };
}
