import type { z } from 'zod';

/**
 * A check that says, without copying, whether `schema.safeParse(value)` would succeed with an output equal
 * to `value` itself (same values, same key order): `true` lets the client take the parsed JSON as it is;
 * `false` means "not sure", and the client parses with zod, which also builds any issues.
 */
export type AnswerCheck = (schema: z.ZodType, value: unknown) => boolean;

/**
 * Where `@glm/sdk/validation`'s `responseSchemas` carries its {@link AnswerCheck}: a registered symbol, so
 * the client entry finds it without importing the validation entry (and zod). A registry without it (a
 * copy, the caller's own schemas) is checked by zod alone.
 */
export const ANSWER_CHECK: unique symbol = Symbol.for('@glm/sdk/answer-check');

/** The {@link AnswerCheck} a schema registry carries, if any. */
export function answerCheckOf(registry: object): AnswerCheck | undefined {
  const check: unknown = (registry as { [ANSWER_CHECK]?: unknown })[ANSWER_CHECK];
  return typeof check === 'function' ? (check as AnswerCheck) : undefined;
}
