import type { ProductStatus } from '../schemas/statuses.ts';
import { conflict, type Move, moved, type Transition, unknownEvent } from './machine.ts';

/** What the product status machine needs to know about a product. */
export interface ProductStatusState {
  /** The product's status. */
  readonly status: ProductStatus;
}

/** What can happen to a product's status: an update asks for a status. */
export type ProductStatusEvent = { readonly type: 'set_status'; readonly status: ProductStatus };

/**
 * The result of {@link productStatusTransition}. It has no effects of its own: `product.updated` is
 * emitted once per update by whoever applies the whole update, not once per changed field.
 */
export type ProductStatusTransition = Transition<ProductStatusState, never, 'conflict'>;

/** Every status change a product allows: `active ⇄ inactive`, either `→ archived`, `archived → inactive`. */
export const productStatusMoves = [
  { from: 'active', on: 'set_status', to: 'inactive' },
  { from: 'inactive', on: 'set_status', to: 'active' },
  { from: 'active', on: 'set_status', to: 'archived' },
  { from: 'inactive', on: 'set_status', to: 'archived' },
  { from: 'archived', on: 'set_status', to: 'inactive' },
] as const satisfies readonly Move<ProductStatus, ProductStatusEvent['type']>[];

/**
 * Changes a product's status. Asking for the status it already has is a successful no-op with no
 * effects; any move outside the table (such as `archived → active`) is `conflict`.
 */
export function productStatusTransition(
  state: ProductStatusState,
  event: ProductStatusEvent,
): ProductStatusTransition {
  switch (event.type) {
    case 'set_status': {
      if (event.status === state.status) return moved(state);
      const allowed = productStatusMoves.some((m) => m.from === state.status && m.to === event.status);
      return allowed
        ? moved({ status: event.status })
        : conflict(`A product that is ${state.status} cannot become ${event.status}.`);
    }
    default:
      // A one-member union does not narrow the event itself to never, only its type.
      return unknownEvent(event.type);
  }
}
