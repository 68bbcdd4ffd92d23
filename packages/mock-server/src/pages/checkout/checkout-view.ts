import { CartType, type CheckoutSession, formatCents, splitPayment } from '@glm/domain';
import { TEST_CARDS } from '@glm/domain/test-helpers';
import { lacksPayer } from '../../operations/checkout/assign-payer.ts';
import { type Html, html } from '../kit/html.ts';
import { type EndLink, endLinksView } from './end-links.ts';
import { payerFields } from './payer-fields.ts';
import { knownPayer, type PayerEntry } from './payer-form.ts';
import { longDay, payLabel, type RecurrencePlan, recurrencePlan, recurrenceView } from './recurrence-view.ts';
import { cartSentence, eligibilityNote, LMN_HINT } from './shopper-words.ts';

/** A problem the page shows above the card form (a decline, a malformed card number). */
export interface PageProblem {
  /** Machine code (the test card's decline code, or `invalid_card_number`). */
  readonly code: string;
  /** What the shopper reads. */
  readonly message: string;
  /** The form field the problem is about (the declined card's), marked invalid and linked to the message. */
  readonly field?: string;
}

/** What the checkout page shows and where its form goes. */
export interface CheckoutViewInput {
  /** The session to pay. */
  readonly session: CheckoutSession;
  /** Whether the session is a test-mode one: the test cards are listed. */
  readonly testMode: boolean;
  /** The heading (the payment link's description on `/pay/…`). */
  readonly heading: string;
  /** Form action of Pay (relative URL carrying the token and `embed_origin`). */
  readonly payAction: string;
  /** Form action of Cancel. */
  readonly cancelAction: string;
  /** The service's current time (a subscription's first charge is dated from it). */
  readonly now: string;
  /** The form's one-time attempt token: a second submit of the same form answers the first's outcome. */
  readonly attempt: string;
  /** The payer fields as typed, with their messages (a session without a customer asks for them). */
  readonly payer?: PayerEntry | undefined;
  /** The problem of the last attempt, if any. */
  readonly problem?: PageProblem | undefined;
}

const money = (cents: number, currency: string): string => formatCents(cents, currency);

/** The row maker of amounts in `currency`: `amount(name, label, cents, className)`. */
const amountsIn =
  (currency: string) =>
  (name: string, label: string, cents: number, className = ''): Html =>
    html`<dt class="${className}">${label}</dt><dd class="${className}" data-amount="${name}" data-cents="${cents}">${money(cents, currency)}</dd>`;

function itemBadge(item: CheckoutSession['line_items'][number]): Html {
  if (!item.is_hsa_fsa_eligible) return html`<span class="badge regular">Not HSA/FSA eligible</span>`;
  const note = eligibilityNote(item.eligibility_type);
  const lmn = item.eligibility_type === 'dual_purpose';
  // The note is text beside the badge, not inside it: a badge never wraps, and a long note would push
  // it past the edge of a narrow screen.
  return html`<span class="badge eligible">HSA/FSA eligible</span>${
    note === undefined ? '' : html` <span class="eligibility-note">${note}</span>`
  }${lmn ? html`<span class="hint lmn">${LMN_HINT}</span>` : ''}`;
}

function lineItems(session: CheckoutSession): Html {
  return html`<ul class="items" aria-label="Items">${session.line_items.map(
    (
      item,
    ) => html`<li data-product-id="${item.product_id}" data-eligible="${String(item.is_hsa_fsa_eligible)}">
<span><span class="item-name">${item.name}</span> <span class="muted">× ${item.quantity}</span><br>${itemBadge(item)}</span>
<span>${money(item.price * item.quantity, item.currency)}</span></li>`,
  )}</ul>`;
}

/** What each card is charged: the total split in proportion to the two item amounts (both parts sum to it). */
function cardCharges(session: CheckoutSession): { readonly hsa: number; readonly regular: number } {
  const type = CartType.safeParse(session.type);
  const split = splitPayment(type.success ? type.data : 'regular', session.amounts);
  return split.ok
    ? { hsa: split.value.hsa_fsa_amount_cents, regular: split.value.regular_amount_cents }
    : { hsa: session.amounts.hsa_amount, regular: session.amounts.total - session.amounts.hsa_amount };
}

function amounts(session: CheckoutSession): Html {
  const { amounts: a } = session;
  const amount = amountsIn(session.line_items[0]?.currency ?? 'USD');
  const charges = cardCharges(session);
  return html`<dl class="amounts" aria-label="Amounts">
${amount('subtotal', 'Subtotal', a.subtotal)}
${amount('hsa_amount', 'HSA/FSA-eligible items', a.hsa_amount)}
${amount('regular_amount', 'Other items', a.regular_amount)}
${a.shipping > 0 ? amount('shipping', 'Shipping', a.shipping) : ''}
${a.tax > 0 ? amount('tax', 'Tax', a.tax) : ''}
${a.discount > 0 ? amount('discount', 'Discount', a.discount) : ''}
${amount('total', 'Total', a.total, 'total')}
${session.type === 'regular' ? '' : amount('hsa_charge', 'Charged to your HSA/FSA card', charges.hsa)}
${
  session.type === 'eligible'
    ? ''
    : amount(
        'regular_charge',
        session.type === 'split' ? 'Charged to your other card' : 'Charged to your card',
        charges.regular,
      )
}
</dl>`;
}

function cardField(name: string, label: string, hint: string, problem: PageProblem | undefined): Html {
  const invalid = problem?.field === name;
  return html`<label for="${name}">${label}<span class="hint" id="${name}-hint">${hint}</span></label>
<input id="${name}" name="${name}" type="text" inputmode="numeric" autocomplete="cc-number" required
 pattern="[0-9 \-]{12,28}" maxlength="28" data-glm-card aria-describedby="${invalid ? `payment-error ${name}-hint` : `${name}-hint`}"${
   invalid ? html` aria-invalid="true"` : ''
 }>`;
}

function cardForm(input: CheckoutViewInput, plan: RecurrencePlan | undefined): Html {
  const { session } = input;
  const currency = session.line_items[0]?.currency ?? 'USD';
  const charges = cardCharges(session);
  // With a free trial the card is only checked today: say when it first pays.
  const pays = (cents: number): string =>
    plan !== undefined && plan.trialDays > 0
      ? `Nothing today; pays ${money(cents, currency)} from ${longDay(plan.firstChargeAt)}`
      : `Pays ${money(cents, currency)}`;
  const hsa =
    session.type === 'regular'
      ? ''
      : cardField('hsa_card_number', 'HSA/FSA card number', pays(charges.hsa), input.problem);
  const regular =
    session.type === 'eligible'
      ? ''
      : cardField(
          'card_number',
          session.type === 'split' ? 'Other card number' : 'Card number',
          pays(charges.regular),
          input.problem,
        );
  const payer = lacksPayer(session.customer)
    ? payerFields(input.payer ?? { values: knownPayer(session.customer), errors: {} })
    : '';
  return html`<form method="post" action="${input.payAction}" aria-label="Payment" novalidate data-glm-pay-form>
<input type="hidden" name="attempt" value="${input.attempt}">
${payer}${hsa}${regular}
<div class="actions">
<button type="submit" class="primary" data-glm-pay data-glm-busy="Processing…"${
    plan === undefined ? '' : html` aria-describedby="recurrence-summary"`
  }>${payLabel(session, plan)}</button>
<button type="submit" class="secondary" formaction="${input.cancelAction}" formnovalidate>Cancel</button>
</div>
</form>`;
}

function testCards(): Html {
  return html`<details class="card test-cards" open>
<summary>Test cards (test mode)</summary>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Card number</th><th scope="col">What it does</th></tr></thead>
<tbody>${TEST_CARDS.map(
    (card) =>
      html`<tr data-outcome="${card.outcome}"><td class="mono">${card.number}</td><td>${card.purpose}</td></tr>`,
  )}</tbody>
</table></div>
</details>`;
}

/** The checkout page's content: items with eligibility, amounts, the card form and, in test mode, the test cards. */
export function checkoutView(input: CheckoutViewInput): Html {
  const { session, problem } = input;
  const plan = recurrencePlan(session, input.now);
  return html`<section class="card" aria-labelledby="checkout-heading" data-checkout-id="${session.checkout_id}" data-cart-type="${session.type}">
<h1 id="checkout-heading">${input.heading}</h1>
<p class="muted">${
    input.testMode ? html`<span class="badge">Test mode</span> ` : ''
  }${cartSentence(session.type)}${lacksPayer(session.customer) ? '' : ` Receipt to ${session.customer.email}.`}</p>
${problem === undefined ? '' : html`<div class="alert error" id="payment-error" role="alert" tabindex="-1" data-glm-focus data-error-code="${problem.code}">${problem.message}</div>`}
${lineItems(session)}
</section>
<section class="card" aria-label="Summary">${amounts(session)}</section>
${plan === undefined ? '' : recurrenceView(plan)}
<section class="card">${cardForm(input, plan)}</section>
${input.testMode ? testCards() : ''}`;
}

/** A one-message page: an expired or paid session, a cancelled link, a finished payment; with its ways out. */
export function statusView(
  heading: string,
  message: string,
  tone: 'success' | 'error' | 'info',
  links: readonly EndLink[] = [],
): Html {
  return html`<section class="card" aria-labelledby="status-heading">
<h1 id="status-heading">${heading}</h1>
<p class="${tone === 'info' ? 'muted' : `alert ${tone}`}" role="${tone === 'error' ? 'alert' : 'status'}">${message}</p>
${endLinksView(links)}
</section>`;
}
