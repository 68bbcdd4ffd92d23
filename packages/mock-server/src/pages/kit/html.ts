/** A fragment of HTML that is safe to insert as it is: built only by {@link html} (or {@link joinHtml}). */
export interface Html {
  /** The markup. */
  readonly markup: string;
}

const brand = new WeakSet<Html>();

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const isHtml = (value: unknown): value is Html =>
  typeof value === 'object' && value !== null && brand.has(value as Html);

/** A value the {@link html} tag accepts: text (escaped), numbers, fragments, lists of them; nothing for null, undefined or false. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const fragment = (markup: string): Html => {
  const made: Html = { markup };
  brand.add(made);
  return made;
};

const render = (value: HtmlValue): string => {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return escapeHtml(String(value));
  if (isHtml(value)) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  // A look-alike object that html() did not build: its text, escaped, never its markup.
  return escapeHtml(String((value as { markup?: unknown }).markup ?? ''));
};

/**
 * Builds HTML from a template: every interpolated string is escaped, fragments made by this tag are
 * inserted as they are, arrays are joined. Values go only in element content and double-quoted
 * attributes, never in unquoted attributes, `<script>` or `style`.
 *
 * @example
 * html`<p class="note">${userText}</p>`
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let markup = strings[0] ?? '';
  for (const [i, value] of values.entries()) markup += render(value) + (strings[i + 1] ?? '');
  return fragment(markup);
}

/** Joins fragments with a separator (escaped like any text). */
export function joinHtml(parts: readonly HtmlValue[], separator = ''): Html {
  return fragment(parts.map(render).join(escapeHtml(separator)));
}
