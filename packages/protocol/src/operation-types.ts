// The TypeScript types of each operation's input and answer, derived from the operation table's schemas, so the
// routes, the domain and the Pi client agree with the validated wire shapes by construction.
import type { Static, TSchema } from "typebox";
import type { OperationId } from "./operation-routes.ts";
import type { OPERATIONS } from "./operations.ts";

type Spec<Id extends OperationId> = (typeof OPERATIONS)[Id];

/** The JSON body of a POST operation; `undefined` for an operation that takes none. */
export type OperationBody<Id extends OperationId> =
  Spec<Id> extends { readonly body: infer Schema extends TSchema } ? Static<Schema> : undefined;

/** The query-string parameters of a GET operation; `undefined` for an operation that takes none. */
export type OperationQuery<Id extends OperationId> =
  Spec<Id> extends { readonly querystring: infer Schema extends TSchema } ? Static<Schema> : undefined;

/** What a client sends: the body, else the query-string parameters, else nothing (an empty object). */
export type OperationRequest<Id extends OperationId> =
  OperationBody<Id> extends object
    ? OperationBody<Id>
    : OperationQuery<Id> extends object
      ? OperationQuery<Id>
      : Record<string, never>;

/** The statuses an operation answers with its result; every other status carries an error body. */
export type SuccessStatus = 200 | 201 | 202;

type SuccessSchema<Id extends OperationId> = Spec<Id>["response"][Extract<keyof Spec<Id>["response"], SuccessStatus>];

/** The body of an operation's success answer (readiness answers the same body with 503 when not ready). */
export type OperationResponse<Id extends OperationId> =
  SuccessSchema<Id> extends infer Schema extends TSchema ? Static<Schema> : never;
