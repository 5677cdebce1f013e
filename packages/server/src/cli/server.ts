// `powercontext server run`: load Config, open the store, build the app, listen, and shut down cleanly on SIGINT or
// SIGTERM. Whoever opens a resource here closes it in `close()`.
import { createRequire } from "node:module";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { loadConfig, type ConfigFlags } from "../config.ts";
import { RecallRecorder } from "../domain/stats/recall-recorder.ts";
import { buildApp } from "../http/app.ts";
import type { Lifecycle } from "../http/lifecycle.ts";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { DomainDeps } from "../domain/deps.ts";
import { createDomainDeps } from "../runtime.ts";
import { openStore } from "../store/open-store.ts";
import { logEndpointEvent } from "./endpoint-log.ts";
import { type OutputOptions, printFailure, printResult, progress } from "./output.ts";

const RECALL_STATS_INTERVAL_MS = 1000;

export const PACKAGE_VERSION: string = (createRequire(import.meta.url)("../../package.json") as { version: string })
  .version;

export interface RunningServer {
  url: string;
  dataDir: string;
  engine: string;
  close(): Promise<void>;
}

export interface ServeOptions extends ConfigFlags, OutputOptions {}

/**
 * Runs the Server until SIGINT or SIGTERM, then closes it and exits (0, or 1 when closing failed). The startup summary
 * is printed once the Server listens; a failure to start is printed and sets the exit code.
 */
export async function serveUntilSignal(env: NodeJS.ProcessEnv, options: ServeOptions): Promise<void> {
  let running: RunningServer;
  try {
    running = await runServer(env, options);
  } catch (error) {
    printFailure(error, options);
    return;
  }
  printResult(
    {
      status: "listening",
      url: running.url,
      data_dir: running.dataDir,
      store: running.engine,
      version: PACKAGE_VERSION,
      pid: process.pid,
    },
    `PowerContext ${PACKAGE_VERSION} listening on ${running.url} (store: ${running.engine}, data: ${running.dataDir})`,
    options,
  );
  const stop = (signal: NodeJS.Signals): void => {
    progress(`${signal}: shutting down`, options);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        printFailure(error, options);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  stopWhenNpmExits(env, () => stop("SIGTERM"));
}

const PARENT_CHECK_INTERVAL_MS = 500;

/**
 * Started by `npx powercontext server run` (npm sets npm_command), the Server is a grandchild of npm behind a shell
 * that does not pass SIGTERM on: npm exits and the Server would live on, orphaned. So it stops, cleanly, once the
 * process that started it is gone. Started any other way (a service manager, `nohup … &`), nothing is watched.
 */
function stopWhenNpmExits(env: NodeJS.ProcessEnv, stop: () => void): void {
  if (env.npm_command === undefined) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, PARENT_CHECK_INTERVAL_MS);
  timer.unref();
}

/** The URL of the address the Server really listens on (`--host 0.0.0.0` is printed as such, IPv6 in brackets). */
export function boundUrl(address: string | AddressInfo | null, host: string): string {
  if (address === null || typeof address === "string") return `http://${host}`;
  const ip = address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address;
  return `http://${ip}:${address.port}`;
}

export async function runServer(env: NodeJS.ProcessEnv, flags: ConfigFlags): Promise<RunningServer> {
  const config = loadConfig(env, flags);
  const store = await openStore(config);
  const lifecycle: Lifecycle = { accepting: false };
  const semanticLog: { warn(error: Error): void } = { warn: () => undefined };
  const domain = createDomainDeps(store, config, { onSemanticUnavailable: (error) => semanticLog.warn(error) });
  const recall = new RecallRecorder(domain);
  const app = await buildApp({
    domain,
    recall,
    lifecycle,
    token: config.token,
    version: PACKAGE_VERSION,
    handoffReports: config.handoffReports,
    // Logs go to stderr: stdout carries only the command's result (`--json` prints exactly one line there).
    logger: { level: config.logLevel, stream: process.stderr },
    forceCloseConnections: false,
  });
  semanticLog.warn = (error) =>
    app.log.warn({ err: error }, "semantic recall is off: the built-in word vectors could not be read");
  const timer = setInterval(() => {
    recall.flush().catch((error: unknown) => app.log.warn({ err: error }, "recall statistics were not written"));
  }, RECALL_STATS_INTERVAL_MS);
  timer.unref();
  const unreadConnections = trackUnreadConnections(app.server);
  let address: string;
  try {
    await app.listen({ host: config.host, port: config.port });
    address = boundUrl(app.server.address(), config.host);
  } catch (error) {
    clearInterval(timer);
    await app.close();
    await store.close();
    throw error;
  }
  lifecycle.accepting = true;
  // The built-in layer first: it answers every recall the endpoint cannot.
  const backfill = backfillVectors(domain, app.log).then(() =>
    domain.endpoint?.start((event) => logEndpointEvent(app.log, event)),
  );
  let closing: Promise<void> | null = null;
  return {
    url: address,
    dataDir: config.dataDir,
    engine: store.engine,
    close: () => {
      closing ??= (async () => {
        lifecycle.draining = true;
        clearInterval(timer);
        await drain(app, unreadConnections);
        lifecycle.accepting = false;
        await domain.endpoint?.close();
        await backfill;
        await recall.flush().catch(() => undefined);
        await store.close();
      })();
      return closing;
    },
  };
}

const DRAIN_GRACE_MS = 1000;
const DRAIN_POLL_MS = 50;
const DRAIN_DEADLINE_MS = 15_000;

/**
 * Counts the connections that have not delivered a request yet. Node treats such a connection as idle and closes it
 * the moment the listener closes, so a request a client already sent, but that a busy Server had not read yet,
 * would be cut off.
 */
function trackUnreadConnections(server: Server): () => number {
  const unread = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    unread.add(socket);
    socket.once("close", () => unread.delete(socket));
  });
  server.on("request", (request: IncomingMessage) => unread.delete(request.socket));
  return () => unread.size;
}

/**
 * Answers every request already sent, then stops. Readiness already says not ready (a load balancer stops sending);
 * the Server keeps listening for a grace period and until every accepted connection has delivered its request, then
 * closes (responses carry `Connection: close`). Whatever is still open at the deadline is cut.
 */
async function drain(app: FastifyInstance, unreadConnections: () => number): Promise<void> {
  const started = Date.now();
  const waiting = () => Date.now() - started < DRAIN_GRACE_MS || unreadConnections() > 0;
  while (waiting() && Date.now() - started < DRAIN_DEADLINE_MS) {
    await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
  }
  const deadline = setTimeout(() => app.server.closeAllConnections(), DRAIN_DEADLINE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * Computes the vectors of entries that have none under the built-in model (written before semantic recall existed,
 * or under an older model), scope by scope, logging progress. Runs after the Server listens: until a scope is done,
 * its recall is lexical for the entries still missing a vector. Never fails the Server.
 */
async function backfillVectors(domain: DomainDeps, log: FastifyBaseLogger): Promise<void> {
  if (domain.semantic === null) return;
  const started = Date.now();
  try {
    // Load the word vectors now rather than on the first turn's recall (about 0.2 s).
    domain.semantic.model.embed("warm up");
    const scopes = await domain.semantic.backfill((done) =>
      log.info({ scope_id: done.scope_id, entries: done.entries, computed: done.computed }, "entry vectors backfilled"),
    );
    if (scopes > 0) log.info({ scopes, ms: Date.now() - started }, "entry vector backfill finished");
  } catch (error) {
    log.warn({ err: error }, "entry vector backfill stopped; recall stays lexical for entries without a vector");
  }
}
