import type { OperationId } from '@glm/domain/contract';
import { z } from 'zod';

/** A path parameter: its description and, when not a plain string, its schema. */
export interface PathParameterSpec {
  /** What the parameter names. */
  readonly description: string;
  /** Its schema; a non-empty string when omitted. */
  readonly schema?: z.ZodType;
}

/**
 * What the author of an endpoint writes of its OpenAPI description: the prose the route table does not
 * carry. Method, path, summary, group, success status, schemas, validation rules and errors are the
 * route table's (`@glm/domain/contract`).
 */
export interface EndpointDoc {
  /** Longer description: rules the schemas cannot carry (cross-field checks, side effects). */
  readonly description?: string;
  /** Path parameters by name; `id` gets a generic description when absent. */
  readonly pathParameters?: Readonly<Record<string, PathParameterSpec>>;
  /** What the success answer is. */
  readonly success: { readonly description: string };
}

/**
 * The endpoint that runs an operation over HTTP: its row of the route table (method, path, schemas,
 * rules, status, errors and HTTP behaviour) and the prose the table does not carry. The server builds
 * the endpoint from it, so an operation that names its row needs no other registration.
 */
export interface OperationEndpoint extends EndpointDoc {
  /** Its row of the route table. */
  readonly operationId: OperationId;
}

/** The product id path parameter: a positive integer. */
export const productIdParameter: PathParameterSpec = {
  description: 'The product id (a positive integer; a non-integer is 400 invalid_request).',
  schema: z.int().positive(),
};

/** A prefixed id path parameter (`cs_…`, `ord_…`), described for the object it names. */
export const idOf = (what: string, prefix: string): PathParameterSpec => ({
  description: `The ${what} id (\`${prefix}…\`; an id of the other mode is unknown).`,
});
