/**
 * The dashboard's only script, served as a static file so the CSP needs no `'unsafe-inline'`. Every few
 * seconds it fetches the page it is on again (same origin, with the dashboard cookie) and swaps in each
 * region marked `data-live` whose markup changed, so new sessions, orders and deliveries appear without a
 * reload. A region holding the keyboard focus, or a form field someone changed (a cancel choice, say),
 * is left alone until the focus moves on or the form is sent. The "Pause live updates" button stops and
 * resumes it. Without the script the page is the same page, current as of
 * its load. Self-contained on purpose: it is served as its own source text (`String(dashboardLiveScript)`).
 */
export function dashboardLiveScript(): void {
  const status = document.querySelector<HTMLElement>('[data-live-status]');
  if (status === null || document.querySelector('[data-live]') === null) return;
  const toggle = status.querySelector<HTMLButtonElement>('[data-live-toggle]');
  const interval = Math.max(500, Number(status.dataset['intervalMs'] ?? '2000') || 2000);
  const address = new URL(window.location.href);
  // A notice belongs to the action that led here; the refreshed regions never carry it.
  address.searchParams.delete('notice');
  address.searchParams.delete('flash');
  // A field whose value differs from the one the page was sent with holds a choice not yet submitted.
  const edited = (region: HTMLElement): boolean =>
    [
      ...region.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input, select, textarea',
      ),
    ].some((field) => {
      if (field instanceof HTMLSelectElement)
        return [...field.options].some((option) => option.selected !== option.defaultSelected);
      if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox'))
        return field.checked !== field.defaultChecked;
      return field.value !== field.defaultValue;
    });
  let paused = false;
  let busy = false;
  status.hidden = false;
  const refresh = async (): Promise<void> => {
    if (paused || busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(address.href, {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'text/html' },
      });
      if (!response.ok) return;
      const next = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const region of document.querySelectorAll<HTMLElement>('[data-live]')) {
        const fresh = next.querySelector(`[data-live="${CSS.escape(region.dataset['live'] ?? '')}"]`);
        if (fresh === null || fresh.innerHTML === region.innerHTML) continue;
        if (region.contains(document.activeElement) || edited(region)) continue;
        region.replaceWith(document.importNode(fresh, true));
      }
    } catch {
      // The server is away for a moment: the next round tries again.
    } finally {
      busy = false;
    }
  };
  toggle?.addEventListener('click', () => {
    paused = !paused;
    toggle.setAttribute('aria-pressed', String(paused));
    toggle.textContent = paused ? 'Resume live updates' : 'Pause live updates';
  });
  window.setInterval(() => void refresh(), interval);
}
