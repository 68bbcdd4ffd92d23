import { z } from 'zod';
import { Timestamp } from './primitives.ts';

/**
 * An integer query parameter: a number, or its decimal string as it arrives in a query string,
 * then checked by `bounds`.
 */
export function queryInteger(bounds: z.ZodInt) {
  return z
    .union(
      [
        z.int(),
        z
          .string()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error: 'must be an integer' },
    )
    .pipe(bounds);
}

/** A boolean query parameter: `true`/`false` as booleans or as the query strings `'true'`/`'false'`. */
export const QueryBoolean = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
  { error: 'must be true or false' },
);
/** A boolean query parameter. */
export type QueryBoolean = z.infer<typeof QueryBoolean>;

/** The page size of every list: 1–100, default 10. */
export const ListLimit = queryInteger(z.int().min(1).max(100)).default(10);
/** The page size of every list. */
export type ListLimit = z.infer<typeof ListLimit>;

/** A string-id cursor of a list: the id of the last object of the previous page. */
export const IdCursor = z.string().min(1).max(255);
/** A string-id cursor of a list. */
export type IdCursor = z.infer<typeof IdCursor>;

/** The creation-date filters every list but events shares. */
export const createdRange = { created_after: Timestamp.optional(), created_before: Timestamp.optional() };
