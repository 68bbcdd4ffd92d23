/** What the router needs of a route: the method it answers and its path pattern. */
export interface Routable {
  /** The method this route answers. */
  readonly method: string;
  /**
   * The path pattern: literal segments, `:name` parameters (a non-empty segment each) and, last, an
   * optional `*` that takes one or more further segments (`/dashboard/*`).
   */
  readonly path: string;
}

/** The outcome of matching a method and path against a route table. */
type RouteMatch<R extends Routable> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Record<string, string> }
  /** The path fits a route whose `:name` segment is not a valid percent-encoding. */
  | { readonly kind: 'malformed'; readonly route: R }
  /** The path fits `route`'s pattern, which answers only the `allowed` methods. */
  | { readonly kind: 'method_not_allowed'; readonly route: R; readonly allowed: readonly string[] }
  | { readonly kind: 'not_found' };

/**
 * How a router reads a path's percent-escapes: `path` decodes every segment before matching (a literal
 * may be escaped, and a malformed escape anywhere makes the path unknown), as the API reads its paths;
 * `params` matches literal segments as sent and decodes only the parameters (a malformed one is
 * `malformed`), as the hosted pages and the dashboard read theirs.
 */
export type PathDecoding = 'path' | 'params';

/** A route table that matches paths and tells `404` from `405`. */
export interface Router<R extends Routable> {
  /** Matches a method and a path. */
  match(method: string, path: string): RouteMatch<R>;
  /** The methods the path answers (its best-fitting pattern's), `undefined` when no pattern fits it. */
  methodsAt(path: string): readonly string[] | undefined;
  /** The route table, in order. */
  readonly routes: readonly R[];
}

/** A route's pattern: its segments before any `*`, the parameter each names, and whether `*` ends it. */
interface CompiledRoute<R extends Routable> {
  readonly route: R;
  readonly pattern: readonly string[];
  readonly names: readonly (string | undefined)[];
  readonly rest: boolean;
  readonly literals: number;
}

const decode = (segment: string): string | undefined => {
  // Most segments hold no escape: nothing to decode.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

const splitPath = (path: string): string[] =>
  path.startsWith('/') ? path.slice(1).split('/') : path.split('/').slice(1);

/** Whether `segments` fit the pattern (literals equal, parameters not empty); allocates nothing. */
function fits<R extends Routable>(compiled: CompiledRoute<R>, segments: readonly string[]): boolean {
  const { pattern, names, rest } = compiled;
  if (rest ? segments.length <= pattern.length : segments.length !== pattern.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const segment = segments[i] as string;
    if (names[i] === undefined ? pattern[i] !== segment : segment === '') return false;
  }
  return true;
}

/** The parameters of segments that {@link fits} the pattern, decoded when asked; `undefined` for a malformed one. */
function paramsOf<R extends Routable>(
  compiled: CompiledRoute<R>,
  segments: readonly string[],
  decoded: boolean,
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < compiled.names.length; i++) {
    const name = compiled.names[i];
    if (name === undefined) continue;
    const value = decoded ? (segments[i] as string) : decode(segments[i] as string);
    if (value === undefined) return undefined;
    params[name] = value;
  }
  return params;
}

/**
 * Builds a router over a route table (the API's endpoints, the hosted pages, the dashboard). When
 * several patterns fit a path, the one with the most literal segments wins (`/products/check-eligibility`
 * over `/products/:id`), and only its methods count: another method on it is `405` with those methods,
 * never a fall-through to the parameter route. Methods are listed in table order.
 */
export function createRouter<R extends Routable>(routes: readonly R[], decoding: PathDecoding): Router<R> {
  const fixed = new Map<number, CompiledRoute<R>[]>();
  const open: CompiledRoute<R>[] = [];
  for (const route of routes) {
    const parts = route.path.split('/').slice(1);
    const rest = parts.at(-1) === '*';
    const pattern = rest ? parts.slice(0, -1) : parts;
    const names = pattern.map((part) => (part.startsWith(':') ? part.slice(1) : undefined));
    const literals = names.filter((name) => name === undefined).length;
    const compiled = { route, pattern, names, rest, literals };
    if (rest) open.push(compiled);
    else {
      // Routes by segment count, in table order: only patterns of the path's length can match it.
      const bucket = fixed.get(pattern.length) ?? [];
      bucket.push(compiled);
      fixed.set(pattern.length, bucket);
    }
  }
  const none: readonly CompiledRoute<R>[] = [];
  /** The patterns that may fit a path of `count` segments, in table order. */
  const candidatesOf = (count: number): readonly CompiledRoute<R>[] => {
    const bucket = fixed.get(count) ?? none;
    return open.length === 0 ? bucket : [...bucket, ...open];
  };
  /** The pattern that fits best: the most literal segments, the first in table order among equals. */
  const best = (candidates: readonly CompiledRoute<R>[], segments: readonly string[]) => {
    let found: CompiledRoute<R> | undefined;
    for (const compiled of candidates) {
      if (!fits(compiled, segments)) continue;
      if (found === undefined || compiled.literals > found.literals) found = compiled;
    }
    return found;
  };
  const segmentsOf = (path: string): string[] | undefined => {
    const raw = splitPath(path);
    if (decoding === 'params' || !path.includes('%')) return raw;
    const decoded: string[] = [];
    for (const segment of raw) {
      const value = decode(segment);
      if (value === undefined) return undefined;
      decoded.push(value);
    }
    return decoded;
  };
  return {
    routes,
    match(method, path) {
      const segments = segmentsOf(path);
      if (segments === undefined) return { kind: 'not_found' };
      const candidates = candidatesOf(segments.length);
      const found = best(candidates, segments);
      if (found === undefined) return { kind: 'not_found' };
      const allowed: string[] = [];
      for (const compiled of candidates) {
        const { route } = compiled;
        if (route.path !== found.route.path) continue;
        if (route.method === method) {
          const params = paramsOf(compiled, segments, decoding === 'path');
          return params === undefined ? { kind: 'malformed', route } : { kind: 'found', route, params };
        }
        if (!allowed.includes(route.method)) allowed.push(route.method);
      }
      return { kind: 'method_not_allowed', route: found.route, allowed };
    },
    methodsAt(path) {
      const segments = segmentsOf(path);
      const found = segments === undefined ? undefined : best(candidatesOf(segments.length), segments);
      if (found === undefined) return undefined;
      const methods: string[] = [];
      for (const route of routes) {
        if (route.path === found.route.path && !methods.includes(route.method)) methods.push(route.method);
      }
      return methods;
    },
  };
}
