/**
 * The contract of the service's API, one definition per endpoint and no zod: its operation id,
 * method, path, group, summary, success status, the names of its body, query and answer schemas (as
 * `@glm/domain` exports them), its validation rules, its documented errors, its SDK call and one
 * valid request. The reference server, its OpenAPI document, the SDK's type checks, the docs and the
 * tests all read it.
 *
 * @module @glm/domain/contract
 */

import { MERCHANT_API_ROUTES } from './merchant-api.ts';
import { SERVICE_ROUTES } from './service.ts';
import { TEST_HELPER_ROUTES } from './test-helpers.ts';

export type { ExampleIds } from './examples.ts';
export { EXAMPLE_PLACEHOLDERS, fillExample } from './examples.ts';
export type {
  JsonValue,
  Route,
  RouteExample,
  RouteMethod,
  RouteTable,
  RouteTag,
  RouteValidation,
} from './route.ts';
export { MERCHANT_API_ROUTES, SERVICE_ROUTES, TEST_HELPER_ROUTES };

/** Every endpoint of the API by operation id, in the order the OpenAPI document lists them. */
export const ROUTES = { ...MERCHANT_API_ROUTES, ...TEST_HELPER_ROUTES, ...SERVICE_ROUTES } as const;

/** The operation id of an endpoint (`createRefund`). */
export type OperationId = keyof typeof ROUTES;
