import type { Order } from '@glm/sdk';

/** One shipment the warehouse made for a paid order. */
interface Shipment {
  readonly orderId: string;
  readonly reference: string;
  readonly items: readonly { readonly sku: string; readonly quantity: number }[];
  refundedCents: number;
}

/** The shop's warehouse: in a real shop, a table and a queue to the carrier. */
export interface Warehouse {
  /** Ships a paid order. Called from the `order.completed` webhook, so at most once per order. */
  ship(order: Order): void;
  /** Records money given back for an order. */
  recordRefund(orderId: string, amountCents: number): void;
  /** Every shipment made, oldest first. */
  shipments(): Shipment[];
}

/** An in-memory {@link Warehouse}. */
export function createWarehouse(): Warehouse {
  const shipments: Shipment[] = [];
  return {
    ship(order) {
      shipments.push({
        orderId: order.id,
        reference: order.reference_id ?? order.client_reference_id ?? order.order_number,
        items: order.line_items.map((item) => ({ sku: item.merchant_product_id, quantity: item.quantity })),
        refundedCents: 0,
      });
    },
    recordRefund(orderId, amountCents) {
      const shipment = shipments.find((candidate) => candidate.orderId === orderId);
      if (shipment !== undefined) shipment.refundedCents += amountCents;
    },
    shipments: () => [...shipments],
  };
}
