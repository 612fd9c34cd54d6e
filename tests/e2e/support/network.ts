// Keeps browser tests offline: only requests to this machine's loopback addresses may leave the browser.
import { test, type BrowserContext, type Page } from "@playwright/test";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether a URL points at this machine (or costs no network at all, like data: and blob:). */
export function isLocalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "data:" || parsed.protocol === "blob:" || parsed.protocol === "about:") {
    return true;
  }
  return LOCAL_HOSTS.has(parsed.hostname);
}

/**
 * Records every request from the context to a non-local host, which Chromium's resolver rules
 * (tests/support/chromium.ts: every name but loopback resolves to nothing) fail before it leaves the machine.
 * Recorded from the request events, not intercepted: a route on every request would pause each one for a
 * round trip to the test process and turn the browser's cache off, the largest share of the browser's CPU in
 * these tests. Routes added by a test (page.route / context.route) still answer a third-party URL with a fake.
 */
export function recordExternalRequests(context: BrowserContext): string[] {
  const blocked: string[] = [];
  context.on("request", (request) => {
    if (!isLocalUrl(request.url())) blocked.push(request.url());
  });
  return blocked;
}

/**
 * Requests to the site from now on come from `country`, as the test server reads it (the x-country header a
 * host's edge would set). Only the site's own requests carry it: a header the browser sent to the fakes' other
 * origin would need their consent to cross (CORS), which no edge header needs. A later call wins; another
 * handler of the same request still sees it (fallback, not continue).
 */
export async function fromCountry(page: Page, country: string): Promise<void> {
  const site = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").origin;
  await page.route(
    (url) => url.origin === site,
    (route) => route.fallback({ headers: { ...route.request().headers(), "x-country": country } }),
  );
}
