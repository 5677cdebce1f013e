// The package as users install it: `pi install <packages/pi>` from this checkout, then a new Pi process.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { makeHome, PACKAGE_DIR, PI_VERSIONS, startPi, HERMETIC_ENV } from "./support/pi-rpc.ts";

const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as {
  name: string;
  engines: { node: string };
  pi: { extensions: string[]; skills: string[] };
  peerDependencies: Record<string, string>;
  dependencies?: Record<string, string>;
};

test("the manifest names the extension and the bundled Skill; host packages are peer dependencies", () => {
  assert.equal(manifest.name, "powercontext-pi");
  assert.equal(manifest.engines.node, ">=22.19");
  assert.deepEqual(manifest.pi, { extensions: ["./extensions/powercontext.ts"], skills: ["./skills"] });
  assert.deepEqual(Object.keys(manifest.peerDependencies).sort(), ["@earendil-works/pi-coding-agent", "typebox"]);
  for (const host of Object.keys(manifest.peerDependencies)) assert.equal(manifest.dependencies?.[host], undefined);
  assert.match(
    readFileSync(join(PACKAGE_DIR, "skills", "project-context", "SKILL.md"), "utf8"),
    /^---\nname: project-context\ndescription: /,
  );
});

for (const version of PI_VERSIONS) {
  describe(`Pi ${version.name}: package install`, () => {
    test("pi install registers the package; a new Pi process exposes /pc and the Skill", async () => {
      const home = makeHome("http://127.0.0.1:9/v1");
      const env = {
        ...process.env,
        HOME: join(home.agentDir, ".."),
        PI_CODING_AGENT_DIR: home.agentDir,
        ...HERMETIC_ENV,
      };
      const install = spawnSync(process.execPath, [version.cli, "install", PACKAGE_DIR], {
        cwd: home.cwd,
        env,
        encoding: "utf8",
      });
      assert.equal(install.status, 0, install.stderr);
      const list = spawnSync(process.execPath, [version.cli, "list"], { cwd: home.cwd, env, encoding: "utf8" });
      assert.equal(list.status, 0, list.stderr);
      assert.match(list.stdout, /packages\/pi/);
      const pi = await startPi({ version, home, args: ["--no-session"] });
      try {
        const { commands } = (await pi.send({ type: "get_commands" })).data as {
          commands: { name: string; source: string; sourceInfo?: { origin?: string } }[];
        };
        const pc = commands.find((command) => command.name === "pc");
        assert.equal(pc?.source, "extension");
        assert.equal(pc?.sourceInfo?.origin, "package");
        assert.ok(commands.some((command) => command.name === "skill:project-context"));
      } finally {
        await pi.stop();
      }
    });
  });
}
