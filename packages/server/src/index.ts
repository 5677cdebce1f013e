export { buildApp, type AppDeps, type Lifecycle } from "./http/app.ts";
export { loadConfig, type Config } from "./config.ts";
export { openStore } from "./store/open-store.ts";
export type { Store } from "./store/types.ts";
export { runServer } from "./cli/server.ts";
