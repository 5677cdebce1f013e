import assert from "node:assert/strict";
import { test } from "node:test";
import { findAssignments } from "./assignments.ts";

function found(text: string): [string, string][] {
  return findAssignments(text).map((span): [string, string] => [span.family, text.slice(span.start, span.end)]);
}

test("literal values of credential-named keys are found in every common syntax", () => {
  const cases: [string, [string, string][]][] = [
    ["DB_PASSWORD=hunter2", [["credential-assignment", "hunter2"]]],
    ["export API_TOKEN='tok_8f7e6d5c4b3a'", [["credential-assignment", "tok_8f7e6d5c4b3a"]]],
    ['{"password": "S3cr3t!"}', [["credential-assignment", "S3cr3t!"]]],
    ['{\\"password\\": \\"S3cr3t!\\"}', [["credential-assignment", "S3cr3t!"]]],
    ["  password: hunter2 # staging", [["credential-assignment", "hunter2"]]],
    ["spring.datasource.password=pa55word", [["credential-assignment", "pa55word"]]],
    ["mysql --user=root --password=pa55word app", [["credential-assignment", "pa55word"]]],
    ["vercel deploy --token tok9f8e7d6c5b4a", [["credential-assignment", "tok9f8e7d6c5b4a"]]],
    ["<password>pa55word</password>", [["credential-assignment", "pa55word"]]],
    ["define('DB_PASSWORD', 'pa55word');", [["credential-assignment", "pa55word"]]],
    ["Server=db;User Id=sa;Password=pa55word;Encrypt=true", [["credential-assignment", "pa55word"]]],
    ['config["smtp_password"] = "pa55word"', [["credential-assignment", "pa55word"]]],
    ["DB_PASS=changeme", [["credential-assignment", "changeme"]]],
    ["$password = 'pa55word';", [["credential-assignment", "pa55word"]]],
    ["X-API-Key: 9f8e7d6c5b4a3f2e1d0c", [["credential-assignment", "9f8e7d6c5b4a3f2e1d0c"]]],
    [
      "aws_secret_access_key = Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0n",
      [["aws-secret-access-key", "Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0n"]],
    ],
    ["DD_API_KEY=7f3a9c2e5b8d1f4a6c0e9b2d7a5f3c8e", [["datadog-api-key", "7f3a9c2e5b8d1f4a6c0e9b2d7a5f3c8e"]]],
    ["SIGNING_KEY=a8Fk3LmQ9zR2tY7wX1cV5bN0", [["credential-assignment", "a8Fk3LmQ9zR2tY7wX1cV5bN0"]]],
    ["my api key is a8Fk3LmQ9zR2tY7wX1cV5bN0, right?", [["high-entropy-token", "a8Fk3LmQ9zR2tY7wX1cV5bN0"]]],
    ["the staging password is hunter2.", [["credential-assignment", "hunter2"]]],
    ["Authorization: Bearer abc123def456", [["bearer-token", "abc123def456"]]],
    ['http :8000/api "Authorization: Token 7f3a9c2e5b8d1f4a6c0e"', [["bearer-token", "7f3a9c2e5b8d1f4a6c0e"]]],
    ["Authorization: Basic YWRtaW46aHVudGVyMg==", [["basic-auth", "YWRtaW46aHVudGVyMg=="]]],
  ];
  for (const [text, expected] of cases) assert.deepEqual(found(text), expected, text);
});

test("references, placeholders, code and metadata beside credential words are not secrets", () => {
  const cases: string[] = [
    "const password = getPassword();",
    'password = input("Password: ")',
    'password: ""',
    "TOKEN=${TOKEN}",
    'token = os.environ["TOKEN"]',
    "apiKey: process.env.OPENAI_API_KEY,",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    'password: "{{ vault_db_password }}"',
    "OPENAI_API_KEY=your_api_key_here",
    'token: "***"',
    "token: string;",
    "password?: string",
    "password: Optional[str] = None",
    "max_tokens: 4096,",
    "token_count = len(tokens)",
    "self.password = password",
    "headers: { Authorization: `Bearer ${token}` },",
    "secretName: db-credentials",
    'auth_type: "oauth2"',
    'credentials: "include",',
    "The content pass: everything above moves",
    'AWS_SECRET_KEY: "AWS_SECRET_KEY",',
    'X_AWS_EC2_METADATA_TOKEN="x-aws-ec2-metadata-token"',
    'authParameters.operation==="CreateOAuth2Token"',
    "tokenOutput: CreateOAuth2TokenResponseBody | undefined",
    "cacheKey = hash(url)",
    '"key": "0f8e4b6a-1c2d-4e3f-9a8b-7c6d5e4f3a2b"',
    "arn:aws:secretsmanager:us-east-1:123456789012:secret:SecretName-6RandomCharacters",
    "scrypt('password', 'salt', 64)",
    "Promise<AccessToken>; export type X = () => string | Promise<string>;",
    'toast.error("Invalid password: " + reason)',
    "Your token has expired. Please sign in again.",
    "The password is required and the password is stored hashed.",
    "readonly STENCIL_PASS_DEPTH_FAIL: 0x0B95;",
  ];
  for (const text of cases) assert.deepEqual(found(text), [], text);
});

test("scanning stays linear on inputs built to make a parser backtrack", () => {
  const inputs = [
    "password=" + "=".repeat(200_000),
    "token ".repeat(40_000),
    "key:".repeat(50_000),
    '"password": "'.repeat(20_000),
  ];
  for (const input of inputs) {
    const started = performance.now();
    findAssignments(input);
    assert.ok(performance.now() - started < 1000, input.slice(0, 20));
  }
});
