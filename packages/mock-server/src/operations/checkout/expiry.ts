import { checkoutSessionTransition } from '@glm/domain/machines';
import type { OperationContext } from '../operation-context.ts';
import { sessionState } from './session-state.ts';

/** The scheduled 24-hour expiry of an open session: `expired`, `expired_at`, `checkout.expired`. */
export function expireCheckout({ engine, mode }: OperationContext, id: string): void {
  const checkouts = engine.store.modes[mode].checkouts;
  const record = checkouts.get(id);
  if (record === undefined) return;
  const now = engine.nowIso();
  const { session } = record;
  const moved = checkoutSessionTransition(sessionState(session), { type: 'expire', now });
  // A session already paid (or expired) is simply left as it is.
  if (!moved.ok) return;
  let next = { ...session, status: moved.state.status };
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
  }
  checkouts.update({ ...record, session: next });
  for (const effect of moved.effects) {
    if (effect.kind === 'emit') engine.emit(mode, effect.event, { ...next, checkout_id: id });
  }
}
