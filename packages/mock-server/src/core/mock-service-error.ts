import { errorBody, type Outcome, statusOf } from './outcome.ts';

/**
 * Thrown by the JavaScript test API of the mock service when the operation is refused, with the same
 * status and error body the HTTP route would answer.
 */
export class MockServiceError extends Error {
  override readonly name = 'MockServiceError' as const;
  /** HTTP status the route would answer. */
  readonly status: number;
  /** Error code (`not_found`, `conflict`, …). */
  readonly code: string;
  /** The offending parameter, if named. */
  readonly param: string | undefined;
  /** The whole error body. */
  readonly body: unknown;

  /** Builds the error from a refused answer. */
  constructor(status: number, body: unknown) {
    const error = (body as { error?: { code?: unknown; message?: unknown; param?: unknown } } | null)?.error;
    super(typeof error?.message === 'string' ? error.message : `Refused with status ${status}.`);
    this.status = status;
    this.code = typeof error?.code === 'string' ? error.code : 'unknown';
    this.param = typeof error?.param === 'string' ? error.param : undefined;
    this.body = body;
  }
}

/** The value of an operation's outcome; a refusal throws {@link MockServiceError} with its status and body. */
export function valueOrThrow<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new MockServiceError(statusOf(outcome), errorBody(outcome));
  return outcome.value;
}
