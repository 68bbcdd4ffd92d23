import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core violation, as much as a failure message needs. */
export interface AxeViolation {
  /** The rule, such as `color-contrast`. */
  readonly id: string;
  /** minor, moderate, serious or critical. */
  readonly impact: string | null;
  /** The offending elements' selectors. */
  readonly targets: readonly string[];
}

/**
 * Runs axe-core (every rule it runs by default) in a frame and answers its violations. The source is
 * evaluated through the DevTools protocol, which the page's CSP does not govern: the page itself keeps
 * its `script-src 'self'`.
 */
export async function axeViolations(frame: Frame): Promise<readonly AxeViolation[]> {
  await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** Everything a page said was wrong: console errors and warnings, uncaught errors, CSP violations. */
export interface PageComplaints {
  /** What was recorded so far, each as `kind: text`. */
  readonly all: string[];
}

/**
 * Records a page's complaints from now on (its frames included): console errors and warnings,
 * uncaught exceptions, and `securitypolicyviolation` events (reported from inside the page).
 */
export async function recordComplaints(page: Page): Promise<PageComplaints> {
  const all: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      all.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => all.push(`pageerror: ${error.message}`));
  await page.exposeFunction('glmCspViolation', (text: string) => all.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { glmCspViolation(text: string): void }).glmCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} on ${event.documentURI}`,
      );
    });
  });
  return { all };
}
