export * from "./canonical-json.ts";
export * from "./hash.ts";
export * from "./prepared-context.ts";
export * from "./types.ts";
export * from "./secrets/index.ts";
export * from "./handoff.ts";
export * from "./operation-routes.ts";
export type * from "./operation-types.ts";
