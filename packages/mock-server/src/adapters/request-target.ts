/** A request target's path and query as `URL.pathname` and `URL.search` read them. */
export interface RequestTarget {
  /** As `URL.pathname` reads it. */
  readonly pathname: string;
  /** As `URL.search` reads it: with its `?`, empty when none. */
  readonly search: string;
}

/**
 * A path `new URL` keeps as it is: starts with one `/`, only unreserved characters, `/` and `%`, no dot
 * segment (`/.`, `%2e`) and no backslash to normalize.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_~\-/.%]*$/;
/** A path that may hold a dot segment in some spelling: left to `new URL`. */
const DOT_SEGMENT = /\/\.|%2e/i;
/** A query `new URL` keeps as it is: printable ASCII other than `"`, `#`, `'`, `<`, `>` (which it encodes). */
const PLAIN_QUERY = /^[\x21\x24-\x26\x28-\x3B\x3D\x3F-\x7E]*$/;

/**
 * A request target's path and query (`raw` as sent, resolved against `origin`), `undefined` when it is
 * no URL or carries user credentials (`new Request` refuses those). A plain origin-form target (every client's `/v2/orders/ord_…?…`) is split by
 * hand; anything `new URL` would rewrite (dot segments, characters it encodes, absolute form) goes
 * through `new URL`, so both give the same path and query.
 */
export function requestTarget(raw: string, origin: string): RequestTarget | undefined {
  const at = raw.indexOf('?');
  const pathname = at === -1 ? raw : raw.slice(0, at);
  const query = at === -1 ? '' : raw.slice(at + 1);
  if (PLAIN_PATH.test(pathname) && !DOT_SEGMENT.test(pathname) && PLAIN_QUERY.test(query)) {
    return { pathname, search: query === '' ? '' : `?${query}` };
  }
  try {
    const url = new URL(raw, origin);
    return url.username === '' && url.password === ''
      ? { pathname: url.pathname, search: url.search }
      : undefined;
  } catch {
    return undefined;
  }
}
