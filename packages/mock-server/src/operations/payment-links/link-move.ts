import { type PaymentLink, PaymentLinkStatus } from '@glm/domain';
import { type PaymentLinkTransition, paymentLinkTransition } from '@glm/domain/machines';
import type { OperationContext } from '../operation-context.ts';

/** A stored link's status as the machine knows it (`cancelled` for one it does not). */
const statusOf = (link: PaymentLink): PaymentLinkStatus => {
  const parsed = PaymentLinkStatus.safeParse(link.status);
  return parsed.success ? parsed.data : 'cancelled';
};

/** Moves a stored link with the domain machine and carries out its timestamp and reason effects. */
export function move(
  link: PaymentLink,
  event: Parameters<typeof paymentLinkTransition>[1],
): { readonly moved: PaymentLinkTransition; readonly next: PaymentLink } {
  const moved = paymentLinkTransition({ status: statusOf(link), expires_at: link.expires_at }, event);
  if (!moved.ok) return { moved, next: link };
  let next: PaymentLink = { ...link, status: moved.state.status };
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
    if (effect.kind === 'set_cancellation_reason') next = { ...next, cancellation_reason: effect.reason };
  }
  return { moved, next };
}

/** Emits the link's own events among a move's effects (the order's events belong to the checkout). */
export function emitLinkEvents(
  { engine, mode }: OperationContext,
  moved: PaymentLinkTransition,
  link: PaymentLink,
): void {
  if (!moved.ok) return;
  for (const effect of moved.effects) {
    if (effect.kind === 'emit' && effect.event.startsWith('payment_link.'))
      engine.emit(mode, effect.event, link);
  }
}
