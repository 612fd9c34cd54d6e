// The `test` every browser spec imports: offline, failing on console and page errors, with a11y and screenshot helpers.
import { test as base, type ConsoleMessage } from "@playwright/test";
import { recordExternalRequests } from "./support/network";
import { CONSENT_STORAGE_KEY } from "../../src/providers/consent/consent";
import { POPUP_SHOWN_KEY } from "../../src/forms/subscription";
import { EXPERIMENTS } from "../../src/config/experiments";
import { FLAGS_STORAGE_KEY } from "../../src/providers/experiments/flags";

export { expect } from "@playwright/test";
export { checkA11y, type A11yOptions } from "./support/a11y";
export { hydrated } from "./support/hydration";

interface Options {
  /**
   * Console errors and page errors matching one of these patterns do not fail the test.
   * `test.use({ allowConsoleErrors: [/pattern/] })`; say in a comment why the error is expected.
   */
  allowConsoleErrors: RegExp[];
  /**
   * Starts every page with a stored "required only" cookie choice, so the consent banner (shown to
   * the test server's unknown-country visitors) stays out of tests about other things. The consent
   * and privacy specs set `test.use({ presetConsent: false })`.
   */
  presetConsent: boolean;
  /**
   * Marks the article newsletter popup as just offered, so scrolling a post in a test about something
   * else does not open it over the page. The forms spec sets `test.use({ quietPopups: false })`.
   */
  quietPopups: boolean;
  /**
   * Starts every page assigned to `control` in every experiment, so pages with a variant (/, /pricing/,
   * /demo/, /contact-sales/) look the same in every run. The experiments spec sets
   * `test.use({ presetFlags: false })` to see first-visit assignment.
   */
  presetFlags: boolean;
}

interface Fixtures {
  /** URLs of requests aborted because they were not for this machine (applied automatically). */
  blockedRequests: string[];
  /** Console errors and uncaught page errors seen so far in this test (checked automatically). */
  consoleErrors: string[];
}

/**
 * The URLs a page answered with an error status is expected to ask for and not find: the document
 * itself (Chromium logs its status as a console error), and the two lookups Gatsby's runtime makes
 * on a 404 page, the path's page-data.json and a HEAD of the path without its trailing slash.
 */
export function expectedMisses(documentUrl: string): string[] {
  const url = new URL(documentUrl);
  const bare = url.pathname.replace(/\/+$/, "");
  const pageData = `/page-data/${bare.replace(/^\/+/, "") || "index"}/page-data.json`;
  return [url.href, `${url.origin}${bare}`, `${url.origin}${bare}/`, `${url.origin}${pageData}`];
}

/** Whether a console message is only the browser reporting one of those expected misses. */
function isExpectedMiss(msg: ConsoleMessage, expected: Set<string>): boolean {
  if (!msg.text().startsWith("Failed to load resource: the server responded with a status of"))
    return false;
  const url = msg.location().url;
  return expected.has(url);
}

export const test = base.extend<Options & Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  presetConsent: [true, { option: true }],
  quietPopups: [true, { option: true }],
  presetFlags: [true, { option: true }],

  context: async ({ context, presetConsent, quietPopups, presetFlags }, use) => {
    if (presetFlags) {
      await context.addInitScript(
        ([key, value]) => {
          try {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          } catch {
            // about:blank and opaque origins have no storage.
          }
        },
        [
          FLAGS_STORAGE_KEY,
          JSON.stringify(Object.fromEntries(EXPERIMENTS.map((key) => [key, "control"]))),
        ] as const,
      );
    }
    if (quietPopups) {
      await context.addInitScript((key) => {
        try {
          if (window.localStorage.getItem(key) === null)
            window.localStorage.setItem(key, String(Date.now()));
        } catch {
          // No storage on opaque origins.
        }
      }, POPUP_SHOWN_KEY);
    }
    if (presetConsent) {
      await context.addInitScript(
        ([key, value]) => {
          try {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          } catch {
            // about:blank and opaque origins have no storage.
          }
        },
        [CONSENT_STORAGE_KEY, JSON.stringify(["required"])] as const,
      );
    }
    await use(context);
    // A route handler still busy when the test ends (the CMS admin polls its API through one) would answer into
    // a closing context and fail a test whose checks all passed ("Fetch response has been disposed"): the
    // handlers go first, and what they throw from then on is dropped.
    for (const page of context.pages()) await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
  },

  blockedRequests: [
    async ({ context }, use) => {
      await use(recordExternalRequests(context));
    },
    { auto: true },
  ],

  consoleErrors: [
    async ({ context, allowConsoleErrors, blockedRequests }, use, testInfo) => {
      const errors: string[] = [];
      const expected = new Set<string>();
      context.on("response", (response) => {
        if (response.request().isNavigationRequest() && response.status() >= 400) {
          for (const url of expectedMisses(response.url())) expected.add(url);
        }
      });
      const consoleMessages: ConsoleMessage[] = [];
      context.on("console", (msg) => {
        if (msg.type() === "error") consoleMessages.push(msg);
      });
      context.on("weberror", (webError) => {
        const error = webError.error();
        errors.push(`page error: ${error.stack ?? error.message}`);
      });

      await use(errors);

      for (const msg of consoleMessages) {
        if (isExpectedMiss(msg, expected)) continue;
        const where = msg.location().url ? ` (${msg.location().url})` : "";
        errors.push(`console.error: ${msg.text()}${where}`);
      }
      const unexpected = errors.filter((e) => !allowConsoleErrors.some((re) => re.test(e)));
      if (unexpected.length > 0) {
        const blocked = blockedRequests.length
          ? `\n\nRequests blocked because they left the machine:\n${blockedRequests.map((u) => `  - ${u}`).join("\n")}`
          : "";
        const message =
          `${unexpected.length} console/page error(s) during "${testInfo.title}":\n` +
          unexpected.map((e) => `  - ${e}`).join("\n") +
          blocked;
        throw new Error(message);
      }
    },
    { auto: true },
  ],
});
