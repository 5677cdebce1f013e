// WorkClaim rules (contract §3): `verified` needs at least one evidence item, `declared` needs none.
import type { HandoffCitation, WorkClaim } from "@powercontext/protocol";
import { PowerContextError } from "../../errors.ts";

/** What the rule reads of a WorkClaim, and of a TaskCheck, which follows the same rule. */
export type Claim = Pick<WorkClaim, "basis" | "evidence">;

/** 422 `invalid_request` naming the first claim that breaks the basis rule. */
export function checkClaims(claims: ReadonlyArray<{ claim: Claim; where: string }>): void {
  for (const { claim, where } of claims) {
    if (claim.basis === "verified" && claim.evidence.length === 0) {
      throw new PowerContextError("invalid_request", `${where}: a verified claim needs at least one evidence item.`);
    }
    if (claim.basis === "declared" && claim.evidence.length > 0) {
      throw new PowerContextError("invalid_request", `${where}: a declared claim carries no evidence.`);
    }
  }
}

/** Every evidence citation of `claims`, in order. */
export function claimEvidence(claims: readonly Claim[]): HandoffCitation[] {
  return claims.flatMap((claim) => claim.evidence);
}
