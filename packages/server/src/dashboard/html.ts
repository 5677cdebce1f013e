// HTML built only through the `html` template tag: every interpolated value is escaped unless it is itself the result
// of `html`. Memory, Source and candidate text are untrusted, so there is no other way to put text into a page.
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Markup that is safe to send: made by `html` from constant template text and escaped values. */
export class SafeHtml {
  readonly markup: string;
  constructor(markup: string) {
    this.markup = markup;
  }
  toString(): string {
    return this.markup;
  }
}

export type Interpolation = string | number | boolean | null | undefined | SafeHtml | readonly Interpolation[];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ESCAPES[char] ?? char);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** Template tag: the template's own text is trusted, every value is escaped (arrays are joined, null is empty). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0] ?? "";
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(markup);
}

/** A path under the dashboard whose segments (scope ids, entry ids) are percent-encoded. */
export function pathOf(...segments: string[]): string {
  return `/${segments.map((segment) => encodeURIComponent(segment)).join("/")}`;
}
