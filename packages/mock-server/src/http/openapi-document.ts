import {
  buildOpenApiDocument,
  type OpenApiDocument,
  type OpenApiDocumentOptions,
} from './openapi/build-document.ts';
import { routes } from './routes.ts';

/**
 * The OpenAPI 3.1 document of the reference server, generated from the wire schemas of `@glm/domain`:
 * every operation of its route table, with request bodies, query and path parameters, answers, the error
 * body of each documented error status, the rate-limit headers and the bearer API key. The
 * standalone server serves the same document at `GET /openapi.json`.
 *
 * @example
 * const document = openApiDocument({ baseUrl: 'http://127.0.0.1:4010' });
 * document.servers.map((server) => server.url); // ['http://127.0.0.1:4010/api/v2', 'http://127.0.0.1:4010/v2']
 */
export function openApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  return buildOpenApiDocument(routes, options);
}
