// A real PowerContext Server process on an ephemeral port, with a recording proxy in front of it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServerProcess, type ServerProcess } from "../../../server/src/testing/server-process.ts";
import { startRecordingProxy, type RecordingProxy } from "./recording-proxy.ts";

export interface TestServer {
  server: ServerProcess;
  proxy: RecordingProxy;
  /** The URL the extension is configured with (the proxy). */
  url: string;
  dataDir: string;
  /** Stops the Server process (the proxy then drops connections, like a dead Server). */
  stopServer(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "pc-pi-server-"));
  const server = await startServerProcess(dataDir, env);
  const proxy = await startRecordingProxy(server.url);
  let running = true;
  const stopServer = async () => {
    if (!running) return;
    running = false;
    server.child.kill("SIGTERM");
    await server.exited;
  };
  return {
    server,
    proxy,
    url: proxy.url,
    dataDir,
    stopServer,
    async close() {
      await stopServer();
      await proxy.close();
    },
  };
}
