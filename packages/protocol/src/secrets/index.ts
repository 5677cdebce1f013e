export { containsSecret, detectSecrets, findSecretInValue, redactSecrets } from "./detect.ts";
export { SECRET_FAMILIES } from "./families.ts";
export type { Redaction, SecretFinding } from "./types.ts";
