import type { FutureMode } from './future-mode.ts';

/** The version a future member says added it. */
const ADDED_IN = 'v2-future';

/** The enum value a later version adds, carried by one status-like field of each object. */
export const FUTURE_STATUS = 'future_status';

/** The event type a later version adds, which no contract today names. */
export const FUTURE_EVENT_TYPE = 'future.rehearsal';

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The kind of an object, for the names of its future members: its `object` member, else its id's
 * prefix (`ord_…` → `ord`), else `resource`.
 */
function kindOf(value: Json): string {
  if (typeof value['object'] === 'string') return value['object'];
  const id = value['id'];
  if (typeof id === 'string' && /^[a-z]+_/.test(id)) return id.slice(0, id.indexOf('_'));
  return 'resource';
}

/**
 * The members a later version adds to an object of a kind: a scalar and an object, with the same
 * names on every answer (so a team can snapshot-test them).
 */
export const futureMembers = (kind: string): Json => ({
  future_note: `A member a later API version adds to ${kind}.`,
  future_details: { added_in: ADDED_IN, kind },
});

/** Copies `value` with `change` applied to each object that is an API resource (the top, list items, objects with an id). */
function mapResources(value: unknown, change: (object: Json) => Json, top: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => mapResources(item, change, top));
  if (!isObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    // Metadata is the merchant's own; the list envelope's `data` items count as top-level objects.
    copy[key] = key === 'metadata' ? member : mapResources(member, change, top && key === 'data');
  }
  const id = value['id'];
  return top || typeof id === 'string' || typeof id === 'number' ? change(copy) : copy;
}

/**
 * An answer body as a later version would send it: with `fields`, the top-level object, each item of
 * a list and each nested resource (an object with an `id`) gain {@link futureMembers}; with `enums`,
 * the `status` of each of those objects carries {@link FUTURE_STATUS}. `metadata` is left alone and
 * the body given is not changed (a copy is answered).
 */
export function futureBody(body: unknown, mode: Pick<FutureMode, 'fields' | 'enums'>): unknown {
  if (!mode.fields && !mode.enums) return body;
  return mapResources(
    body,
    (object) => ({
      ...object,
      ...(mode.enums && typeof object['status'] === 'string' ? { status: FUTURE_STATUS } : {}),
      ...(mode.fields ? futureMembers(kindOf(object)) : {}),
    }),
    true,
  );
}

/** The `data` of an event a later version adds: a plausible object of a kind no contract names today. */
export const futureEventData = (id: string): Json => ({
  id,
  object: 'future_object',
  status: FUTURE_STATUS,
  ...futureMembers('future_object'),
});
