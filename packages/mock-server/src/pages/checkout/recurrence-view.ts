import { type CheckoutSession, formatCents, SubscriptionInterval } from '@glm/domain';
import { addInterval } from '@glm/domain/machines';
import { type Html, html } from '../kit/html.ts';

/** What a subscription session commits the shopper to, as the page discloses it before the button. */
export interface RecurrencePlan {
  /** What each period costs, in cents. */
  readonly amountCents: number;
  /** The billing interval. */
  readonly interval: SubscriptionInterval;
  /** How many intervals one period lasts. */
  readonly intervalCount: number;
  /** Free days before the first charge (0: charged today). */
  readonly trialDays: number;
  /** When the first charge is made (today without a trial), an ISO instant. */
  readonly firstChargeAt: string;
  /** When the charge after the first one is made, an ISO instant. */
  readonly secondChargeAt: string;
  /** The currency. */
  readonly currency: string;
}

const DAY_MS = 86_400_000;

/** The recurrence of a subscription session at `now`; `undefined` for a one-time payment. */
export function recurrencePlan(session: CheckoutSession, now: string): RecurrencePlan | undefined {
  const terms = session.subscription;
  if (session.payment_type !== 'subscription' || terms == null) return undefined;
  const interval = SubscriptionInterval.safeParse(terms.interval);
  if (!interval.success) return undefined;
  const trialDays = terms.trial_period_days ?? 0;
  const first = new Date(Date.parse(now) + trialDays * DAY_MS);
  return {
    amountCents: session.amounts.total,
    interval: interval.data,
    intervalCount: terms.interval_count,
    trialDays,
    firstChargeAt: first.toISOString(),
    secondChargeAt: addInterval(first, interval.data, terms.interval_count).toISOString(),
    currency: session.line_items[0]?.currency ?? 'USD',
  };
}

const UNITS: Readonly<Record<SubscriptionInterval, string>> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

/** "every month", "every 3 months". */
function everyInterval(interval: SubscriptionInterval, count: number): string {
  const unit = UNITS[interval];
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

// Made on the first page that shows a date: building a date format loads the locale's data, which a
// server start that shows no page should not pay for.
let longDate: Intl.DateTimeFormat | undefined;

/** A day as the pages write it: "December 2, 2026" (UTC). */
export function longDay(iso: string): string {
  longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  return longDate.format(new Date(iso));
}

const date = (iso: string): Html => html`<time datetime="${iso.slice(0, 10)}">${longDay(iso)}</time>`;

/** The Pay button's label: what happens when the shopper presses it today. */
export function payLabel(session: CheckoutSession, plan: RecurrencePlan | undefined): string {
  const total = formatCents(session.amounts.total, session.line_items[0]?.currency ?? 'USD');
  if (plan === undefined) return `Pay ${total}`;
  return plan.trialDays > 0 ? 'Start free trial' : `Pay ${total} and subscribe`;
}

/**
 * The disclosure of a subscription, shown before the button: the amount, how often, the trial, and the
 * first charge's date and amount, in one sentence ("$0.00 today, then $25.00 every month from …") and
 * as a list.
 */
export function recurrenceView(plan: RecurrencePlan): Html {
  const money = (cents: number): string => formatCents(cents, plan.currency);
  const every = everyInterval(plan.interval, plan.intervalCount);
  const trial = plan.trialDays > 0;
  const summary = trial
    ? html`${money(0)} today, then ${money(plan.amountCents)} ${every} from ${date(plan.firstChargeAt)}.`
    : html`${money(plan.amountCents)} today, then ${money(plan.amountCents)} ${every} from ${date(plan.secondChargeAt)}.`;
  return html`<section class="card" aria-labelledby="recurrence-heading" data-recurrence>
<h2 id="recurrence-heading">Subscription</h2>
<p id="recurrence-summary" class="recurrence-summary">${summary}</p>
<dl class="amounts">
<dt>Amount</dt><dd data-recurrence="amount">${money(plan.amountCents)}</dd>
<dt>Billed</dt><dd data-recurrence="interval">${every}</dd>
<dt>Free trial</dt><dd data-recurrence="trial">${trial ? `${plan.trialDays} ${plan.trialDays === 1 ? 'day' : 'days'}` : 'None'}</dd>
<dt>First charge</dt><dd data-recurrence="first-charge">${money(plan.amountCents)} on ${date(plan.firstChargeAt)}</dd>
</dl>
<p class="muted">Renews automatically until you cancel.</p>
</section>`;
}
