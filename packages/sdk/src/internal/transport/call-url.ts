import type { RequestSpec } from './request-spec.ts';

/**
 * The URL of a call, the query written as ky writes `searchParams` (ky's own builds the `Request` twice).
 * `undefined` and `null` values are left out.
 */
export function urlOf(baseUrl: string, { path, query }: RequestSpec): string {
  const url = `${baseUrl}${path}`;
  if (query === undefined) return url;
  // URLSearchParams writes each value as `String(value)` would.
  const text = new URLSearchParams(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null) as [string, string][],
  ).toString();
  return text === '' ? url : `${url}?${text}`;
}
