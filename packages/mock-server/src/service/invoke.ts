import type { Mode } from '@glm/domain';
import type { HttpMethod } from '../http/route.ts';
import type { Router } from '../http/router.ts';
import type { Engine } from './engine.ts';
import { MockServiceError } from './mock-service-error.ts';

/** Runs a route's handler directly for the JavaScript test API (no auth, rate limit or idempotency). */
export type Invoke = <T>(method: HttpMethod, path: string, body?: unknown, mode?: Mode) => Promise<T>;

/** Builds {@link Invoke}: due jobs run first, as on every HTTP request; a refusal throws {@link MockServiceError}. */
export function createInvoke(engine: Engine, router: Router): Invoke {
  return async <T>(method: HttpMethod, path: string, body: unknown = {}, mode: Mode = 'test'): Promise<T> => {
    const [pathname = '', search = ''] = path.split('?');
    const match = router.match(method, pathname);
    if (match.kind !== 'found')
      throw new MockServiceError(404, { error: { code: 'not_found', message: `No route ${path}.` } });
    engine.runDue();
    const answer = await match.route.handle({
      params: match.params,
      query: new URLSearchParams(search),
      body: method === 'POST' || method === 'PUT' ? body : undefined,
      mode,
      engine,
    });
    if (answer.status >= 400) throw new MockServiceError(answer.status, answer.body);
    return answer.body as T;
  };
}
