// The main entry loads no TypeBox: the schema values and the operation table are at ./schemas and ./operations, and
// only their types are re-exported here (erased at run time).
export * from "./canonical-json.ts";
export * from "./hash.ts";
export * from "./prepared-context.ts";
export * from "./schema-ids.ts";
export * from "./secrets/index.ts";
export * from "./operation-routes.ts";
export * from "./http-request.ts";
export * from "./mcp-tools.ts";
export type * from "./operation-types.ts";
export type * from "./schemas/index.ts";
