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
  try {
    return path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
};

function matchPattern(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      params[part.slice(1)] = segment;
    } else if (part !== segment) {
      return undefined;
    }
  }
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
  const compiled = routes.map((route) => {
    const pattern = route.path.split('/').slice(1);
    return { route, pattern, literals: pattern.filter((part) => !part.startsWith(':')).length };
  });
  return {
    match(method, path) {
      const segments = splitPath(path);
      if (segments === undefined) return { kind: 'not_found' };
      let best: { path: string; literals: number } | undefined;
      for (const { route, pattern, literals } of compiled) {
        if (matchPattern(pattern, segments) === undefined) continue;
        if (best === undefined || literals > best.literals) best = { path: route.path, literals };
      }
      if (best === undefined) return { kind: 'not_found' };
      const allowed: HttpMethod[] = [];
      for (const { route, pattern } of compiled) {
        if (route.path !== best.path) continue;
        if (route.method === method)
          return { kind: 'found', route, params: matchPattern(pattern, segments) ?? {} };
        if (!allowed.includes(route.method)) allowed.push(route.method);
      }
      return { kind: 'method_not_allowed', allowed };
    },
  };
}
