// The front matter of a SKILL.md, as Pi and other agent hosts write it: a block between `---` lines at the top with
// `key: value` lines (values optionally quoted, or folded from indented lines after `>` or `|`). Only what the
// registry needs is read: `name` and `description`, each made one trimmed line. The rest of the file is the body.

export interface SkillDocument {
  name: string;
  description: string;
  body: string;
}

const MAX_NAME_CHARS = 128;
const MAX_DESCRIPTION_CHARS = 2000;

function oneLine(value: string, max: number): string | null {
  const line = value.replace(/\s+/gu, " ").trim();
  return line === "" || [...line].length > max ? null : line;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^(["'])([\s\S]*)\1$/u.exec(trimmed);
  return quoted?.[2] ?? trimmed;
}

/** The `key: value` pairs of a front matter block; a `>` or `|` value takes the indented lines after it. */
function readPairs(lines: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (let index = 0; index < lines.length; index += 1) {
    const match = /^([A-Za-z0-9_-]+):[ \t]*(.*)$/u.exec(lines[index] ?? "");
    if (!match) continue;
    const [, key = "", raw = ""] = match;
    if (raw.trim() === ">" || raw.trim() === "|" || raw.trim() === "") {
      const folded: string[] = [];
      while (/^[ \t]+\S/u.test(lines[index + 1] ?? "")) folded.push((lines[(index += 1)] ?? "").trim());
      pairs.set(key, folded.join(" "));
      continue;
    }
    pairs.set(key, unquote(raw));
  }
  return pairs;
}

/** The document, or null when it has no front matter with a usable name and description. */
export function parseSkillDocument(text: string): SkillDocument | null {
  const lines = text.replace(/^\uFEFF/u, "").split(/\r?\n/u);
  if (lines[0]?.trim() !== "---") return null;
  const end = lines.indexOf("---", 1);
  if (end < 0) return null;
  const pairs = readPairs(lines.slice(1, end));
  const name = oneLine(pairs.get("name") ?? "", MAX_NAME_CHARS);
  const description = oneLine(pairs.get("description") ?? "", MAX_DESCRIPTION_CHARS);
  if (name === null || description === null) return null;
  return {
    name,
    description,
    body: lines
      .slice(end + 1)
      .join("\n")
      .trim(),
  };
}
