// npm run openapi: regenerates openapi/powercontext.yaml from the route schemas.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OPENAPI_PATH, renderOpenApiYaml } from "./openapi-document.ts";

writeFileSync(OPENAPI_PATH, await renderOpenApiYaml());
console.log(`wrote ${fileURLToPath(OPENAPI_PATH)}`);
