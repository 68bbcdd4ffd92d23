/**
 * The hosted pages' only script, served as a static file so the CSP needs no `'unsafe-inline'`.
 * Self-contained on purpose: it is served as its own source text (`String(checkoutFrameScript)`).
 *
 * On every page it:
 * - disables the Pay button from submit until the answer arrives, and ignores a second submit (Enter);
 * - formats card numbers as groups of four as they are typed (spaces and hyphens are accepted);
 * - moves focus to the page's error (`data-glm-focus`) so a decline is announced and read first.
 *
 * Inside a frame whose page names an exact target origin (`data-glm-target-origin`, computed by the
 * server), it posts the page's message (`data-glm-message`: `checkout.completed`, `checkout.cancelled`
 * or `checkout.error`) once, and `checkout.resize` whenever the content height changes.
 */
export function checkoutFrameScript(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-glm-pay-form]')) {
    let sent = false;
    form.addEventListener('submit', (event) => {
      if (sent) {
        event.preventDefault();
        return;
      }
      sent = true;
      const button = form.querySelector<HTMLButtonElement>('button[data-glm-pay]');
      // Disabled once the submission has started, so the submission itself still carries the form.
      setTimeout(() => {
        if (button === null) return;
        button.disabled = true;
        button.setAttribute('aria-busy', 'true');
        button.textContent = button.dataset['glmBusy'] ?? 'Processing…';
      }, 0);
    });
  }
  // Back from the next page (bfcache), a form would still be marked sent: load the page afresh.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
  for (const input of document.querySelectorAll<HTMLInputElement>('input[data-glm-card]')) {
    input.addEventListener('input', () => {
      const caret = input.selectionStart ?? input.value.length;
      const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
      const digits = input.value.replace(/\D/g, '').slice(0, 19);
      const grouped = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
      if (grouped === input.value) return;
      input.value = grouped;
      let position = 0;
      for (let seen = 0; position < grouped.length && seen < digitsBefore; position += 1) {
        if (grouped.charAt(position) !== ' ') seen += 1;
      }
      input.setSelectionRange(position, position);
    });
  }
  document.querySelector<HTMLElement>('[data-glm-focus]')?.focus();
  const root = document.querySelector<HTMLElement>('[data-glm-target-origin]');
  const target = root?.dataset['glmTargetOrigin'];
  if (root === null || root === undefined || target === undefined || window.parent === window) return;
  const post = (message: unknown): void => window.parent.postMessage(message, target);
  const message = root.dataset['glmMessage'];
  if (message !== undefined) post(JSON.parse(message));
  let last = -1;
  const measure = (): void => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    post({ type: 'checkout.resize', height });
  };
  new ResizeObserver(measure).observe(document.body);
  measure();
}
