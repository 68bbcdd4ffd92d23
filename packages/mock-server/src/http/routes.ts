import { type OperationId, ROUTES } from '@glm/domain/contract';
import type { Endpoint } from './endpoint.ts';
import { OPERATION_ENDPOINTS } from './endpoint-operations.ts';
import { healthEndpoint } from './endpoints/health.ts';
import { openApiEndpoint } from './endpoints/openapi.ts';
import { coverageEndpoints } from './endpoints/test-helpers/coverage.ts';
import { faultEndpoints } from './endpoints/test-helpers/faults.ts';
import { futureEndpoints } from './endpoints/test-helpers/future.ts';
import { instanceEndpoints } from './endpoints/test-helpers/instance.ts';
import { merchantEndpoints } from './endpoints/test-helpers/merchants.ts';
import { requestJournalEndpoints } from './endpoints/test-helpers/requests.ts';

/**
 * The endpoints that run no operation: the test helpers over the whole instance (`endpoints/test-helpers/`)
 * and the public ones (`/openapi.json`, `/healthz`).
 */
const INSTANCE_ENDPOINTS: readonly Endpoint[] = [
  ...faultEndpoints,
  ...requestJournalEndpoints,
  ...coverageEndpoints,
  ...futureEndpoints,
  ...instanceEndpoints,
  ...merchantEndpoints,
  openApiEndpoint(() => routes),
  healthEndpoint,
];

/** Each row's endpoint, in the route table's order; a row nothing serves stops the server from starting. */
function inTableOrder(endpoints: readonly Endpoint[]): readonly Endpoint[] {
  const byId = new Map(endpoints.map((served) => [served.operationId, served]));
  return (Object.keys(ROUTES) as OperationId[]).map((id) => {
    const served = byId.get(id);
    if (served === undefined)
      throw new TypeError(`No operation or endpoint serves ${id} of the route table.`);
    return served;
  });
}

/**
 * Every endpoint of the API, in the order of the route table (`@glm/domain/contract`), which the OpenAPI
 * document follows. The router and the document both read it. An operation that names its row (its
 * `endpoint`) is served through `endpoint-operations.ts`, which `pnpm gen` writes; an endpoint over
 * the whole instance is one entry in its file under `endpoints/`.
 */
export const routes: readonly Endpoint[] = inTableOrder([...OPERATION_ENDPOINTS, ...INSTANCE_ENDPOINTS]);
