import { MERCHANT_API_ROUTES } from '@glm/domain/contract';
import { codesOfStatus } from '@glm/domain/test-helpers';
import type { Endpoint } from '../endpoint.ts';
import { buildOpenApiDocument } from '../openapi/build-document.ts';
import type { CoverageCatalog } from './coverage-report.ts';

/**
 * Whether coverage measures an operation: the merchant API's operations only. The test helpers and the
 * service's own endpoints for tools (the OpenAPI document, the readiness probe) are listed when called,
 * but a suite that never calls them has left nothing of its integration untested.
 */
const isMeasured = (operationId: string): boolean => Object.hasOwn(MERCHANT_API_ROUTES, operationId);

const catalogs = new WeakMap<readonly Endpoint[], CoverageCatalog>();

type DocumentOperation = { readonly operationId?: string; readonly responses?: Record<string, unknown> };

/** The catalog of a route table (its merchant API operations), built from its OpenAPI document once per table. */
export function coverageCatalog(table: readonly Endpoint[]): CoverageCatalog {
  const known = catalogs.get(table);
  if (known !== undefined) return known;
  const document = buildOpenApiDocument(table);
  const statusesById = new Map<string, number[]>();
  for (const methods of Object.values(document.paths as Record<string, Record<string, DocumentOperation>>)) {
    for (const operation of Object.values(methods)) {
      if (operation.operationId === undefined) continue;
      const statuses = Object.keys(operation.responses ?? {})
        .map(Number)
        .filter((status) => status >= 400)
        .sort((a, b) => a - b);
      statusesById.set(operation.operationId, statuses);
    }
  }
  const operations = table
    .filter((endpoint) => isMeasured(endpoint.doc.operationId))
    .map((endpoint) => ({
      operation: endpoint.doc.operationId,
      method: endpoint.method,
      path: endpoint.path,
      errorStatuses: statusesById.get(endpoint.doc.operationId) ?? [],
    }));
  const catalog: CoverageCatalog = {
    operations,
    codeOfStatus(status) {
      const codes = codesOfStatus(status);
      return codes.length === 1 ? (codes[0] ?? null) : null;
    },
  };
  catalogs.set(table, catalog);
  return catalog;
}
