import { ok } from '@glm/domain';
import { MerchantCreateRequest } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/**
 * Test-helper merchants: create another merchant on the same server (a sandbox of its own, reached
 * with its own keys), read the caller's merchant, remove it.
 */
export const merchantEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    operationId: 'testCreateMerchant',
    input: MerchantCreateRequest,
    run: (controls, input) => controls.merchants.create(input),
    doc: {
      description:
        'A new merchant whose catalog, sessions, payment links, orders, customers, subscriptions, ' +
        'refunds, disputes, events, webhook endpoints and deliveries, idempotency records, rate-limit ' +
        'windows, request journal, fault rules and clock are its own, reached with the keys of this ' +
        'answer (the only place they appear). It starts from what the server started with (its seed or ' +
        'snapshot, and its fault rules), and a reset with its key returns it there. Another ' +
        'merchant’s object ids are `404 not_found` to it, and lists leave them out. Past the server’s ' +
        'limit of merchants (1,000 unless set) the answer is `507 storage_full`.',
      success: {
        description: 'The merchant, with its keys and default webhook secret.',
      },
    },
  }),
  controlEndpoint({
    operationId: 'testGetCurrentMerchant',
    run: (controls) => ok(controls.merchants.current()),
    doc: {
      success: { description: 'The merchant (no keys or secrets).' },
    },
  }),
  controlEndpoint({
    operationId: 'testDeleteCurrentMerchant',
    run: (controls) => controls.merchants.deleteCurrent(),
    doc: {
      description:
        'The merchant, its objects and its keys are gone: the next request with one of its keys is ' +
        '`401 unauthorized`. The server’s first merchant cannot be removed (`409 conflict`).',
      success: { description: 'The merchant removed.' },
    },
  }),
];
