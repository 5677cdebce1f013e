export { containsSecret, detectSecrets, redactSecrets } from "./detect.ts";
export { SECRET_FAMILIES } from "./families.ts";
export type { Redaction, SecretFinding } from "./types.ts";
export { findSecretInValue, redactSecretsInValue } from "./value-scan.ts";
