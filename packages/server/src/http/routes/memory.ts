import type { FastifyInstance } from "fastify";
import type { DomainDeps } from "../../domain/deps.ts";
import { flushMemory } from "../../domain/journal/flush.ts";
import { getMemoryEntry, listMemoryChanges, listMemoryEntries } from "../../domain/memory/read-memory.ts";
import { searchMemory, type SearchMemoryRequest } from "../../domain/memory/search-memory.ts";
import {
  rememberMemory,
  retireMemoryEntry,
  reviseMemoryEntry,
  type RememberRequest,
  type RetireRequest,
  type ReviseRequest,
} from "../../domain/memory/write-memory.ts";
import type { MemoryCitation } from "@powercontext/protocol";
import { route } from "../route.ts";

export async function memoryRoutes(app: FastifyInstance, options: { domain: DomainDeps }): Promise<void> {
  const { domain } = options;
  route(app, "flush_memory", async (request) => ({
    body: await flushMemory(domain, request.body as { scope_id: string }),
  }));
  route(app, "remember_memory", async (request) => ({
    body: await rememberMemory(domain, request.body as RememberRequest),
  }));
  route(app, "search_memory", async (request) => ({
    body: await searchMemory(domain, request.body as SearchMemoryRequest),
  }));
  route(app, "list_memory_entries", async (request) => ({
    body: await listMemoryEntries(domain, request.body as { scope_id: string; include_inactive?: boolean }),
  }));
  route(app, "get_memory_entry", async (request) => ({
    body: await getMemoryEntry(domain, request.body as { scope_id: string; citation: MemoryCitation }),
  }));
  route(app, "revise_memory_entry", async (request) => ({
    body: await reviseMemoryEntry(domain, request.body as ReviseRequest),
  }));
  route(app, "retire_memory_entry", async (request) => ({
    body: await retireMemoryEntry(domain, request.body as RetireRequest),
  }));
  route(app, "list_memory_changes", async (request) => ({
    body: await listMemoryChanges(domain, request.body as { scope_id: string; since_revision?: number | null }),
  }));
}
