/** The values that replace the redirect URL variables. */
export type RedirectUrlValues = {
  /** Replaces `{CHECKOUT_SESSION_ID}`. */
  readonly checkoutSessionId?: string | undefined;
  /** Replaces `{ORDER_ID}`; `null` or absent before payment. */
  readonly orderId?: string | null | undefined;
  /** Replaces `{CUSTOMER_EMAIL}`. */
  readonly customerEmail?: string | undefined;
};

const VARIABLES = {
  CHECKOUT_SESSION_ID: 'checkoutSessionId',
  ORDER_ID: 'orderId',
  CUSTOMER_EMAIL: 'customerEmail',
} as const satisfies Record<string, keyof RedirectUrlValues>;

// `{NAME}` as written, or `%7BNAME%7D` when the URL went through a URL parser, which encodes braces in a path.
const PLACEHOLDER = /\{([A-Z_]+)\}|%7B([A-Z_]+)%7D/gi;

/**
 * Fills `{CHECKOUT_SESSION_ID}`, `{ORDER_ID}` and `{CUSTOMER_EMAIL}` in a success or cancel URL,
 * each value encoded with `encodeURIComponent` so it is safe in a path segment or a query value.
 *
 * - A known variable without a value (`{ORDER_ID}` on a cancel before any payment) becomes empty, so
 *   the URL stays well formed and the merchant's page reads "no order" instead of a literal
 *   placeholder it might take for an id.
 * - Unknown `{...}` is left untouched, and so are lower-case spellings: variable names match exactly.
 * - Braces the URL parser encoded (`%7BORDER_ID%7D`, either hex case) are recognised too.
 * - Replacement is one pass, so a value can never inject another variable; fill a template once.
 *
 * @example
 * fillRedirectUrl('https://shop.example/thanks?session={CHECKOUT_SESSION_ID}', { checkoutSessionId: 'cs_1' });
 * // 'https://shop.example/thanks?session=cs_1'
 */
export function fillRedirectUrl(template: string, values: RedirectUrlValues): string {
  return template.replace(PLACEHOLDER, (match, braced: string | undefined, encoded: string | undefined) => {
    const name = braced ?? encoded ?? '';
    if (!Object.hasOwn(VARIABLES, name)) return match;
    const value = values[VARIABLES[name as keyof typeof VARIABLES]];
    return encodeURIComponent(value ?? '');
  });
}
