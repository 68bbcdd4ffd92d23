import type { Engine } from '../core/engine.ts';
import { valueOrThrow } from '../core/mock-service-error.ts';
import { invoke } from '../operations/invoke.ts';
import { createProduct } from '../operations/products/create.ts';
import type { SeedData } from './mock-service-options.ts';

/**
 * Loads seed data through the same operations and validation as the API; a refused object throws
 * `MockServiceError`. The seed is the service's own starting data: the object cap does not count
 * against it.
 */
export function applySeed(engine: Engine, data: SeedData): void {
  for (const input of data.products ?? []) {
    const created = invoke({ engine, mode: 'test', seeding: true }, createProduct, input);
    // Creating a product answers at once; only webhook operations wait for deliveries.
    if (created instanceof Promise) throw new TypeError('A seed operation answered later.');
    valueOrThrow(created);
  }
}
