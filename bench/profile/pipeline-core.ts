// The entry bench/profile/checkout-poster.mjs bundles from the TypeScript sources: a service and its API
// pipeline core, which the package does not export (the node adapter's fast path calls it).

export { createMockService } from '../../packages/mock-server/src/service/create-mock-service.ts';
export { apiCoreOf } from '../../packages/mock-server/src/service/private-handles.ts';
