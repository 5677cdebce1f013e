import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { flushMemory } from "../../domain/journal/flush.ts";
import { getMemoryEntry, listMemoryChanges, listMemoryEntries } from "../../domain/memory/read-memory.ts";
import { searchMemory } from "../../domain/memory/search-memory.ts";
import { rememberMemory, retireMemoryEntry, reviseMemoryEntry } from "../../domain/memory/write-memory.ts";
import { route } from "../route.ts";

export async function memoryRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "flush_memory", async (request) => ({ body: await flushMemory(domain, request.body) }));
  route(app, "remember_memory", async (request) => ({ body: await rememberMemory(domain, request.body) }));
  route(app, "search_memory", async (request) => ({ body: await searchMemory(domain, request.body) }));
  route(app, "list_memory_entries", async (request) => ({ body: await listMemoryEntries(domain, request.body) }));
  route(app, "get_memory_entry", async (request) => ({ body: await getMemoryEntry(domain, request.body) }));
  route(app, "revise_memory_entry", async (request) => ({ body: await reviseMemoryEntry(domain, request.body) }));
  route(app, "retire_memory_entry", async (request) => ({ body: await retireMemoryEntry(domain, request.body) }));
  route(app, "list_memory_changes", async (request) => ({ body: await listMemoryChanges(domain, request.body) }));
}
