import assert from "node:assert/strict";
import { test } from "node:test";
import { findPrivateKey } from "./private-key.ts";
import type { EndMarkerMemo } from "./private-key.ts";

const BODY =
  "MIIEowIBAAKCAQEAx8Fh3kLm9Qw2Zr4Tn6Yp1Vb7Cd0Ef5Gh2Ij8Kl3Mn4Op6Qr9St\nUv1Wx2Yz3Ab4Cd5Ef6Gh7Ij8Kl9Mn0Op1Qr2St3Uv4Wx5Yz6Ab7Cd8Ef9Gh0Ij1Kl2";

function block(label: string, body = BODY): string {
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
}

test("private key blocks are matched whole, from BEGIN to END", () => {
  const cases: [string, string, boolean][] = [
    ["RSA", `key:\n${block("RSA PRIVATE KEY")}\ndone`, true],
    ["PKCS#8", block("PRIVATE KEY"), true],
    ["encrypted", block("ENCRYPTED PRIVATE KEY"), true],
    ["OpenSSH", block("OPENSSH PRIVATE KEY"), true],
    ["EC", block("EC PRIVATE KEY"), true],
    ["PGP", block("PGP PRIVATE KEY BLOCK"), true],
    ["JSON-escaped", `"${block("PRIVATE KEY").replaceAll("\n", "\\n")}"`, true],
    ["public key", block("PUBLIC KEY"), false],
    ["certificate", block("CERTIFICATE"), false],
    ["placeholder body", block("PRIVATE KEY", "..."), false],
  ];
  for (const [name, text, expected] of cases) {
    const start = text.indexOf("-----BEGIN");
    const span = findPrivateKey(text, start, new Map());
    assert.equal(span !== null, expected, name);
    if (span !== null) {
      assert.equal(span.family, "private-key");
      assert.equal(span.start, start);
      assert.ok(
        text.slice(span.start, span.end).endsWith("PRIVATE KEY-----") ||
          text.slice(span.start, span.end).endsWith("BLOCK-----"),
        name,
      );
    }
  }
});

test("a block without its END marker runs to the end of its body", () => {
  const text = `-----BEGIN RSA PRIVATE KEY-----\n${BODY}\n\nthat is all I have`;
  const span = findPrivateKey(text, 0, new Map());
  assert.ok(span !== null);
  assert.equal(text.slice(span.end).trim(), "that is all I have");
});

test("repeated headers without END markers stay linear", () => {
  const text = "-----BEGIN RSA PRIVATE KEY-----".repeat(10_000) + "-----END RSA PRIVATE KEY-----";
  const memo: EndMarkerMemo = new Map();
  const started = performance.now();
  for (let at = text.indexOf("-----BEGIN"); at !== -1 && at < 200_000; at = text.indexOf("-----BEGIN", at + 70_000)) {
    findPrivateKey(text, at, memo);
  }
  assert.ok(performance.now() - started < 1000);
});
