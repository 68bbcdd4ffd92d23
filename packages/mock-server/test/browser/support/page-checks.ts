import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core violation: the rule, its impact and the elements it found. */
export interface AxeViolation {
  /** The rule id (`color-contrast`, …). */
  readonly id: string;
  /** `minor` … `critical`. */
  readonly impact: string | null | undefined;
  /** The offending elements' selectors. */
  readonly targets: readonly string[];
}

/**
 * Runs axe-core on the page as it is (injected through the DevTools protocol, which the page's CSP does
 * not govern, so the check adds no script the page would refuse) and answers every violation, of every
 * impact, best practices included.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    const { violations } = await axe.run(document);
    return (violations as { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[]).map(
      (violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }),
    );
  });
}

/**
 * Records what the page reports as going wrong from now on: console errors, uncaught exceptions and
 * CSP violations (each also reported by a `securitypolicyviolation` listener installed before any page
 * script runs).
 */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  await page.exposeFunction('__glmReportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __glmReportViolation(text: string): Promise<void> }).__glmReportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return problems;
}
