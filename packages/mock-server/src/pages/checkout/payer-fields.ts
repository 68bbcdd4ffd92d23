import { type Html, html } from '../kit/html.ts';
import { PAYER_FIELDS, type PayerEntry, type PayerField } from './payer-form.ts';

const LABELS: Readonly<
  Record<PayerField, { readonly label: string; readonly type: string; readonly autocomplete: string }>
> = {
  email: { label: 'E-mail', type: 'email', autocomplete: 'email' },
  first_name: { label: 'First name', type: 'text', autocomplete: 'given-name' },
  last_name: { label: 'Last name', type: 'text', autocomplete: 'family-name' },
};

/**
 * The "Your details" fields a session without a customer asks for: e-mail, first and last name, each
 * labelled, with its message (linked by `aria-describedby`, `aria-invalid`) when it was not valid.
 */
export function payerFields(entry: PayerEntry): Html {
  return html`<fieldset class="payer">
<legend>Your details</legend>
<p class="hint" id="payer-hint">For your receipt. Every field is required.</p>
${PAYER_FIELDS.map((field) => {
  const { label, type, autocomplete } = LABELS[field];
  const error = entry.errors[field];
  const described = error === undefined ? 'payer-hint' : `${field}-error payer-hint`;
  return html`<label for="${field}">${label}</label>
${error === undefined ? '' : html`<span class="field-error" id="${field}-error">${error}</span>`}
<input id="${field}" name="${field}" type="${type}" autocomplete="${autocomplete}" required maxlength="255"
 value="${entry.values[field] ?? ''}" aria-describedby="${described}"${error === undefined ? '' : html` aria-invalid="true"`}>`;
})}
</fieldset>`;
}
