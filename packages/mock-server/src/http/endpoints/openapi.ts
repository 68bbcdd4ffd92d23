import { success } from '../answer.ts';
import { contractRoute } from '../contract-route.ts';
import type { Endpoint } from '../endpoint.ts';
import { buildOpenApiDocument } from '../openapi/build-document.ts';

/**
 * `GET /openapi.json`: the OpenAPI document of `table`, with servers under the service's base URL.
 * Public: it needs no API key (the document holds no merchant data, and tools fetch it before they have
 * a key), so it is neither authenticated nor rate-limited, and it also answers outside the version
 * prefixes. `table` is read lazily so the endpoint can sit in the table it describes.
 */
export function openApiEndpoint(table: () => readonly Endpoint[]): Endpoint {
  return {
    ...contractRoute(
      'getOpenApiDocument',
      {
        description:
          'Answered without an API key, also at `/openapi.json` outside the version prefixes: the ' +
          'document describes the API and holds no merchant data.',
        success: { description: 'The OpenAPI 3.1 document.' },
      },
      { schema: undefined, rules: undefined },
    ),
    public: true,
    handle: ({ engine }) => success(200, buildOpenApiDocument(table(), { baseUrl: engine.baseUrl })),
  };
}
