// Normalizes a Git remote URL into a credential-free `host[:port]/path` identity.

const SCP_REMOTE = /^(?:[^@/\s]+@)?(?<host>[^:/\s]+):(?<path>[^\s].*)$/;
const URL_SCHEMES = new Set(["http:", "https:", "ssh:", "git:", "git+ssh:", "ssh+git:"]);

function cleanPath(path: string): string {
  const segments = path
    .replaceAll("\\", "/")
    .split("/")
    .filter((segment) => segment !== "");
  let joined = segments.join("/");
  while (joined.endsWith(".git") || joined.endsWith("/")) {
    joined = joined.endsWith("/") ? joined.slice(0, -1) : joined.slice(0, -4);
  }
  return joined;
}

/**
 * `https://user:token@GitHub.com/Acme/Billing.git` → `github.com/Acme/Billing`. Accepts HTTP(S), SSH, git and
 * SCP-style (`git@host:path`) remotes; returns null for anything else (local paths, file URLs, empty input).
 * The host is lowercased, credentials and a trailing `.git` are dropped, the path keeps its case.
 */
export function normalizeGitRemote(remote: string): string | null {
  const value = remote.trim();
  if (value === "") return null;
  if (!value.includes("://")) {
    const scp = SCP_REMOTE.exec(value);
    if (scp?.groups === undefined) return null;
    const host = scp.groups.host?.toLowerCase() ?? "";
    const path = cleanPath(scp.groups.path ?? "");
    if (host === "" || path === "" || /^[a-z]$/i.test(host)) return null;
    return `${host}/${path}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!URL_SCHEMES.has(url.protocol) || url.hostname === "") return null;
  const host = url.hostname.toLowerCase() + (url.port === "" ? "" : `:${url.port}`);
  const path = cleanPath(decodeURIComponentSafe(url.pathname));
  return path === "" ? null : `${host}/${path}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
