// What domain functions receive: their whole world. Nothing under domain/ reads the clock, env, files or sockets itself.
import type { Store } from "../store/types.ts";
import type { Extractor } from "./extract/types.ts";

export interface Clock {
  now(): Date;
}

export interface IdSource {
  /** A fresh identifier `<prefix><32 lowercase hex>`. */
  next(prefix: string): string;
}

export type ReviewPolicy = { mode: "auto"; threshold: number } | { mode: "manual" };

export interface DomainDeps {
  store: Store;
  clock: Clock;
  ids: IdSource;
  extractor: Extractor;
  reviewPolicy: ReviewPolicy;
}
