/**
 * The msw adapter of the mock server: request handlers that delegate every request under a base URL
 * to a {@link MockService}. Works with msw `>=2.12.8 <4` (only `http.all` is used).
 *
 * @module @glm/mock-server/msw
 */
import { http, type RequestHandler } from 'msw';
import type { MockService } from '../service/mock-service.ts';

/** Options of {@link mockHandlers}. */
export interface MockHandlersOptions {
  /** The base URL the code under test calls (`https://api.example.test`); requests under it are answered. */
  readonly baseUrl: string;
}

/**
 * msw handlers answering every request under `baseUrl` with `service.handle`, for
 * `setupServer(...mockHandlers(mock, { baseUrl }))` or `setupWorker(...)`.
 *
 * @example
 * const mock = createMockService();
 * const server = setupServer(...mockHandlers(mock, { baseUrl: 'https://api.glm.test' }));
 */
export function mockHandlers(service: MockService, options: MockHandlersOptions): RequestHandler[] {
  const base = options.baseUrl.replace(/\/+$/, '');
  return [http.all(`${base}/*`, ({ request }) => service.handle(request))];
}
