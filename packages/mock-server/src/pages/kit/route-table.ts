import type { Routable } from '../../http/router.ts';
import { type StaticFile, staticFileResponse } from './assets.ts';

/** The routes of one path, one per method, as the router reads a table: `route` answers each. */
export function onMethods<T extends object>(
  methods: readonly string[],
  path: string,
  route: T,
): (T & Routable)[] {
  return methods.map((method) => ({ ...route, method, path }));
}

/** A static file's route: it answers `GET` and `HEAD` (no body) and holds no data. */
export interface StaticFileRoute extends Routable {
  /** Marks the route as a static file's. */
  readonly kind: 'static';
  /** Answers the file for the request's method. */
  readonly answer: (request: Request) => Response;
}

/** The `GET` and `HEAD` routes of each static file, by path. */
export function staticFileRoutes(files: ReadonlyMap<string, StaticFile>): StaticFileRoute[] {
  return [...files].flatMap(([path, file]) =>
    onMethods(['GET', 'HEAD'], path, {
      kind: 'static' as const,
      answer: (request: Request) => staticFileResponse(file, request.method),
    }),
  );
}
