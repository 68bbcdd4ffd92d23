import type { TriggerObjects, TriggerResult } from '@glm/domain/test-helpers';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The data of the product event about the product `id` that the trigger emitted, if any. */
function productData(
  result: TriggerResult,
  id: string | number,
): Readonly<Record<string, unknown>> | undefined {
  const events = result.events.filter(
    (event) => event.type.startsWith('product.') && (event.data as { id?: unknown }).id === id,
  );
  return events.at(-1)?.data as Readonly<Record<string, unknown>> | undefined;
}

/** What a line says of a product besides its id: its name and merchant product id, when known. */
function productDetail(result: TriggerResult, id: string | number): string {
  const data = productData(result, id);
  if (data === undefined) return '';
  const name = text(data['name']);
  const merchantId = text(data['merchant_product_id']);
  return `${name === undefined ? '' : ` "${name}"`}${merchantId === undefined ? '' : ` (merchant_product_id ${merchantId})`}`;
}

/**
 * What `glm-mock trigger` prints of a trigger's result, one line each: every object made or used, in
 * order, as `created <kind> <id>` or `used <kind> <id>` (one the command named), a product with its name
 * and merchant product id (its id alone, `product 1`, reads like a count); then
 * `event <type> <evt_id>`, with the decline's code when the event carries one.
 */
export function triggerLines(result: TriggerResult, given: TriggerObjects): string[] {
  const named = new Set(Object.values(given).map(String));
  const objects = result.objects.map((made) => {
    const verb = named.has(String(made.id)) ? 'used' : 'created';
    const detail = made.object === 'product' ? productDetail(result, made.id) : '';
    return `${verb} ${made.object} ${made.id}${detail}`;
  });
  const decline = text((result.event.data as { decline_code?: unknown }).decline_code);
  const event = `event ${result.event.type} ${result.event.id}${decline === undefined ? '' : ` decline_code ${decline}`}`;
  return [...objects, event];
}
