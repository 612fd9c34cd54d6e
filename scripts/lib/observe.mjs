// Loads built pages in Chromium and records every request they make to the site until the network is idle.
import { CHROMIUM_BASE_ARGS } from "./chromiumargs.mjs";
import { serveBuild } from "./servebuild.mjs";

export const CHROMIUM_ARGS = [
  ...CHROMIUM_BASE_ARGS,
  // /dev/shm is small in containers; Chromium crashed on long runs without this.
  "--disable-dev-shm-usage",
];

/**
 * Gatsby prefetches the pages that visible links point to once the browser is idle; that is not the
 * page's own first load. Gatsby skips prefetching when the connection asks to save data.
 */
function saveDataScript() {
  Object.defineProperty(navigator, "connection", {
    configurable: true,
    value: {
      saveData: true,
      effectiveType: "4g",
      addEventListener() {},
      removeEventListener() {},
    },
  });
}

/**
 * For each route: { status, requests: [{ path, type }], external: [url] }, where requests are the
 * same-origin requests that completed from navigation until the network was idle, and external the
 * requests to other origins (blocked, never sent).
 */
export async function observePages(publicDir, routes, options = {}) {
  const { executablePath, concurrency = 2, viewport = { width: 1280, height: 800 } } = options;
  const { chromium } = await import("@playwright/test");
  const server = await serveBuild(publicDir);
  let browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  // A crashed browser (seen on long runs on small machines) is started again; the route is retried once.
  const ensureBrowser = async () => {
    if (!browser.isConnected())
      browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  };
  const results = new Map();
  const queue = [...routes];
  const origin = new URL(server.url).origin;

  const observe = async (route) => {
    const context = await browser.newContext({ viewport, serviceWorkers: "block" });
    await context.addInitScript(saveDataScript);
    const requests = [];
    const external = [];
    await context.route(
      (url) => url.origin !== origin,
      (r) => {
        external.push(r.request().url());
        return r.abort("blockedbyclient");
      },
    );
    let inFlight = 0;
    let lastChange = Date.now();
    const settle = (delta) => {
      inFlight += delta;
      lastChange = Date.now();
    };
    context.on("request", () => settle(1));
    context.on("requestfailed", () => settle(-1));
    /** Resolves once no request has been in flight for `ms` (or after `limit` ms). */
    const quiet = async (ms, limit) => {
      const start = Date.now();
      while (Date.now() - start < limit && (inFlight > 0 || Date.now() - lastChange < ms))
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    context.on("requestfinished", (req) => {
      settle(-1);
      const url = new URL(req.url());
      if (url.origin !== origin) return;
      let pathname = url.pathname;
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        // keep it encoded
      }
      requests.push({ path: pathname, type: req.resourceType() });
    });
    const page = await context.newPage();
    let status = null;
    try {
      const response = await page.goto(server.url + route, { waitUntil: "load", timeout: 30_000 });
      status = response?.status() ?? null;
      await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
      // The site's bundle loader (src/gatsby/scriptsAfterPaint.ts) inserts the bundles after the largest
      // paint, which can come after Playwright's quiet half second: wait for them, then for quiet again.
      const inserted = await page
        .waitForFunction(
          () =>
            !globalThis.document.querySelector("script[data-bundles]") ||
            globalThis.document.querySelectorAll("script[src]").length > 0,
          null,
          { timeout: 5_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (inserted) await quiet(500, 15_000);
    } catch (error) {
      status = `error: ${error.message.split("\n")[0]}`;
    }
    await context.close();
    results.set(route, { status, requests, external });
  };

  try {
    const workers = Array.from({ length: Math.max(1, concurrency) }, async () => {
      while (queue.length > 0) {
        const route = queue.shift();
        for (let attempt = 1; ; attempt += 1) {
          try {
            await ensureBrowser();
            await observe(route);
            break;
          } catch (error) {
            if (attempt >= 2) {
              results.set(route, {
                status: `error: ${error.message.split("\n")[0]}`,
                requests: [],
                external: [],
              });
              break;
            }
          }
        }
      }
    });
    await Promise.all(workers);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  return results;
}
