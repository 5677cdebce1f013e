import assert from "node:assert/strict";
import { test } from "node:test";
import { html, pathOf } from "./html.ts";

test("every interpolated value is escaped unless it was made by html itself", () => {
  const table: Array<[string, string]> = [
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ['" onmouseover="x', "&quot; onmouseover=&quot;x"],
    ["' autofocus onfocus='x", "&#39; autofocus onfocus=&#39;x"],
    ["`${x}` & </textarea>", "&#96;${x}&#96; &amp; &lt;/textarea&gt;"],
    ["[a](javascript:x) **b**", "[a](javascript:x) **b**"],
  ];
  for (const [value, expected] of table) {
    assert.equal(html`<p title="${value}">${value}</p>`.markup, `<p title="${expected}">${expected}</p>`, value);
  }
  assert.equal(html`<ul>${["<a>", html`<li>${"<b>"}</li>`]}</ul>`.markup, "<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>");
  assert.equal(html`${null}${undefined}${false}${0}`.markup, "0");
});

test("paths percent-encode each segment, so a scope id cannot leave its segment", () => {
  assert.equal(pathOf("ui", "scopes", "a/b?c#d", "memory"), "/ui/scopes/a%2Fb%3Fc%23d/memory");
  assert.equal(pathOf("ui", "scopes", '"><x'), "/ui/scopes/%22%3E%3Cx");
});
