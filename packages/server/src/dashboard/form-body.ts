// Form posts (application/x-www-form-urlencoded), parsed only inside the dashboard's plugin: the API under /v1 keeps
// accepting JSON alone.
import type { FastifyInstance, FastifyRequest } from "fastify";

export type FormFields = Map<string, string[]>;

export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    /^application\/x-www-form-urlencoded(?:\s*;.*)?$/i,
    { parseAs: "string" },
    (_request, body, done) => {
      const fields: FormFields = new Map();
      for (const [name, value] of new URLSearchParams(String(body))) {
        fields.set(name, [...(fields.get(name) ?? []), value]);
      }
      done(null, fields);
    },
  );
}

export function formOf(request: FastifyRequest): FormFields {
  return request.body instanceof Map ? (request.body as FormFields) : new Map();
}

/** The field's first value, or "" when absent. */
export function field(form: FormFields, name: string): string {
  return form.get(name)?.[0] ?? "";
}
