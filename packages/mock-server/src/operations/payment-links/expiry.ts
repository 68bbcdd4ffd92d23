import type { OperationContext } from '../operation-context.ts';
import { emitLinkEvents, move } from './link-move.ts';

/** The scheduled expiry of an active link at its `expires_at`: `expired` and `payment_link.expired`. */
export function expirePaymentLink(context: OperationContext, id: string): void {
  const { engine, mode } = context;
  const links = engine.store.modes[mode].paymentLinks;
  const record = links.get(id);
  if (record === undefined) return;
  const { moved, next } = move(record.link, { type: 'expire', now: engine.nowIso() });
  // A link already paid or cancelled is left as it is.
  if (!moved.ok) return;
  links.update({ ...record, link: next });
  emitLinkEvents(context, moved, next);
}
