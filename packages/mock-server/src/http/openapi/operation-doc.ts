import type { ErrorCode, RequestOperation } from '@glm/domain';
import type { RouteTag } from '@glm/domain/contract';
import type { z } from 'zod';
import type { PathParameterSpec } from '../../operations/endpoint-doc.ts';

/** The tags that group operations, with their descriptions, in document order. */
export const OPERATION_TAGS = {
  Products: 'The catalog, shared by test and live mode, and the HSA/FSA eligibility check.',
  Checkout:
    'Checkout sessions: create one and poll its status, answered in the `{success, message, data, metadata}` envelope.',
  'Payment links': 'Payment links: create, list, get and cancel.',
  Orders: 'Orders: list and get.',
  Refunds: 'Refunds, partial or full, split between the HSA/FSA card and the regular card.',
  Subscriptions: 'Subscriptions for returning customers: create and cancel.',
  'Test helpers': 'Test-mode operations: live keys get 403 forbidden.',
  Document: 'This OpenAPI document.',
} as const satisfies Readonly<Record<RouteTag, string>>;

/** How the OpenAPI document describes one endpoint (its method and path are the route's). */
export interface OperationDoc {
  /** Unique operation id (camelCase). */
  readonly operationId: string;
  /** One-line summary. */
  readonly summary: string;
  /** Longer description: rules the schemas cannot carry (cross-field checks, side effects). */
  readonly description?: string;
  /** The group the operation belongs to. */
  readonly tag: RouteTag;
  /** Path parameters by name; `id` gets a generic description when absent. */
  readonly pathParameters?: Readonly<Record<string, PathParameterSpec>>;
  /** The query schema, documented parameter by parameter. */
  readonly query?: z.ZodObject;
  /** The request body's schema, a component named as `@glm/domain` exports it. */
  readonly body?: z.ZodType;
  /** How the server maps the request's validation problems to errors (the domain's rules). */
  readonly validation?: RequestOperation;
  /** The success answer. */
  readonly success: {
    readonly status: 200 | 201;
    /** The answer's schema, a component named as `@glm/domain` exports it. */
    readonly schema: z.ZodType;
    readonly description: string;
  };
  /** Refusals of the operation itself, beyond authentication, validation, bodies and idempotency. */
  readonly errors?: readonly ErrorCode[];
  /** Whether a success answer may carry the `Glm-Mock-Warning` header (the route table's `warns`). */
  readonly warns?: true;
}
