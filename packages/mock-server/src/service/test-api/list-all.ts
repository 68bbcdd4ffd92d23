import type { CallOperation } from '../../operations/call-operation.ts';
import type { Operation } from '../../operations/define-operation.ts';

/** Every object of a list operation, walking its pages in test mode as a client walks the HTTP list. */
export async function listAll<Input, T extends { readonly id: string }>(
  call: CallOperation,
  list: Operation<Input, string, { readonly data: readonly T[]; readonly has_more: boolean }>,
  filter: Readonly<Record<string, string | undefined>>,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (;;) {
    const query: Record<string, string> = { limit: '100' };
    for (const [name, value] of Object.entries(filter)) if (value !== undefined) query[name] = value;
    if (after !== undefined) query['starting_after'] = after;
    const found = await call('test', list, query);
    items.push(...found.data);
    after = found.data.at(-1)?.id;
    if (!found.has_more || after === undefined) return items;
  }
}
