import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { flushMemory } from "../../domain/journal/flush.ts";
import { getMemoryEntry, listMemoryChanges, listMemoryEntries } from "../../domain/memory/read-memory.ts";
import { searchMemory } from "../../domain/memory/search-memory.ts";
import { rememberMemory, retireMemoryEntry, reviseMemoryEntry } from "../../domain/memory/write-memory.ts";
import { domainRoute } from "../route.ts";

export async function memoryRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  domainRoute(app, domain, "flush_memory", flushMemory);
  domainRoute(app, domain, "remember_memory", rememberMemory);
  domainRoute(app, domain, "search_memory", searchMemory);
  domainRoute(app, domain, "list_memory_entries", listMemoryEntries);
  domainRoute(app, domain, "get_memory_entry", getMemoryEntry);
  domainRoute(app, domain, "revise_memory_entry", reviseMemoryEntry);
  domainRoute(app, domain, "retire_memory_entry", retireMemoryEntry);
  domainRoute(app, domain, "list_memory_changes", listMemoryChanges);
}
