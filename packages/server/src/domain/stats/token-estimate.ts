// The `character:weighted` v1 token estimator: ceil(units / 4), ASCII counts 1 unit, any other character 4.
export const TOKEN_ESTIMATOR = { estimator_id: "character:weighted", version: "1" } as const;

export function estimateTokens(text: string): number {
  let units = 0;
  for (const char of text) units += (char.codePointAt(0) ?? 0) < 0x80 ? 1 : 4;
  return Math.ceil(units / 4);
}
