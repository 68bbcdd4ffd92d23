import type { Engine } from '../core/engine.ts';
import type { MockService } from './mock-service.ts';

// Not exported from the package: lets the package's own tests and future modules (webhooks) reach the
// engine behind a service without widening the public MockService interface.
const engines = new WeakMap<MockService, Engine>();

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
