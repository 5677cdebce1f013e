import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  analyze,
  MAX_TERM_LENGTH,
  shapeQueryTerms,
  STOP_WORDS,
  termSimilarity,
  textFingerprint,
  toSearchText,
} from "./analyze.ts";

const PLAIN_TERM = /^[\p{L}\p{N}]+$/u;

describe("analyze", () => {
  const cases: Array<[name: string, input: string, expected: string[]]> = [
    ["stems English words", "Installing installed installs", ["instal", "instal", "instal"]],
    ["folds case before stemming", "RUNNING Tests", ["run", "test"]],
    ["leaves words shorter than three letters unstemmed", "as is", ["as", "is"]],
    ["splits camelCase and keeps the joined identifier", "getUserName", ["getusername", "get", "user", "name"]],
    ["splits snake_case", "node_modules", ["nodemodules", "node", "modul"]],
    ["splits kebab-case", "kebab-case", ["kebabcase", "kebab", "case"]],
    ["splits dotted identifiers", "config.yaml", ["configyaml", "config", "yaml"]],
    ["splits acronym runs", "HTTPServer", ["httpserver", "http", "server"]],
    ["splits letters from digits", "sha256", ["sha256", "sha", "256"]],
    [
      "keeps numbers as they are",
      "PostgreSQL 16 on port 5432",
      ["postgresql", "postgr", "sql", "16", "on", "port", "5432"],
    ],
    ["splits version numbers", "v1.2", ["v12", "v", "1", "2"]],
    ["emits CJK unigrams then bigrams", "数据库迁移", ["数", "据", "库", "迁", "移", "数据", "据库", "库迁", "迁移"]],
    ["keeps a single CJK character", "库", ["库"]],
    ["treats kana as CJK", "ラーメン", ["ラ", "ー", "メ", "ン", "ラー", "ーメ", "メン"]],
    ["treats Hiragana and Kanji as one run", "食べる", ["食", "べ", "る", "食べ", "べる"]],
    ["treats Hangul as CJK", "한국어 텍스트", ["한", "국", "어", "한국", "국어", "텍", "스", "트", "텍스", "스트"]],
    ["separates CJK runs from Latin words", "使用npm安装", ["使", "用", "使用", "npm", "安", "装", "安装"]],
    ["normalizes half-width kana (NFKC)", "ｶﾞ", ["ガ"]],
    ["normalizes ligatures and full-width letters (NFKC)", "ﬁle ＡＢＣ", ["file", "abc"]],
    ["keeps non-English letters unstemmed", "Größe café", ["größe", "café"]],
    ["drops combining marks so terms stay plain", "İstanbul", ["istanbul"]],
    ["drops emoji and punctuation", "🚀 deploy!!! --force ... (ok) ✅", ["deploi", "forc", "ok"]],
    ["splits on apostrophes", "don't", ["don", "t"]],
    ["keeps document order and duplicates", "test the test", ["test", "the", "test"]],
    ["returns nothing for blank or symbol-only text", "  \n\t — … !!! ", []],
    ["returns nothing for empty text", "", []],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => assert.deepEqual(analyze(input), expected));
  }

  it("caps terms at the maximum length in code points", () => {
    const terms = analyze(`${"x".repeat(100)} ${"数".repeat(3)}${"b".repeat(70)}Cc`);
    for (const term of terms) assert.ok([...term].length <= MAX_TERM_LENGTH, term);
    assert.equal(terms[0], "x".repeat(MAX_TERM_LENGTH));
  });

  it("emits only plain letter/digit runs for mixed, hostile input", () => {
    const input = 'a_b-c.d e\u0301 \u0000\u0007 ﷺ x² ٣٤ 𝔘𝔫𝔦 ㈱ İI ǅ \ud800 `rm -rf /` <tag attr="v"> 数据 🙂ok';
    const terms = analyze(input);
    assert.ok(terms.length > 0);
    for (const term of terms) assert.match(term, PLAIN_TERM);
  });

  it("analyzes 200,000 characters of adversarial input without blowing up", () => {
    const inputs = [
      "a".repeat(200_000),
      `${" ".repeat(200_000)}x`,
      "a.".repeat(100_000),
      "aA1".repeat(66_666),
      "数".repeat(200_000),
      "must ".repeat(40_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const terms = analyze(input);
      assert.ok(performance.now() - started < 1_000, `slow on ${input.slice(0, 10)}`);
      for (const term of terms.slice(0, 100)) assert.match(term, PLAIN_TERM);
    }
  });
});

describe("toSearchText", () => {
  it("joins the analyzer terms with single spaces", () => {
    assert.equal(toSearchText("Use getUserName, not 数据!"), "us getusername get user name not 数 据 数据");
  });
});

describe("STOP_WORDS", () => {
  it("holds both the listed words and their stemmed forms", () => {
    for (const word of ["the", "does", "doe", "this", "thi", "was", "wa", "being", "be", "only", "onli"]) {
      assert.ok(STOP_WORDS.has(word), word);
    }
  });

  it("never swallows the stem of a coding content word", () => {
    for (const word of [
      "use",
      "using",
      "test",
      "run",
      "build",
      "deploy",
      "install",
      "quit",
      "mining",
      "owned",
      "config",
    ]) {
      for (const term of analyze(word)) assert.ok(!STOP_WORDS.has(term), `${word} → ${term}`);
    }
  });
});

describe("shapeQueryTerms", () => {
  const cases: Array<[name: string, input: string, expected: string[]]> = [
    ["drops stop words and single ASCII characters", "how do I run the tests for a CLI?", ["test", "run", "cli"]],
    [
      "ranks identifiers and numbers above short words",
      "Why does getUserName fail on port 5432",
      ["getusername", "5432", "user", "name", "fail", "port"],
    ],
    ["favours repeated terms", "cache db cache db cache", ["cach", "db"]],
    ["ranks CJK bigrams above unigrams", "数据库", ["数据", "据库", "数", "据", "库"]],
    ["keeps first-occurrence order on ties", "zeta alfa beta", ["zeta", "alfa", "beta"]],
    ["returns nothing for stop words only", "what is this and how does it do that with them", []],
    ["returns nothing for empty text", "", []],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => assert.deepEqual(shapeQueryTerms(input), expected));
  }

  it("returns at most maxTerms unique terms", () => {
    const text = Array.from({ length: 100 }, (_, i) => `term${i}`).join(" ");
    assert.equal(shapeQueryTerms(text).length, 48);
    assert.equal(shapeQueryTerms(text, 5).length, 5);
    assert.deepEqual(shapeQueryTerms(text, 0), []);
    const unique = shapeQueryTerms("alpha alpha beta beta gamma", 10);
    assert.equal(new Set(unique).size, unique.length);
  });

  it("is deterministic", () => {
    const text = "We decided to use PostgreSQL 16 for billing; run `npm test` before committing. 数据库迁移";
    assert.deepEqual(shapeQueryTerms(text), shapeQueryTerms(text));
  });

  it("shapes a 200,000-character query without blowing up", () => {
    const prose =
      "We decided to use PostgreSQL 16 for the billing service; SQLite is only for local tests. " +
      "Run `npm test` before committing. The API listens on port 8080 and getUserName lives in src/users/name.ts. " +
      "数据库迁移 needs review. ";
    const text = prose.repeat(Math.ceil(200_000 / prose.length)).slice(0, 200_000);
    shapeQueryTerms(text);
    const started = performance.now();
    const terms = shapeQueryTerms(text);
    const elapsed = performance.now() - started;
    assert.ok(terms.includes("getusername"));
    // Only a guard against work that grows faster than the text (it takes a few tens of ms); the speed itself is
    // measured by `npm run bench -- recall` (its long-prompt column), not asserted here.
    assert.ok(elapsed < 2_000, `took ${elapsed.toFixed(1)} ms`);
  });
});

describe("textFingerprint", () => {
  const same: Array<[a: string, b: string]> = [
    ["Use PostgreSQL 16.", "use postgresql 16"],
    ["Use  PostgreSQL\n\t16!", "USE POSTGRESQL 16"],
    ["  Always run lint;  ", "always run lint"],
    ["Run tests...", "run tests"],
    ["ＡＢＣ", "abc"],
    ["数据库迁移。", "数据库迁移"],
  ];
  for (const [a, b] of same) {
    it(`treats ${JSON.stringify(a)} and ${JSON.stringify(b)} as the same text`, () => {
      assert.equal(textFingerprint(a), textFingerprint(b));
    });
  }

  const different: Array<[a: string, b: string]> = [
    ["Use PostgreSQL 16", "Use PostgreSQL 15"],
    ["Use tabs", "Use tabs?"],
    ["run tests", "runtests"],
    ["Do not deploy on Fridays", "Do deploy on Fridays"],
  ];
  for (const [a, b] of different) {
    it(`tells ${JSON.stringify(a)} from ${JSON.stringify(b)}`, () => {
      assert.notEqual(textFingerprint(a), textFingerprint(b));
    });
  }

  it("is a 64-character lowercase hex digest", () => {
    assert.match(textFingerprint("anything"), /^[0-9a-f]{64}$/);
    assert.match(textFingerprint(" ".repeat(200_000)), /^[0-9a-f]{64}$/);
  });
});

describe("termSimilarity", () => {
  const cases: Array<[a: string[], b: string[], expected: number]> = [
    [["a", "b"], ["a", "b"], 1],
    [["a", "b"], ["b", "a", "a"], 1],
    [["a", "b"], ["c", "d"], 0],
    [["a", "b", "c"], ["a", "b", "d"], 0.5],
    [["a"], [], 0],
    [[], [], 0],
  ];
  for (const [a, b, expected] of cases) {
    it(`scores ${JSON.stringify(a)} against ${JSON.stringify(b)} as ${expected}`, () => {
      assert.equal(termSimilarity(a, b), expected);
    });
  }

  it("flags near-duplicate statements above 0.8 and distinct ones below", () => {
    const base = analyze("Use PostgreSQL 16 for the billing service and SQLite only for local tests");
    const near = analyze("Use PostgreSQL 16 for the billing service, and SQLite only for the local tests.");
    const far = analyze("Run npm test before committing any change to the billing service");
    assert.ok(termSimilarity(base, near) >= 0.8);
    assert.ok(termSimilarity(base, far) < 0.8);
  });
});
