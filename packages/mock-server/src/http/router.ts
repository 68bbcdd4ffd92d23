import type { HttpMethod, RouteDefinition } from './route.ts';

/** The outcome of matching a request path against the route table. */
type RouteMatch =
  | { readonly kind: 'found'; readonly route: RouteDefinition; readonly params: Record<string, string> }
  | { readonly kind: 'method_not_allowed'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'not_found' };

/** Version prefixes the server answers under; the longer one first. */
export const PATH_PREFIXES = ['/api/v2', '/v2'] as const;

/** Strips a version prefix; answers `undefined` when the path carries neither. */
export function stripPrefix(pathname: string): string | undefined {
  for (const prefix of PATH_PREFIXES) {
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  }
  return undefined;
}

const splitPath = (path: string): string[] | undefined => {
  const segments = path.startsWith('/') ? path.slice(1).split('/') : path.split('/').slice(1);
  // Most paths hold no escape: nothing to decode.
  if (!path.includes('%')) return segments;
  try {
    return segments.map(decodeURIComponent);
  } catch {
    return undefined;
  }
};

/** A route's path pattern: its segments, and for each, the parameter it names (`undefined` for a literal). */
interface CompiledRoute {
  readonly route: RouteDefinition;
  readonly pattern: readonly string[];
  readonly names: readonly (string | undefined)[];
  readonly literals: number;
}

/** Whether `segments` fit the pattern (same length, literals equal, parameters not empty); allocates nothing. */
function fits(compiled: CompiledRoute, segments: readonly string[]): boolean {
  const { pattern, names } = compiled;
  if (pattern.length !== segments.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const segment = segments[i] as string;
    if (names[i] === undefined ? pattern[i] !== segment : segment === '') return false;
  }
  return true;
}

/** The parameters of segments that {@link fits} the pattern. */
function paramsOf(compiled: CompiledRoute, segments: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  compiled.names.forEach((name, i) => {
    if (name !== undefined) params[name] = segments[i] as string;
  });
  return params;
}

/** A route table that matches paths (after the version prefix) and reports 404 versus 405. */
export interface Router {
  /** Matches a method and an un-prefixed path. */
  match(method: string, path: string): RouteMatch;
}

/**
 * Builds a router over route definitions. When several path patterns match, the one with the most
 * literal segments wins (`/products/check-eligibility` over `/products/:id`), and only its methods count:
 * another method on it is `405`, not a fall-through to the parameter route.
 */
export function createRouter(routes: readonly RouteDefinition[]): Router {
  // Routes by segment count, in table order: only patterns of the path's length can match it.
  const byLength = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const pattern = route.path.split('/').slice(1);
    const names = pattern.map((part) => (part.startsWith(':') ? part.slice(1) : undefined));
    const literals = names.filter((name) => name === undefined).length;
    const bucket = byLength.get(pattern.length) ?? [];
    bucket.push({ route, pattern, names, literals });
    byLength.set(pattern.length, bucket);
  }
  return {
    match(method, path) {
      const segments = splitPath(path);
      if (segments === undefined) return { kind: 'not_found' };
      const candidates = byLength.get(segments.length) ?? [];
      let best: CompiledRoute | undefined;
      for (const compiled of candidates) {
        if (!fits(compiled, segments)) continue;
        if (best === undefined || compiled.literals > best.literals) best = compiled;
      }
      if (best === undefined) return { kind: 'not_found' };
      const allowed: HttpMethod[] = [];
      for (const compiled of candidates) {
        const { route } = compiled;
        if (route.path !== best.route.path) continue;
        if (route.method === method) return { kind: 'found', route, params: paramsOf(compiled, segments) };
        if (!allowed.includes(route.method)) allowed.push(route.method);
      }
      return { kind: 'method_not_allowed', allowed };
    },
  };
}
