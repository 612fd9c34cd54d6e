// Keeps browser tests offline: only requests to this machine's loopback addresses may leave the browser.
import type { BrowserContext } from "@playwright/test";

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
 * Aborts every request from the context to a non-local host and returns the list of blocked URLs.
 * Routes added later by a test (page.route / context.route) run first, so a spec can still answer
 * a third-party URL with a fake.
 */
export async function blockExternalRequests(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.route(
    (url) => !isLocalUrl(url.href),
    async (route) => {
      blocked.push(route.request().url());
      await route.abort("blockedbyclient");
    },
  );
  return blocked;
}
