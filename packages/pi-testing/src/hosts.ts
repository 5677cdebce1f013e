// The Pi hosts every real-Pi suite runs against: the latest Pi and the version the seed locks.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface PiVersion {
  name: string;
  cli: string;
}

export const PI_VERSIONS: readonly PiVersion[] = [
  {
    name: "1.6.0",
    cli: join(dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-coding-agent"))), "bundle", "cli.js"),
  },
  { name: "0.82.1", cli: join(dirname(fileURLToPath(import.meta.resolve("pi-coding-agent-0821"))), "cli.js") },
];

export const LATEST_PI = PI_VERSIONS[0] as PiVersion;
