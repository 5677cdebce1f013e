export { completionScript, SHELLS, type Shell } from "./completion.ts";
