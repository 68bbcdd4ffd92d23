import { expect, test } from 'vitest';
import { APIError } from '../errors/api-error.ts';
import { AuthenticationError } from '../errors/authentication-error.ts';
import { BadRequestError } from '../errors/bad-request-error.ts';
import { ConflictError } from '../errors/conflict-error.ts';
import { InternalServerError } from '../errors/internal-server-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { PermissionDeniedError } from '../errors/permission-denied-error.ts';
import { RateLimitError } from '../errors/rate-limit-error.ts';
import { UnprocessableEntityError } from '../errors/unprocessable-entity-error.ts';
import { errorClassFor } from './make-api-error.ts';

test.each([
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [422, UnprocessableEntityError],
  [429, RateLimitError],
  [500, InternalServerError],
  [502, InternalServerError],
  [503, InternalServerError],
  [599, InternalServerError],
  [405, APIError],
  [413, APIError],
  [415, APIError],
])('status %i maps to %o', (status, expected) => {
  expect(errorClassFor(status)).toBe(expected);
});
