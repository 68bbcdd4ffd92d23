import { type CheckoutSession, CheckoutSessionStatus } from '@glm/domain';
import type { CheckoutSessionState } from '@glm/domain/machines';

/**
 * The machine state of a stored session. Stored sessions only ever hold statuses the machine produced;
 * the wire type is open (a later API may add statuses), so narrow it here, defaulting to `expired`,
 * a state that accepts no move.
 */
export function sessionState(session: CheckoutSession): CheckoutSessionState {
  const status = CheckoutSessionStatus.safeParse(session.status);
  return { status: status.success ? status.data : 'expired', expires_at: session.expires_at };
}
