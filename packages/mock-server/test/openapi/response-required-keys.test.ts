import { expect, test } from 'vitest';
import type { z } from 'zod';
import { documentComponents } from '../../src/http/openapi/components.ts';
import { routes } from '../../src/http/routes.ts';
import { inspectEveryAnswer } from '../support/every-operation.ts';

/** How often one optional field of a response schema was present in what the server sent. */
interface Seen {
  present: number;
  absent: number;
}

/**
 * The counts of every optional field, keyed by the object schema that declares it (so `Order` counts
 * alike inside `CheckoutPayResult`, `OrderList` and events), each named by the first path it was met at.
 */
class FieldCounts {
  readonly #byObject = new Map<object, Map<string, Seen & { path: string }>>();

  count(objectSchema: object, key: string, path: string, present: boolean): void {
    const fields = this.#byObject.get(objectSchema) ?? new Map<string, Seen & { path: string }>();
    this.#byObject.set(objectSchema, fields);
    const entry = fields.get(key) ?? { present: 0, absent: 0, path };
    fields.set(key, entry);
    if (present) entry.present++;
    else entry.absent++;
  }

  entries(): (Seen & { path: string })[] {
    return [...this.#byObject.values()].flatMap((fields) => [...fields.values()]);
  }
}

type Def = { readonly type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Walks a body with the zod schema that describes it and counts, for every optional property (by its
 * path in the schema), the answers that carried it and those that did not.
 */
function walk(schema: z.ZodType, value: unknown, path: string, seen: FieldCounts): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      if (value !== null && value !== undefined) walk(def['innerType'] as z.ZodType, value, path, seen);
      return;
    case 'pipe':
      walk(def['in'] as z.ZodType, value, path, seen);
      return;
    case 'lazy':
      walk((def['getter'] as () => z.ZodType)(), value, path, seen);
      return;
    case 'array':
      if (Array.isArray(value))
        for (const item of value) walk(def['element'] as z.ZodType, item, `${path}[]`, seen);
      return;
    case 'record':
      if (typeof value === 'object' && value !== null) {
        for (const item of Object.values(value)) walk(def['valueType'] as z.ZodType, item, `${path}{}`, seen);
      }
      return;
    case 'union': {
      // The option that describes this value (discriminated unions name theirs by the discriminator).
      const options = def['options'] as z.ZodType[];
      const match = options.find((option) => option.safeParse(value).success);
      const discriminator = def['discriminator'];
      const label =
        typeof discriminator === 'string' && typeof value === 'object' && value !== null
          ? `<${String((value as Record<string, unknown>)[discriminator])}>`
          : `<${match === undefined ? '?' : options.indexOf(match)}>`;
      if (match !== undefined) walk(match, value, `${path}${label}`, seen);
      return;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null) return;
      const shape = def['shape'] as Record<string, z.ZodType>;
      for (const [key, field] of Object.entries(shape)) {
        const fieldValue = (value as Record<string, unknown>)[key];
        if (defOf(field).type === 'optional')
          seen.count(def, key, `${path}.${key}`, fieldValue !== undefined);
        walk(field, fieldValue, `${path}.${key}`, seen);
      }
      return;
    }
    default:
      return;
  }
}

/**
 * Optional fields the scenario only meets present, though the server leaves them out elsewhere, or
 * fields the service's interface marks optional. Each says why it stays optional.
 */
const notInTable = (table: string) =>
  `the interface's table (${table}) does not list it, so the service may leave it out; the mock always sends it`;

const OPTIONAL_ON_PURPOSE: Readonly<Record<string, string>> = {
  'EventList.data[]<0><product.updated>.data.previous_attributes.metadata':
    'previous_attributes holds only the fields that changed; the scenario changes only metadata',
  'CheckoutSessionEnvelope.data.customer.phone': notInTable('2.3 checkout session'),
  'CheckoutSessionEnvelope.data.line_items[].image_url': notInTable('2.3 checkout session'),
  'CheckoutSessionEnvelope.data.order_id':
    'only the status answer names it (2.3, D17), not the creation answer',
  'CheckoutSessionEnvelope.data.paid_at':
    'only the status answer names it (2.3, D17), not the creation answer',
  'CheckoutSessionEnvelope.data.expired_at':
    'only the status answer names it (2.3, D17), not the creation answer',
  'CheckoutSessionEnvelope.data.metadata': notInTable('2.3 checkout session'),
  'CheckoutSessionEnvelope.data.payment_type': notInTable('2.3 checkout session'),
  'CheckoutSessionEnvelope.data.subscription': notInTable('2.3 checkout session'),
  'CheckoutPayResult.order.customer.shipping_address.address_line_2': notInTable('2.5 order address'),
  'CheckoutPayResult.order.status_history[].reason': notInTable('2.5 order status history'),
  'CheckoutPayResult.order.client_reference_id':
    'an origin field of events (6.2), absent from the order table',
  'PaymentLink.subscription': notInTable('2.4 payment link'),
  'PaymentLink.cancelled_at': 'the interface names it only on a cancelled link (2.4, 4.6)',
  'PaymentLink.cancellation_reason': 'the interface names it only on a cancelled link (2.4, 4.6)',
  'PaymentLink.customer.first_name': notInTable('2.4 payment link customer'),
  'PaymentLink.customer.last_name': notInTable('2.4 payment link customer'),
  'ApiKeyWithKey.revoked_at': 'a key that was never revoked may leave it out (a test-helper object of ours)',
  'ApiKey.revoked_at': 'a key that was never revoked may leave it out (a test-helper object of ours)',
};

test('a response field the server always sends is required in its type, so the types and the server cannot drift', async () => {
  const seen = new FieldCounts();
  const { responses } = documentComponents(routes);
  await inspectEveryAnswer(({ status, body, schemaRef }) => {
    if (status >= 300 || schemaRef === undefined) return;
    const name = schemaRef.replace('#/components/schemas/', '');
    const schema = responses[name];
    if (schema === undefined) throw new Error(`No component ${name}.`);
    walk(schema, body, name, seen);
  });

  const fields = seen.entries();
  const alwaysSent = fields
    .filter(({ path, present, absent }) => present > 0 && absent === 0 && !(path in OPTIONAL_ON_PURPOSE))
    .map(({ path }) => path);
  expect(alwaysSent, 'optional in the schema, yet in every answer: make them required').toEqual([]);
  const stale = Object.keys(OPTIONAL_ON_PURPOSE).filter(
    (path) => (fields.find((field) => field.path === path)?.absent ?? 1) > 0,
  );
  expect(
    stale,
    'listed as optional on purpose, but the scenario now sees them absent: drop the entry',
  ).toEqual([]);
});
