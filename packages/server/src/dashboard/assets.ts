// The dashboard's static files: our own (assets/) and uPlot's, read once and served from memory with their types.
// Everything is local: no CDN, no build step.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { ASSET_PREFIX } from "./guard.ts";

const OWN = dirname(fileURLToPath(new URL("./assets/dashboard.css", import.meta.url)));
const UPLOT = join(dirname(createRequire(import.meta.url).resolve("uplot/package.json")), "dist");

const FILES: Record<string, string> = {
  "dashboard.css": join(OWN, "dashboard.css"),
  "dashboard.js": join(OWN, "dashboard.js"),
  "review.js": join(OWN, "review.js"),
  "charts.js": join(OWN, "charts.js"),
  "uplot.js": join(UPLOT, "uPlot.esm.js"),
  "uplot.css": join(UPLOT, "uPlot.min.css"),
};

const TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
};

export function serveAssets(app: FastifyInstance): void {
  const loaded = new Map(Object.entries(FILES).map(([name, path]) => [name, readFileSync(path)]));
  app.get<{ Params: { name: string } }>(`${ASSET_PREFIX}:name`, async (request, reply) => {
    const body = loaded.get(request.params.name);
    if (body === undefined) return reply.code(404).type("text/plain").send("Not found.");
    const extension = request.params.name.split(".").pop() ?? "";
    return reply
      .type(TYPES[extension] ?? "application/octet-stream")
      .header("cache-control", "public, max-age=300")
      .send(body);
  });
}
