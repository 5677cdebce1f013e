import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyStatement } from "./rules.ts";

/** Auto-approved (≥ 0.7), so the statement reaches Memory without a person. */
const APPROVED = 0.7;

describe("rules extractor: project facts reach Memory", () => {
  const kept: Array<[statement: string, kind: string]> = [
    ["The ledger service is owned by the payments team; questions go to #team-backend.", "fact"],
    ["The platform team owns the auth gateway.", "fact"],
    ["Dana is on call for the backoffice this month.", "fact"],
    ["Heads up: the search indexer pager is with Priya through Q3.", "fact"],
    ["The ledger service runs on Ruby 3.2 and we pin it in .tool-versions.", "fact"],
    ["The warehouse loader is backed by PostgreSQL 16.", "fact"],
    ["for context: pay-web is a Fastify app.", "fact"],
    ["The backoffice reads its connection string from DATABASE_URL, set in .env.local.", "fact"],
    ["The notification worker consumes jobs from SQS, with at-least-once delivery.", "fact"],
    ["Invoice exporter secrets live in Vault.", "fact"],
    ["billing worker secrets live in gopass.", "fact"],
    ["Deploy secrets live in pass, one folder per environment.", "fact"],
    ["Heads up, ledger service bundling moved to esbuild.", "decision"],
    ["We switched over to pnpm for the monorepo.", "decision"],
    ["Code style for the ledger service: no default exports.", "convention"],
    ["Rules for the mobile app: every release goes through TestFlight first.", "constraint"],
    ["OK, Rule: breaking payments frontend changes need an Accept-Version header.", "constraint"],
    ["OK, Style: payments frontend commits use gitmoji.", "convention"],
  ];
  for (const [statement, kind] of kept) {
    it(`keeps "${statement}" as ${kind}`, () => {
      const match = classifyStatement(statement);
      assert.equal(match?.kind, kind);
      assert.ok((match?.confidence ?? 0) >= APPROVED, `confidence ${match?.confidence}`);
    });
  }

  // The same verbs in passing talk name no tool, team or setting, so they stay out.
  const dropped = [
    "I moved to the other branch.",
    "It moved to the next step after the retry.",
    "The spinner reads from left to right.",
    "Thanks, it runs on my machine now.",
    "Who owns the flaky test?",
    "The dashboard moved to the left panel.",
  ];
  for (const statement of dropped) {
    it(`does not approve "${statement}"`, () => {
      const match = classifyStatement(statement);
      assert.ok(match === null || match.confidence < APPROVED, `${match?.kind} ${match?.confidence}`);
    });
  }

  it("keeps the subject before a topic label in the text", () => {
    assert.equal(
      classifyStatement("Code style for the ledger service: no default exports.")?.text,
      "Code style for the ledger service: no default exports.",
    );
  });
});
