import { success } from '../answer.ts';
import { contractRoute } from '../contract-route.ts';
import type { Endpoint } from '../endpoint.ts';

/**
 * `GET /healthz`: `200 {"status":"ok"}` once the server answers, for scripts and containers that wait
 * for it. Public (no key), never rate-limited or faulted, also outside the version prefixes.
 */
export const healthEndpoint: Endpoint = {
  ...contractRoute(
    'getHealth',
    {
      description: 'Answered without an API key, also at `/healthz` outside the version prefixes.',
      success: { description: 'The server answers.' },
    },
    { schema: undefined, rules: undefined },
  ),
  public: true,
  handle: () => success(200, { status: 'ok' }),
};
