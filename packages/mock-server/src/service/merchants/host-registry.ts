import type { MockService } from '../mock-service.ts';
import type { MerchantHost } from './merchant-host.ts';

// Not exported from the package: the merchants behind a service, for `glm-mock serve --data` (which
// keeps every merchant on disk) and the dashboard's switcher. `service.handle` stays the public entry.
const hosts = new WeakMap<MockService, MerchantHost>();

/** Records the merchants behind a service (called once by `createMockService`). */
export function registerMerchantHost(service: MockService, host: MerchantHost): void {
  hosts.set(service, host);
}

/** The merchants behind a service made by `createMockService`. */
export function merchantHostOf(service: MockService): MerchantHost {
  const host = hosts.get(service);
  if (host === undefined) throw new TypeError('Not a service made by createMockService.');
  return host;
}
