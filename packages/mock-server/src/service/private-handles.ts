import type { Engine } from '../core/engine.ts';
import type { ApiCore } from './api-core.ts';
import type { MerchantHost } from './merchants/merchant-seat.ts';
import type { MockService } from './mock-service.ts';

// What the package's own modules reach behind a service without widening the public MockService
// interface, none of it exported from the package: `service.handle` stays the only public entry. Each
// is recorded once, when `createMockService` (or a merchant host) makes the service. A fourth handle,
// how an engine is rehearsed, is kept by the engine's side (`core/rehearsal.ts`), since operations one
// layer below the service read it.

const engines = new WeakMap<MockService, Engine>();
const cores = new WeakMap<MockService, ApiCore>();
const hosts = new WeakMap<MockService, MerchantHost>();

/** Records the engine behind a service (called once by `createMockService`). */
export function registerEngine(service: MockService, engine: Engine): void {
  engines.set(service, engine);
}

/** The engine behind a service created by `createMockService`. */
export function engineOf(service: MockService): Engine {
  const engine = engines.get(service);
  if (engine === undefined) throw new TypeError('Not a service made by createMockService.');
  return engine;
}

/**
 * Records the API pipeline behind a service (called once by `createMockService`), for the node
 * adapter's fast path (no fetch `Request`/`Response` per call).
 */
export function registerApiCore(service: MockService, core: ApiCore): void {
  cores.set(service, core);
}

/** The API pipeline behind a service made by `createMockService`; `undefined` for any other service. */
export function apiCoreOf(service: MockService): ApiCore | undefined {
  return cores.get(service);
}

/**
 * Records the merchants behind a service (called once by `createMockService`), for
 * `glm-mock serve --data` (which keeps every merchant on disk) and the dashboard's switcher.
 */
export function registerMerchantHost(service: MockService, host: MerchantHost): void {
  hosts.set(service, host);
}

/** The merchants behind a service made by `createMockService`. */
export function merchantHostOf(service: MockService): MerchantHost {
  const host = hosts.get(service);
  if (host === undefined) throw new TypeError('Not a service made by createMockService.');
  return host;
}
