import type { RouteTable } from './route.ts';

/** The service's own endpoints for tools and scripts, not for a merchant's code: the OpenAPI document and the readiness probe. */
export const SERVICE_ROUTES = {
  getOpenApiDocument: {
    method: 'GET',
    path: '/openapi.json',
    tag: 'Document',
    summary: 'This OpenAPI document',
    status: 200,
    answer: 'OpenApiDocumentBody',
    example: {},
  },
  getHealth: {
    method: 'GET',
    path: '/healthz',
    tag: 'Document',
    summary: 'Whether the server is up',
    status: 200,
    answer: 'HealthStatus',
    example: {},
  },
} as const satisfies RouteTable;
