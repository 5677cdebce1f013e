import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizeGitRemote } from "./git-remote.ts";

test("Git remotes normalize to a credential-free lowercase-host identity without .git", () => {
  const cases: [string, string | null][] = [
    ["https://github.com/acme/billing.git", "github.com/acme/billing"],
    ["https://user:token@GitHub.com/Acme/Billing.git/", "github.com/Acme/Billing"],
    ["http://gitlab.local:8080/group/sub/repo", "gitlab.local:8080/group/sub/repo"],
    ["ssh://git@github.com/acme/billing.git", "github.com/acme/billing"],
    ["ssh://git@github.com:2222/acme/billing.git", "github.com:2222/acme/billing"],
    ["git://example.org/project.git", "example.org/project"],
    ["git@github.com:acme/billing.git", "github.com/acme/billing"],
    ["github.com:acme/billing", "github.com/acme/billing"],
    ["  git@GITHUB.com:acme//billing.git\n", "github.com/acme/billing"],
    ["https://github.com/acme/billing.git.git", "github.com/acme/billing"],
    ["/srv/git/billing.git", null],
    ["../billing", null],
    ["file:///srv/git/billing.git", null],
    ["C:\\repos\\billing", null],
    ["https://github.com/", null],
    ["", null],
  ];
  for (const [remote, expected] of cases) assert.equal(normalizeGitRemote(remote), expected, remote);
});
