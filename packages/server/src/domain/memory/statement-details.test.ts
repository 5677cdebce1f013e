import assert from "node:assert/strict";
import { test } from "node:test";
import { sameDetails } from "./statement-details.ts";

test("another name, number, version or identifier is another statement", () => {
  assert.equal(
    sameDetails(
      "Priya is reviewing the billing migration this week.",
      "Kofi is reviewing the billing migration this week.",
    ),
    false,
  );
  assert.equal(
    sameDetails("The API listens on port 8080 in staging.", "The API listens on port 9090 in staging."),
    false,
  );
  assert.equal(sameDetails("We pin Node 20 in CI.", "We pin Node 22 in CI."), false);
  assert.equal(
    sameDetails("Settings live in config/app.yaml today.", "Settings live in config/base.yaml today."),
    false,
  );
});

test("the same details in other case or order, or with other plain words, are the same statement", () => {
  assert.equal(sameDetails("We use pnpm, never npm or yarn.", "we use pnpm and never npm or yarn"), true);
  assert.equal(sameDetails("Always run the tests before pushing.", "Run the tests before pushing, always."), true);
  assert.equal(sameDetails("Priya owns the billing service.", "The billing service is owned by Priya."), true);
  assert.equal(
    sameDetails("The API listens on port 8080.", "The API listens on port 8080 in every environment."),
    true,
  );
});
