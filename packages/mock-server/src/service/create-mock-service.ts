import { createMerchantHost } from './merchants/merchant-host.ts';
import { newcomerSnapshot } from './merchants/newcomer-snapshot.ts';
import type { MockService } from './mock-service.ts';
import type { MockServiceOptions } from './mock-service-options.ts';
import { registerApiCore, registerEngine, registerMerchantHost } from './private-handles.ts';

/**
 * Creates a stateful in-memory reference server of the whole API. Its JavaScript API is one merchant,
 * with its own store, clock, keys, event log and limits; nothing is global, and a second instance is
 * the isolation of choice in one process. Over HTTP, `POST /v2/test_helpers/merchants` adds merchants
 * beside it (each reached with its own keys, up to `maxMerchants`), for suites in other processes.
 *
 * @example
 * const mock = createMockService({ now: '2025-01-01T00:00:00Z', seed: { products } });
 * const response = await mock.handle(new Request('http://127.0.0.1/api/v2/products', {
 *   headers: { authorization: `Bearer ${mock.keys.test}` },
 * }));
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const { keys: _keys, journal: _journal, snapshot, ...shared } = options;
  const host = createMerchantHost({
    first: options,
    newcomer: { ...shared, ...(snapshot === undefined ? {} : { snapshot: newcomerSnapshot(snapshot) }) },
  });
  const service: MockService = { ...host.first.service, handle: host.handle };
  registerEngine(service, host.first.engine);
  registerApiCore(service, host.core);
  registerMerchantHost(service, host);
  return service;
}
