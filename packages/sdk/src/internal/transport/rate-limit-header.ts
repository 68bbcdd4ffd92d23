/** The `x-ratelimit-<name>` header as a whole number; undefined when absent or not digits alone. */
export function rateLimitHeader(headers: Headers, name: 'limit' | 'remaining' | 'reset'): number | undefined {
  const value = headers.get(`x-ratelimit-${name}`)?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
