import type { z } from 'zod';
import { GlmError, type GlmErrorOptions } from './glm-error.ts';

/**
 * A 2xx answer broke the contract: its body is not JSON (always checked), or does not match the domain
 * schema (checked when the client has `responseSchemas` and `validateResponses` is `'strict'`, the
 * default with them). `issues` are zod's; `body` is what arrived.
 */
export class ResponseValidationError extends GlmError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'ResponseValidationError';

  /** What did not match, as zod reports it (empty when the body was not JSON at all). */
  declare readonly issues: readonly z.core.$ZodIssue[];
  /** The body as received (parsed JSON, or the raw text when it was not JSON). */
  declare readonly body: unknown;
  /** The request id to quote to support. */
  declare readonly requestId: string | undefined;

  /** Builds the error for a body that broke the contract. */
  constructor(
    message: string,
    details: { issues: readonly z.core.$ZodIssue[]; body: unknown; requestId: string | undefined },
    options: GlmErrorOptions = {},
  ) {
    super(message, options);
    // The details are the fields declared above (declared only: assigned here, all at once).
    Object.assign(this, details);
  }
}
