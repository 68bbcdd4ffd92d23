// Bench-only entry, bundled by bench/lib/internal-build.mjs: a service and the engine behind it, so the
// list benchmark can fill a store with a million products without a million validations.
export { createMockService } from '../../../packages/mock-server/src/service/create-mock-service.ts';
export { engineOf } from '../../../packages/mock-server/src/service/internals.ts';
