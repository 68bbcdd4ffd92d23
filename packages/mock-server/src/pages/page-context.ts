import type { Mode } from '@glm/domain';
import type { Coverage } from '@glm/domain/test-helpers';
import type { Engine } from '../core/engine.ts';
import type { ModeState } from '../core/store/store.ts';
import type { FaultRules } from '../http/faults/fault-rules.ts';
import type { MerchantControls } from '../http/instance-controls.ts';
import type { RequestJournal } from '../http/journal/request-journal.ts';
import type { CallOperation } from '../operations/call-operation.ts';
import type { AttemptLedger } from './checkout/attempt-ledger.ts';

/** What the hosted pages work with: the engine to read state, the service's operations to act (as the test-helper endpoints do). */
export interface PageContext {
  /** The service's state, clock and services. */
  readonly engine: Engine;
  /** Runs an operation: every page action is the same operation as its test-helper endpoint. */
  readonly call: CallOperation;
  /** Origins allowed to frame the hosted pages and receive their messages, exact origins. */
  readonly allowedOrigins: readonly string[];
  /** The dashboard token. */
  readonly dashboardToken: string;
  /** The merchant's name on the end pages; `undefined` names the host of the session's `success_url`. */
  readonly merchantName: string | undefined;
  /** The outcomes of the hosted pages' payment attempts, so a repeated submit answers the first one's. */
  readonly attempts: AttemptLedger;
  /** The instance's fault rules, which the dashboard lists and removes. */
  readonly faults: FaultRules;
  /** The instance's request journal, which the dashboard shows. */
  readonly journal: RequestJournal;
  /** The merchant's coverage report, which the dashboard shows. */
  readonly coverage: () => Coverage;
  /** The instance's merchant and every merchant of the server, for the dashboard's merchant switcher. */
  readonly merchants: Pick<MerchantControls, 'current' | 'list'>;
}

/** A shopper's request to a hosted page: the request, its URL, the object's id and the page's action. */
export interface ShopperVisit {
  /** The request. */
  readonly request: Request;
  /** Its URL. */
  readonly url: URL;
  /** The id of the checkout session or payment link in the path. */
  readonly id: string;
  /** The page itself (`view`) or one of its form actions. */
  readonly action: 'view' | 'pay' | 'cancel';
}

/** The object `read` finds in the test mode's or the live mode's state (ids are random: at most one matches). */
export function findInEitherMode<T>(
  context: PageContext,
  read: (state: ModeState) => T | undefined,
): { readonly found: T; readonly mode: Mode } | undefined {
  for (const mode of ['test', 'live'] as const) {
    const found = read(context.engine.store.modes[mode]);
    if (found !== undefined) return { found, mode };
  }
  return undefined;
}
