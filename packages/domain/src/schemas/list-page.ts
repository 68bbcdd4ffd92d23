import { z } from 'zod';

/** One page of a list: newest first; `next_cursor` is null on the last page. */
export type ListPage<T, C = string> = { data: T[]; has_more: boolean; next_cursor: C | null };

/**
 * Builds the schema of one page of a list: `{data, has_more, next_cursor}`. Products page by
 * their integer id, every other list by its string id.
 *
 * @example
 * const ProductList = ListPage(Product, z.int());
 */
export function ListPage<I extends z.ZodType, C extends z.ZodType>(item: I, cursor: C) {
  return z.object({ data: z.array(item), has_more: z.boolean(), next_cursor: cursor.nullable() });
}
