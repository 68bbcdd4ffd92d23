/**
 * Response validation for the client of `@glm/sdk`: the domain's schema of every answer, to pass as
 * the client's `responseSchemas` option. It is an entry of its own because the schemas (and zod) are
 * most of the weight of the SDK; the client without them is a fraction of the size and trusts the
 * service's answers as typed.
 *
 * @example
 * import { Glm } from '@glm/sdk';
 * import { responseSchemas } from '@glm/sdk/validation';
 *
 * const glm = new Glm({ responseSchemas }); // every answer is checked; a break is a ResponseValidationError
 *
 * @module @glm/sdk/validation
 */

export type { ResponseSchemaName, ResponseSchemas } from './response-schemas.ts';
export { responseSchemas } from './response-schemas.ts';
