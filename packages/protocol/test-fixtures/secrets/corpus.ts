// The detector's corpus, generated at run time from a seed so the repository holds no literal secret: true secrets by
// family (assignment syntaxes, provider formats by category, value shapes, commands and headers, long values, and the
// earlier planted corpus) and look-alikes by group (masks after real prefixes, credential words inside identifiers,
// lock-file hashes, ids and digests, and the earlier benign corpus).
import { buildBenign } from "./benign.ts";
import { buildPlanted } from "./planted.ts";
import { PLATFORM_SAMPLES } from "./provider-samples-platforms.ts";
import type { ProviderSample } from "./provider-samples-platforms.ts";
import { SERVICE_SAMPLES } from "./provider-samples-services.ts";
import { ALNUM, createRandom } from "./random.ts";
import type { Random } from "./random.ts";
import { commandSamples, longValueSamples, shapeSamples } from "./shape-samples.ts";
import { LOOKALIKE_GROUPS } from "./lookalike-samples.ts";
import { encodedIn, SYNTAXES } from "./syntax-samples.ts";

export interface TrueSample {
  /** The corpus family it is counted under (`assignment-syntax`, `provider/ai`, …). */
  family: string;
  /** What exactly it is (the syntax, provider or shape). */
  kind: string;
  /** The secret; no part of it may survive redaction. */
  secret: string;
  text: string;
}

export interface LookAlike {
  family: string;
  text: string;
}

export const PROVIDER_SAMPLES: readonly ProviderSample[] = [...PLATFORM_SAMPLES, ...SERVICE_SAMPLES];

const KEYED_PLACES: readonly ((variable: string, token: string) => string)[] = [
  (v, t) => `${v}=${t}`,
  (v, t) => `export ${v}="${t}"`,
  (v, t) => `    ${v}: ${t}`,
  (v, t) => `{\n  "${v.toLowerCase()}": "${t}",\n  "region": "eu-west-1"\n}`,
  (v, t) => `os.environ["${v}"] = "${t}"`,
  (v, t) => `- name: ${v}\n  value: "${t}"`,
  (v, t) => `${v} := ${t}`,
  (v, t) => `docker run -e ${v}=${t} acme/worker:2`,
];

const BARE_PLACES: readonly ((token: string) => string)[] = [
  (t) => `Weird, the one from the dashboard (${t}) works with curl but not from the worker.`,
  (t) => `2024-06-03T08:14:22Z warn [sync] upstream rejected ${t} with 401`,
  (t) => `here it is: ${t}`,
  (t) => `| staging | ${t} |`,
  (t) => `client.init("${t}")`,
];

/** The part of a token that must disappear: a URL's userinfo or path, otherwise the whole token. */
function secretPart(token: string): string {
  const userinfo = /^[a-z+]+:\/\/[^:/@]*:([^@]+)@/.exec(token);
  if (userinfo?.[1] !== undefined) return userinfo[1];
  const url = /^https:\/\/(.+)$/.exec(token);
  return url?.[1] ?? token;
}

function providerSamples(r: Random): TrueSample[] {
  const samples: TrueSample[] = [];
  for (const provider of PROVIDER_SAMPLES) {
    const family = `provider/${provider.category}`;
    for (let round = 0; round < 2; round += 1) {
      const token = provider.make(r);
      samples.push({
        family,
        kind: provider.provider,
        secret: secretPart(token),
        text: r.pick(KEYED_PLACES)(provider.variable, token),
      });
    }
    if (provider.bare) {
      const token = provider.make(r);
      samples.push({
        family,
        kind: `${provider.provider} (bare)`,
        secret: secretPart(token),
        text: r.pick(BARE_PLACES)(token),
      });
    }
  }
  return samples;
}

/** A value of the kind people put in config: a password, a random token, or a provider-looking key. */
function configValue(r: Random): string {
  return r.pick([
    r.chars(`${ALNUM}!#%^*-_`, r.int(12, 24)),
    r.alnum(r.int(24, 48)),
    r.hex(40),
    `${r.pick(["Summer", "Harbor", "Falcon"])}${r.int(10, 99)}!${r.alnum(4)}`,
  ]);
}

function syntaxSamples(r: Random): TrueSample[] {
  const samples: TrueSample[] = [];
  for (const [syntax, place] of SYNTAXES) {
    for (let round = 0; round < 4; round += 1) {
      const value = configValue(r);
      const secret = encodedIn(syntax) ? Buffer.from(value).toString("base64") : value;
      samples.push({ family: "assignment-syntax", kind: syntax, secret, text: place(r, value) });
    }
  }
  return samples;
}

export function buildCorpus(seed = 17): { secrets: TrueSample[]; lookalikes: LookAlike[] } {
  const r = createRandom(seed);
  const secrets: TrueSample[] = [
    ...syntaxSamples(r),
    ...providerSamples(r),
    ...shapeSamples(r).map((s) => ({ family: "value-shape", ...s })),
    ...commandSamples(r).map((s) => ({ family: "command-or-header", ...s })),
    ...longValueSamples(r).map((s) => ({ family: "long-value", ...s })),
    ...buildPlanted(r).map((p) => ({ family: "planted-v1", kind: p.family, secret: p.secret, text: p.text })),
  ];
  const lookalikes: LookAlike[] = [];
  for (const [family, makers] of LOOKALIKE_GROUPS) {
    for (let round = 0; round < 4; round += 1) for (const make of makers) lookalikes.push({ family, text: make(r) });
  }
  for (const entry of buildBenign(r, 50)) lookalikes.push({ family: "benign-v1", text: entry.text });
  return { secrets, lookalikes };
}
