import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, expect, test } from 'vitest';
import { openApiDocument } from '../../http/openapi-document.ts';
import { createMockService } from '../../service/create-mock-service.ts';
import { checkIdFormats } from './id-formats.ts';
import { firstSchemaDifference } from './json-schema.ts';

const document = openApiDocument();
const { schemas } = document.components;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Real answers of the mock, by the document's component name. */
const bodies: Record<string, unknown> = {};

beforeAll(async () => {
  const service = createMockService();
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await service.handle(
      new Request(`http://mock.test/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return response.json() as Promise<Record<string, unknown>>;
  };
  const product = { name: 'Ibuprofen', price: 1299, currency: 'USD', upc_code_or_gtin: '074100001236' };
  bodies['Product'] = await call('POST', '/products', product);
  await call('POST', '/products', { ...product, name: 'Gauze' });
  bodies['ProductList'] = await call('GET', '/products?limit=1');
  bodies['PaymentLink'] = await call('POST', '/payment-links', {
    amount_cents: 5000,
    currency: 'USD',
    description: 'Eye exam',
    success_url: 'https://merchant.example/thanks',
  });
  bodies['ErrorBody'] = await call('GET', '/orders/ord_000000000000000000000000');
});

type Leaf = { path: string; set: (value: unknown) => unknown };

/** Every value of a JSON body with its path (`$.a.b[0]`) and a way to build a copy where it is replaced. */
function leaves(value: unknown, path = '$', rebuild: (next: unknown) => unknown = (next) => next): Leaf[] {
  const own: Leaf = { path, set: rebuild };
  if (Array.isArray(value)) {
    return [
      own,
      ...value.flatMap((item, index) =>
        leaves(item, `${path}[${index}]`, (next) =>
          rebuild(value.map((old, at) => (at === index ? next : old))),
        ),
      ),
    ];
  }
  if (typeof value === 'object' && value !== null) {
    return [
      own,
      ...Object.entries(value).flatMap(([key, item]) =>
        leaves(item, `${path}.${key}`, (next) => rebuild({ ...value, [key]: next })),
      ),
    ];
  }
  return [own];
}

const MUTATIONS: readonly unknown[] = [true, 'x', 1.5, -1, null, {}, [], 'ord_x'];

test.each(['Product', 'ProductList', 'PaymentLink', 'ErrorBody'])(
  'a %s the mock answers passes; replacing any value with a wrong one is found where ajv finds it, at that path or above',
  (name) => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(document, 'openapi.json');
    const validate = ajv.getSchema(`openapi.json#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`no ${name}`);
    const body = bodies[name];
    expect(firstSchemaDifference(body, ref(name), schemas)).toBeUndefined();
    let compared = 0;
    for (const leaf of leaves(body)) {
      for (const mutation of MUTATIONS) {
        const mutated = leaf.set(mutation);
        const found = firstSchemaDifference(mutated, ref(name), schemas);
        const ajvValid = validate(mutated) === true;
        compared += 1;
        if (ajvValid) {
          // ajv here skips formats; ours checks them (a uri, an e-mail, a date-time).
          if (found !== undefined)
            expect(found.message, `${leaf.path} = ${JSON.stringify(mutation)}`).toMatch(
              /is not a (uri|email|date-time)$/,
            );
          continue;
        }
        expect(found, `${leaf.path} = ${JSON.stringify(mutation)}`).toBeDefined();
        // A missing field is named at its own path, under the object that lacks it.
        const at =
          found?.message === 'required field is missing'
            ? found.path.replace(/\.[^.[]+$/, '')
            : (found?.path ?? '#');
        expect(
          leaf.path.startsWith(at),
          `${leaf.path} = ${JSON.stringify(mutation)}: ${JSON.stringify(found)}`,
        ).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(20);
  },
);

test('a missing required field, a wrong type, a value outside an enum and a null where none is allowed are each named', () => {
  const product = bodies['Product'] as Record<string, unknown>;
  const { name: _name, ...unnamed } = product;
  expect(firstSchemaDifference(unnamed, ref('Product'), schemas)).toEqual({
    path: '$.name',
    message: 'required field is missing',
  });
  expect(firstSchemaDifference({ ...product, price: '12.99' }, ref('Product'), schemas)).toEqual({
    path: '$.price',
    message: 'expected integer, got string "12.99"',
  });
  expect(firstSchemaDifference({ ...product, status: 'deleted' }, ref('Product'), schemas)?.path).toBe(
    '$.status',
  );
  const list = bodies['ProductList'] as Record<string, unknown>;
  expect(firstSchemaDifference({ ...list, next_cursor: 'abc' }, ref('ProductList'), schemas)).toEqual({
    path: '$.next_cursor',
    message: 'expected integer or null, got string "abc"',
  });
  expect(firstSchemaDifference({ ...list, has_more: null }, ref('ProductList'), schemas)).toEqual({
    path: '$.has_more',
    message: 'expected boolean, got null null',
  });
  expect(firstSchemaDifference({}, ref('NoSuchThing'), schemas)?.message).toBe(
    'the document has no schema #/components/schemas/NoSuchThing',
  );
});

test('id formats: a resource id without its prefix, or a reference to another kind, is named with its path', () => {
  const link = bodies['PaymentLink'] as Record<string, unknown>;
  expect(firstSchemaDifference(link, ref('PaymentLink'), schemas, checkIdFormats)).toBeUndefined();
  expect(
    firstSchemaDifference({ ...link, id: 'pl_123' }, ref('PaymentLink'), schemas, checkIdFormats),
  ).toEqual({
    path: '$.id',
    message: '"pl_123" is not an id plink_<24 base62>',
  });
  const order = { id: `ord_${'a'.repeat(24)}`, checkout_id: `ord_${'a'.repeat(24)}`, payment_link_id: null };
  expect(checkIdFormats('Order', order, '$.data[0]')).toEqual({
    path: '$.data[0].checkout_id',
    message: `"ord_${'a'.repeat(24)}" is not an id cs_<24 base62>`,
  });
});
