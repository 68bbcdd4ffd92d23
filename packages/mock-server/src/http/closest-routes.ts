import type { Routable } from './router.ts';

/** How many routes a `404`'s message names at most. */
const SUGGESTIONS = 3;
/**
 * A route this far from the path is too far to suggest: three quarters of one segment's letters (a whole
 * segment added or removed costs 1); another method costs a quarter.
 */
const TOO_FAR = 0.75;
const OTHER_METHOD = 0.25;

/** The edit distance of two strings (insert, delete, substitute: each 1). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitute, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** How far a path segment is from a pattern segment: 0 for a parameter, else its share of edits. */
function segmentCost(segment: string, pattern: string): number {
  if (pattern.startsWith(':') || pattern === '*') return segment === '' ? 1 : 0;
  return editDistance(segment, pattern) / Math.max(segment.length, pattern.length, 1);
}

/** The distance of a path's segments from a route's pattern: segments added or removed cost 1 each. */
function pathDistance(segments: readonly string[], pattern: readonly string[]): number {
  let previous = Array.from({ length: pattern.length + 1 }, (_, j) => j);
  for (let i = 1; i <= segments.length; i++) {
    const current = [i];
    for (let j = 1; j <= pattern.length; j++) {
      const substitute =
        (previous[j - 1] as number) + segmentCost(segments[i - 1] as string, pattern[j - 1] as string);
      current.push(Math.min(substitute, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[pattern.length] as number;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/**
 * Up to three routes closest to a request no route answers, as `METHOD /path` under `prefix` (the
 * version prefix the request used, or `/v2`): nearest path first, a route of the request's method before
 * another at the same distance, then table order. Routes too far from the path are left out, so a path
 * nothing resembles names none.
 */
export function closestRoutes(
  routes: readonly Routable[],
  request: { readonly method: string; readonly path: string; readonly prefix: string },
): string[] {
  const segments = segmentsOf(request.path);
  const seen = new Set<string>();
  const ranked: { readonly label: string; readonly cost: number; readonly order: number }[] = [];
  routes.forEach((route, order) => {
    const label = `${route.method} ${request.prefix}${route.path}`;
    if (seen.has(label)) return;
    seen.add(label);
    const cost =
      pathDistance(segments, segmentsOf(route.path)) + (route.method === request.method ? 0 : OTHER_METHOD);
    if (cost < TOO_FAR) ranked.push({ label, cost, order });
  });
  ranked.sort((a, b) => a.cost - b.cost || a.order - b.order);
  return ranked.slice(0, SUGGESTIONS).map((entry) => entry.label);
}

/** The message of a `404` for a request no route answers, naming the closest routes when there are any. */
export function noRouteMessage(
  routes: readonly Routable[],
  request: {
    readonly method: string;
    readonly pathname: string;
    readonly path: string;
    readonly prefix: string;
  },
): string {
  const closest = closestRoutes(routes, request);
  const hint = closest.length === 0 ? '' : ` Did you mean ${closest.join(', ')}?`;
  return `No route for ${request.method} ${request.pathname}.${hint}`;
}
