import { success } from '../http/answer.ts';
import type { RouteDefinition } from '../http/route.ts';
import { buildOpenApiDocument } from '../openapi/build-document.ts';

/**
 * `GET /openapi.json`: the OpenAPI document of `table`, with servers under the service's base URL.
 * Public: it needs no API key (the document holds no merchant data, and tools fetch it before they have
 * a key), so it is neither authenticated nor rate-limited, and it also answers outside the version
 * prefixes. `table` is read lazily so the route can sit in the table it describes.
 */
export function openApiRoute(table: () => readonly RouteDefinition[]): RouteDefinition {
  return {
    method: 'GET',
    path: '/openapi.json',
    public: true,
    handle: ({ engine }) => success(200, buildOpenApiDocument(table(), { baseUrl: engine.baseUrl })),
  };
}
