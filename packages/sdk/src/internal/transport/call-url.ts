import type { RequestSpec } from './request-spec.ts';

/**
 * The URL of a call, the query written as ky writes `searchParams` (ky's own builds the `Request` twice),
 * and the query's values for the debug log. `undefined` and `null` values are left out.
 */
export function urlOf(
  baseUrl: string,
  spec: RequestSpec,
): { url: string; query: Record<string, string | number | boolean> | undefined } {
  if (spec.query === undefined) return { url: `${baseUrl}${spec.path}`, query: undefined };
  const query: Record<string, string | number | boolean> = {};
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(spec.query)) {
    if (value === undefined || value === null) continue;
    query[name] = value;
    pairs.push([name, String(value)]);
  }
  const search = pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
  return { url: `${baseUrl}${spec.path}${search}`, query };
}
