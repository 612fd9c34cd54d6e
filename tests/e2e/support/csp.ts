// Records every `securitypolicyviolation` in a browser context, from each document's first script on.
import type { BrowserContext, Page } from "@playwright/test";

export type Violation = { directive: string; blocked: string; source: string; sample: string };
type Recorded = Window & { __cspViolations?: Violation[] };

/** Listens in every document and frame of the context, before the page's own scripts. */
export async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as Recorded;
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      w.__cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
}

/** Violations seen so far in the page and all of its frames (the application form's included). */
export async function violations(page: Page): Promise<Array<Violation & { frame: string }>> {
  const all: Array<Violation & { frame: string }> = [];
  for (const frame of page.frames()) {
    const seen = await frame
      .evaluate(() => (window as Recorded).__cspViolations ?? [])
      .catch(() => [] as Violation[]);
    all.push(...seen.map((v) => ({ ...v, frame: frame.url() })));
  }
  return all;
}
