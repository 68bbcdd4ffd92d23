import { MOCK_SNAPSHOT_VERSION, type MockSnapshot } from './mock-snapshot.ts';
import { captureTables, type ServiceParts } from './service-state.ts';

/**
 * The tables whose rows are never changed in place (a change stores a new object): the store's and the
 * event log's. A rehearsal's copy shares their rows with the service instead of copying them.
 */
const isImmutableTable = (name: string): boolean =>
  name === 'events' || name === 'products' || name === 'productIdByMerchantId' || /^(test|live)\./.test(name);

/**
 * A snapshot for a rehearsal, taken in time proportional to the number of objects and with no JSON
 * round trip: the rows of the tables never changed in place are shared with the service, and only the
 * others (keys, idempotency records, webhook endpoints and deliveries, which their modules change in
 * place) are copied. The copy it restores is thrown away after the rehearsal; it is not a fixture
 * (`snapshot()` answers one).
 */
export function rehearsalSnapshot(parts: ServiceParts, takenAt: string): MockSnapshot {
  const tables = captureTables(parts);
  for (const [name, rows] of Object.entries(tables)) {
    if (!isImmutableTable(name)) tables[name] = structuredClone(rows);
  }
  return { format: 'glm-mock-snapshot', version: MOCK_SNAPSHOT_VERSION, taken_at: takenAt, tables };
}
