import type { CheckoutSession, Order } from '@glm/domain';
import type { PageProblem } from './checkout-view.ts';

/** What one payment attempt on a hosted page came to, kept so that a repeat of it answers the same. */
export type AttemptOutcome =
  | { readonly kind: 'paid'; readonly checkout: CheckoutSession; readonly order: Order | null }
  | { readonly kind: 'declined'; readonly checkout: CheckoutSession; readonly problem: PageProblem };

/**
 * The outcomes of the hosted pages' payment attempts, by attempt token. Each form the page shows carries
 * a fresh one-time token; a second submit of the same form (a double click, a reload of the POST, a
 * retry on a slow network) finds the first submit's outcome here instead of paying again, and waits
 * for it while the first submit is still running.
 */
export interface AttemptLedger {
  /** Runs `attempt` once per key; a later call with the same key answers the first call's outcome. */
  once(key: string, attempt: () => Promise<AttemptOutcome | undefined>): Promise<AttemptOutcome | undefined>;
  /** The outcome kept (or awaited) for `key`, if any. */
  find(key: string): Promise<AttemptOutcome | undefined> | undefined;
}

/** How many attempts are remembered; the oldest are forgotten first. */
const ATTEMPT_LEDGER_SIZE = 10_000;

/**
 * A ledger that remembers the latest {@link ATTEMPT_LEDGER_SIZE} attempts. An attempt that answers
 * `undefined` (the form could not be read, nothing was charged) is forgotten, so it may run again.
 */
export function createAttemptLedger(size = ATTEMPT_LEDGER_SIZE): AttemptLedger {
  const kept = new Map<string, Promise<AttemptOutcome | undefined>>();
  return {
    once(key, attempt) {
      const known = kept.get(key);
      if (known !== undefined) return known;
      const running = attempt().then(
        (outcome) => {
          if (outcome === undefined) kept.delete(key);
          return outcome;
        },
        (error: unknown) => {
          kept.delete(key);
          throw error;
        },
      );
      kept.set(key, running);
      while (kept.size > size) {
        const oldest = kept.keys().next().value;
        if (oldest === undefined) break;
        kept.delete(oldest);
      }
      return running;
    },
    find: (key) => kept.get(key),
  };
}

/** The ledger key of an attempt token on a session or link; `undefined` when the token is missing or malformed. */
export function attemptKey(ownerId: string, attempt: string | null): string | undefined {
  return attempt !== null && /^[A-Za-z0-9]{16,64}$/.test(attempt) ? `${ownerId}\u0000${attempt}` : undefined;
}
