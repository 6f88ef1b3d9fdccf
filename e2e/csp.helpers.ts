/**
 * Content-Security-Policy probes (issue 6): securitypolicyviolation events (kept per document by an init script)
 * and Chromium's "Refused to ..." console messages (kept for the whole page).
 */
import type { Page } from '@playwright/test';

/** Starts watching: returns the list the console messages are pushed to. */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create|frame)/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  return violations;
}

/** The violations of the current document plus the console messages so far. */
export async function collected(page: Page, console: string[]): Promise<string[]> {
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
  return [...events, ...console];
}
