import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import { noRouteMessage } from '../closest-routes.ts';
import { stripPrefix } from '../path-prefixes.ts';
import type { RouteDefinition } from '../route.ts';
import type { RequestContext } from './request-context.ts';

/** The endpoint a request reached: its route, path parameters and path after the version prefix. */
export interface Matched {
  /** The endpoint. */
  readonly route: RouteDefinition;
  /** Its path parameters by name. */
  readonly params: Readonly<Record<string, string>>;
  /** The request path after the version prefix (the whole path for a public route outside it). */
  readonly path: string;
}

/**
 * Finds the request's endpoint and records it on the context, or answers `404` (no route, a path whose
 * escapes the API cannot read, a private route outside the version prefixes) or `405` with `Allow`.
 */
export function matchRoute(context: RequestContext): Matched | Answer {
  const { parts, request } = context;
  const { pathname } = request;
  const versioned = stripPrefix(pathname);
  const path = versioned ?? pathname;
  const match = parts.router.match(request.method, path);
  // Outside the version prefixes only public routes answer (`GET /openapi.json`).
  const outside = versioned === undefined && (match.kind !== 'found' || match.route.public !== true);
  // A path whose escapes the API cannot read is no path of the API.
  if (match.kind === 'not_found' || match.kind === 'malformed' || outside) {
    const pageAllows = versioned === undefined ? parts.pageMethods?.(pathname) : undefined;
    if (pageAllows !== undefined && !pageAllows.includes(request.method)) {
      context.headers['allow'] = pageAllows.join(', ');
      return refusalAnswer('method_not_allowed', `${request.method} is not allowed on ${pathname}.`);
    }
    const prefix = versioned === undefined ? '/v2' : pathname.slice(0, pathname.length - path.length);
    const message = noRouteMessage(parts.router.routes, { method: request.method, pathname, path, prefix });
    return refusalAnswer('not_found', message);
  }
  if (match.kind === 'method_not_allowed') {
    context.headers['allow'] = match.allowed.join(', ');
    return refusalAnswer('method_not_allowed', `${request.method} is not allowed on ${pathname}.`);
  }
  context.route = match.route;
  return { route: match.route, params: match.params, path };
}
