/**
 * Request headers in any of the shapes merchants have at hand: a Fetch `Headers`, a plain record, or
 * Node's `IncomingHttpHeaders` (values may be arrays).
 */
export type WebhookHeaders =
  | Headers
  | {
      /** Reads one header by name (any `Headers`-like object, such as a polyfill's). */
      readonly get: (name: string) => string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Reads one header case-insensitively. Repeated values are joined with `", "`, as Fetch `Headers` does,
 * so a doubled `Authorization` header never verifies. Answers `undefined` when absent or empty.
 */
export function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  let value: string | readonly string[] | null | undefined;
  const get = (headers as { readonly get?: unknown }).get;
  if (typeof get === 'function') {
    value = (get as (this: unknown, name: string) => string | null).call(headers, lower);
  } else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    const matches: string[] = [];
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() !== lower) continue;
      const found = record[key];
      if (typeof found === 'string') matches.push(found);
      else if (Array.isArray(found)) matches.push(...(found as readonly string[]));
    }
    value = matches;
  }
  const joined = typeof value === 'string' ? value : (value ?? []).join(', ');
  return joined === '' ? undefined : joined;
}
