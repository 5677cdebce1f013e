// `powercontext server run`: load Config, open the store, build the app, listen, and shut down cleanly on signals.
import { createRequire } from "node:module";
import { loadConfig, type ConfigFlags } from "../config.ts";
import { RecallRecorder } from "../domain/stats/recall-recorder.ts";
import { buildApp, type Lifecycle } from "../http/app.ts";
import { createDomainDeps } from "../runtime.ts";
import { openStore } from "../store/open-store.ts";

const RECALL_STATS_INTERVAL_MS = 1000;

export const PACKAGE_VERSION: string = (createRequire(import.meta.url)("../../package.json") as { version: string })
  .version;

export interface RunningServer {
  url: string;
  dataDir: string;
  engine: string;
  close(): Promise<void>;
}

export async function runServer(env: NodeJS.ProcessEnv, flags: ConfigFlags): Promise<RunningServer> {
  const config = loadConfig(env, flags);
  const store = await openStore(config);
  const lifecycle: Lifecycle = { accepting: false };
  const domain = createDomainDeps(store, config);
  const recall = new RecallRecorder(domain);
  const app = await buildApp({
    domain,
    recall,
    lifecycle,
    token: config.token,
    version: PACKAGE_VERSION,
    logger: { level: config.logLevel },
  });
  const timer = setInterval(() => {
    recall.flush().catch((error: unknown) => app.log.warn({ err: error }, "recall statistics were not written"));
  }, RECALL_STATS_INTERVAL_MS);
  timer.unref();
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    clearInterval(timer);
    await app.close();
    await store.close();
    throw error;
  }
  lifecycle.accepting = true;
  let closing: Promise<void> | null = null;
  return {
    url: address,
    dataDir: config.dataDir,
    engine: store.engine,
    close: () => {
      closing ??= (async () => {
        lifecycle.accepting = false;
        clearInterval(timer);
        await app.close();
        await recall.flush().catch(() => undefined);
        await store.close();
      })();
      return closing;
    },
  };
}
