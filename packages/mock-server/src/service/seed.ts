import { ProductCreate } from '@glm/domain';
import { createProduct } from '../handlers/product-write.ts';
import { parseBody } from '../http/parse.ts';
import type { Engine } from './engine.ts';
import { MockServiceError } from './mock-service-error.ts';
import type { SeedData } from './mock-service-options.ts';

/** Loads seed data through the same validation as the API; a refused object throws {@link MockServiceError}. */
export function applySeed(engine: Engine, data: SeedData): void {
  for (const input of data.products ?? []) {
    const parsed = parseBody(ProductCreate, input, 'product.create');
    const answer = parsed.ok ? createProduct(engine, 'test', parsed.value) : parsed.answer;
    if (answer.status >= 400) throw new MockServiceError(answer.status, answer.body);
  }
}
