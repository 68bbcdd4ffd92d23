import { expect, test } from 'vitest';
import { Product, ProductList } from './product.ts';
import { productBody } from './test-support/fixtures.ts';

test('a product in the interface shape with the D8 fields parses', () => {
  expect(Product.parse(productBody())).toEqual(productBody());
});

test('a product answer always carries tagline (null when unset) and images ([] when none): without them it is refused', () => {
  const { tagline: _tagline, images: _images, ...bare } = productBody();
  const parsed = Product.safeParse(bare);
  expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path)).toEqual([
    ['tagline'],
    ['images'],
  ]);
  expect(Product.parse({ ...bare, tagline: null, images: [] })).toMatchObject({ tagline: null, images: [] });
});

test('a product drops fields it does not know instead of failing', () => {
  const parsed = Product.parse({ ...productBody(), shipping_class: 'bulky' });
  expect(parsed).not.toHaveProperty('shipping_class');
});

test('a product with a status or eligibility type this version does not know is refused, naming the field', () => {
  const body = productBody();
  const status = Product.safeParse({ ...body, status: 'draft' });
  expect(status.success ? [] : status.error.issues.map((issue) => issue.path)).toEqual([['status']]);
  const type = Product.safeParse({
    ...body,
    eligibility: { ...body.eligibility, eligibility_type: 'telehealth' },
  });
  expect(type.success ? [] : type.error.issues.map((issue) => issue.path)).toEqual([
    ['eligibility', 'eligibility_type'],
  ]);
});

test('a product with a negative price is refused', () => {
  expect(Product.safeParse({ ...productBody(), price: -1 }).success).toBe(false);
});

test('a product page uses the integer id as cursor and null on the last page', () => {
  expect(ProductList.parse({ data: [productBody()], has_more: true, next_cursor: 42 }).next_cursor).toBe(42);
  expect(ProductList.parse({ data: [], has_more: false, next_cursor: null }).next_cursor).toBeNull();
  expect(ProductList.safeParse({ data: [], has_more: true, next_cursor: 'prod_1' }).success).toBe(false);
});
