export { buildApp, type AppDeps } from "./http/app.ts";
export type { Lifecycle } from "./http/lifecycle.ts";
export { loadConfig, type Config } from "./config.ts";
export { openStore } from "./store/open-store.ts";
export type { Store } from "./store/types.ts";
export { runServer } from "./cli/server.ts";
