import { HealthStatus } from '@glm/domain/test-helpers';
import { success } from '../answer.ts';
import type { Endpoint } from '../endpoint.ts';

/**
 * `GET /healthz`: `200 {"status":"ok"}` once the server answers, for scripts and containers that wait
 * for it. Public (no key), never rate-limited or faulted, also outside the version prefixes.
 */
export const healthEndpoint: Endpoint = {
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  public: true,
  handle: () => success(200, { status: 'ok' }),
  doc: {
    operationId: 'getHealth',
    summary: 'Whether the server is up',
    tag: 'Document',
    description: 'Answered without an API key, also at `/healthz` outside the version prefixes.',
    success: { status: 200, schema: HealthStatus, description: 'The server answers.' },
  },
};
