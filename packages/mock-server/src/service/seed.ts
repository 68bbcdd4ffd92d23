import { ProductCreate } from '@glm/domain';
import type { Engine } from '../core/engine.ts';
import { valueOrThrow } from '../core/mock-service-error.ts';
import { withInput } from '../http/parse.ts';
import { createProduct } from '../operations/products/product-operations.ts';
import type { SeedData } from './mock-service-options.ts';

/** Loads seed data through the same validation as the API; a refused object throws `MockServiceError`. */
export function applySeed(engine: Engine, data: SeedData): void {
  for (const input of data.products ?? []) {
    valueOrThrow(
      withInput(ProductCreate, input, 'product.create', (value) =>
        createProduct({ engine, mode: 'test' }, value),
      ),
    );
  }
}
