// The real-world defaults for the domain's dependencies: system clock, random ids, configured extractor and review.
import { randomBytes } from "node:crypto";
import type { Config } from "./config.ts";
import type { Clock, DomainDeps, IdSource } from "./domain/deps.ts";
import { createExtractor } from "./domain/extract/index.ts";
import type { Store } from "./store/types.ts";

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

export const RANDOM_IDS: IdSource = { next: (prefix) => `${prefix}${randomBytes(16).toString("hex")}` };

export function createDomainDeps(store: Store, config: Pick<Config, "extractor" | "reviewPolicy">): DomainDeps {
  return {
    store,
    clock: SYSTEM_CLOCK,
    ids: RANDOM_IDS,
    extractor: createExtractor(config.extractor),
    reviewPolicy: config.reviewPolicy,
  };
}
