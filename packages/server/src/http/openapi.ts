// The OpenAPI document's header. Paths come from the route schemas (@powercontext/protocol/operations) through @fastify/swagger.
export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: {
    title: "PowerContext",
    version: "1.0.0",
    description:
      "PowerContext v1 HTTP contract as served by the TypeScript Server, plus Memory candidate review under /v1/memory/candidates/*.",
  },
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  },
} as const;
