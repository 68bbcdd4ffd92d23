// A checkout creation sent straight to a service's API pipeline core (no socket, no fetch types): the
// server's own work per `POST /api/v2/checkout`, for in-process profiles. Built from the sources.
import { randomUUID } from 'node:crypto';
import { CATALOG, CHECKOUT_BODY } from '../lib/fixtures.mjs';
import { importBundled } from '../lib/internal-build.mjs';

/** Answers `post()`, which creates the bench checkout with a fresh idempotency key and answers the reply. */
export async function checkoutPoster() {
  const { createMockService, apiCoreOf } = await importBundled(
    new URL('./pipeline-core.ts', import.meta.url),
    'pipeline-core',
  );
  const service = createMockService({ rateLimit: false, seed: { products: CATALOG } });
  const { pipeline } = apiCoreOf(service);
  const bytes = new TextEncoder().encode(JSON.stringify(CHECKOUT_BODY));
  const authorization = `Bearer ${service.keys.test}`;
  const post = () => {
    const headers = { authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    return pipeline({
      method: 'POST',
      pathname: '/api/v2/checkout',
      search: '',
      header: (name) => headers[name] ?? null,
      eachHeader: (visit) => {
        for (const name in headers) visit(name, headers[name]);
      },
      readBody: async () => bytes,
    });
  };
  const first = await post();
  if (first.status !== 201) throw new Error(`checkout: ${first.status} ${first.body}`);
  return post;
}
