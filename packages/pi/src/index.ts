// Public surface of powercontext-pi for other packages and tools (the Pi entry is extensions/powercontext.ts).
export { activate } from "./activate.ts";
export { createClient, type PowerContextClient } from "./client.ts";
export { createFlusher, type Flusher, type FlushReport } from "./flusher.ts";
export { createScopeResolver } from "./scope.ts";
export { deriveScope, normalizeGitRemote } from "@powercontext/pi-kit";
export { loadSettings, parseBaseUrl, PiEnvironment, type Settings } from "./config.ts";
export { TOOLS } from "./tools/catalog.ts";
export { runPcCommand, PC_SUBCOMMANDS } from "./commands/pc.ts";
export { CONTEXT_LABEL } from "./recall.ts";
export { promptSections, RECALL_SECTION } from "./placement.ts";
