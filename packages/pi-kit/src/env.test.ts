import assert from "node:assert/strict";
import { test } from "node:test";
import { Type } from "typebox";
import { readEnvironment } from "./env.ts";

const refuse = (message: string) => new Error(message);

const SWITCH = Type.Object({ SWITCH: Type.Boolean({ default: true }) });

test("a switch accepts the one shared vocabulary, in any case and with blanks around it", () => {
  const cases: [string | undefined, boolean][] = [
    ["1", true],
    ["true", true],
    [" TRUE ", true],
    ["yes", true],
    ["On", true],
    ["0", false],
    ["false", false],
    ["No", false],
    ["off", false],
    [undefined, true],
    ["  ", true],
  ];
  for (const [value, expected] of cases)
    assert.equal(readEnvironment(SWITCH, { SWITCH: value }, refuse).SWITCH, expected, String(value));
});

test("a switch refuses any other word, naming the variable", () => {
  for (const value of ["2", "enabled", "y", "nope"])
    assert.throws(() => readEnvironment(SWITCH, { SWITCH: value }, refuse), {
      message: "SWITCH must be true or false.",
    });
});

test("integers are decimal, and a ranged integer is refused outside its range", () => {
  const schema = Type.Object({
    A: Type.Integer({ default: 0 }),
    B: Type.Integer({ default: 0 }),
    C: Type.Integer({ default: 0 }),
    D: Type.Integer({ default: 7 }),
    R: Type.Integer({ default: 1, minimum: 1, maximum: 41 }),
  });
  const read = (env: Record<string, string>) => readEnvironment(schema, env, refuse);
  assert.deepEqual(read({ A: " 42 ", C: "-3", D: "" }), { A: 42, B: 0, C: -3, D: 7, R: 1 });
  assert.throws(() => read({ B: "4.2" }), { message: "B must be an integer." });
  assert.equal(read({ R: "41" }).R, 41);
  assert.throws(() => read({ R: "42" }), { message: "R must be between 1 and 41." });
});

test("text is trimmed, and unset or blank is absent", () => {
  const schema = Type.Object({
    A: Type.Optional(Type.String()),
    B: Type.Optional(Type.String()),
    C: Type.Optional(Type.String()),
  });
  assert.deepEqual(readEnvironment(schema, { A: "  x ", B: " " }, refuse), { A: "x" });
});

test("a choice names its words, and a schema's own refusal replaces the made-up one", () => {
  const schema = Type.Object({
    MODE: Type.Union([Type.Literal("active"), Type.Literal("passive"), Type.Literal("off")], { default: "active" }),
    HEADER: Type.Optional(Type.String({ pattern: "^[a-z]*$", refusal: "must be lower-case letters." })),
  });
  assert.equal(readEnvironment(schema, {}, refuse).MODE, "active");
  assert.throws(() => readEnvironment(schema, { MODE: "loud" }, refuse), {
    message: "MODE must be active, passive or off.",
  });
  assert.throws(() => readEnvironment(schema, { HEADER: "Secret1" }, refuse), {
    message: "HEADER must be lower-case letters.",
  });
});
