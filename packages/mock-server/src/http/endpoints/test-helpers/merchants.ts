import { ok } from '@glm/domain';
import { Merchant, MerchantCreateRequest, MerchantDeleted, MerchantWithKeys } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/**
 * Test-helper merchants: create another merchant on the same server (a sandbox of its own, reached
 * with its own keys), read the caller's merchant, remove it.
 */
export const merchantEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    method: 'POST',
    path: '/test_helpers/merchants',
    input: MerchantCreateRequest,
    rules: 'test_helpers.merchant.create',
    run: (controls, input) => controls.merchants.create(input),
    doc: {
      operationId: 'testCreateMerchant',
      summary: 'Create a merchant of its own on this server',
      tag: 'Test helpers',
      description:
        'A new merchant whose catalog, sessions, payment links, orders, customers, subscriptions, ' +
        'refunds, disputes, events, webhook endpoints and deliveries, idempotency records, rate-limit ' +
        'windows, request journal, fault rules and clock are its own, reached with the keys of this ' +
        'answer (the only place they appear). It starts from what the server started with (its seed or ' +
        'snapshot, and its fault rules), and a reset with its key returns it there. Another ' +
        'merchant’s object ids are `404 not_found` to it, and lists leave them out. Past the server’s ' +
        'limit of merchants (1,000 unless set) the answer is `507 storage_full`.',
      success: {
        status: 201,
        schema: MerchantWithKeys,
        description: 'The merchant, with its keys and default webhook secret.',
      },
      errors: ['storage_full'],
    },
  }),
  controlEndpoint({
    method: 'GET',
    path: '/test_helpers/merchants/current',
    run: (controls) => ok(controls.merchants.current()),
    doc: {
      operationId: 'testGetCurrentMerchant',
      summary: 'Get the merchant of the calling key',
      tag: 'Test helpers',
      success: { status: 200, schema: Merchant, description: 'The merchant (no keys or secrets).' },
    },
  }),
  controlEndpoint({
    method: 'DELETE',
    path: '/test_helpers/merchants/current',
    run: (controls) => controls.merchants.deleteCurrent(),
    doc: {
      operationId: 'testDeleteCurrentMerchant',
      summary: 'Remove the merchant of the calling key',
      tag: 'Test helpers',
      description:
        'The merchant, its objects and its keys are gone: the next request with one of its keys is ' +
        '`401 unauthorized`. The server’s first merchant cannot be removed (`409 conflict`).',
      success: { status: 200, schema: MerchantDeleted, description: 'The merchant removed.' },
      errors: ['conflict'],
    },
  }),
];
