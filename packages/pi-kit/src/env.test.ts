import assert from "node:assert/strict";
import { test } from "node:test";
import { createEnvReader } from "./env.ts";

const refuse = (message: string) => new Error(message);

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
    assert.equal(createEnvReader({ SWITCH: value }, refuse).flag("SWITCH", true), expected, String(value));
});

test("a switch refuses any other word, naming the variable", () => {
  for (const value of ["2", "enabled", "y", "nope"])
    assert.throws(() => createEnvReader({ SWITCH: value }, refuse).flag("SWITCH", false), {
      message: "SWITCH must be true or false.",
    });
});

test("integers are decimal, and a ranged integer is refused outside its range", () => {
  const read = createEnvReader({ A: " 42 ", B: "4.2", C: "-3", D: "" }, refuse);
  assert.equal(read.integer("A", 0), 42);
  assert.equal(read.integer("C", 0), -3);
  assert.equal(read.integer("D", 7), 7);
  assert.throws(() => read.integer("B", 0), { message: "B must be an integer." });
  assert.equal(read.ranged("A", 0, 1, 42), 42);
  assert.throws(() => read.ranged("A", 0, 1, 41), { message: "A must be between 1 and 41." });
});

test("text is trimmed, and unset or blank is null", () => {
  const read = createEnvReader({ A: "  x ", B: " " }, refuse);
  assert.deepEqual([read.text("A"), read.text("B"), read.text("C")], ["x", null, null]);
});
