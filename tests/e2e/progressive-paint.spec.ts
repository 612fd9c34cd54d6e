// A page whose HTML is still arriving when the browser first paints must not move what it already painted:
// the header (18 KB of menus in the HTML) and the main content are painted whole, never half-parsed and then
// reflowed, while the footer below the fold still paints as it arrives. A loopback proxy in front of the test
// server delivers each page's HTML in two parts with a pause between.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { readyAndQuiet } from "./support/ready";
import { layoutShifts, recordLayoutShifts } from "./support/layoutShift";

/**
 * A page, and where the proxy cuts its HTML: a byte offset found in the page's text (-1: not found).
 * `paintsEarly`: the cut is below the fold, so the page must paint before the rest of its HTML arrives: the proxy
 * holds the rest until the page reports its first paint (a page that waited for it would never paint, and fail).
 * Otherwise the rest follows after PAUSE_MS, a slow network's pause long enough for a paint of what arrived.
 */
type Cut = { name: string; path: string; at: (html: string) => number; paintsEarly?: true };

/** Just after the first `text` found after `marker`. */
const after = (marker: string, text: string) => (html: string) => {
  const start = html.indexOf(text, html.indexOf(marker));
  return start < 0 ? -1 : start + text.length;
};

// The first three are where a real parser stopped (its time slice ended, and Chromium painted what it had), in
// CI and in repeated runs of the A/B specs: a half-parsed menu button makes the menu row shorter, the first of three actions sits alone at the
// right edge until the other two push it left, and the home hero's illustration, centred beside the copy,
// grows upwards row by row. The last cut is below the fold, where the page is painted without waiting.
const CUTS: Cut[] = [
  { name: "the first header menu button", path: "/pricing/", at: after("<header", "<button") },
  { name: "the header actions", path: "/pricing/", at: after("<header", ">Log in</a>") },
  { name: "the home hero's illustration", path: "/", at: after("<main", "visitorId</dt>") },
  {
    name: "the footer",
    path: "/pricing/",
    paintsEarly: true,
    at: (html) => {
      const from = html.indexOf("<footer");
      const to = html.indexOf("</footer>", from);
      return from < 0 || to < 0 ? -1 : Math.floor((from + to) / 2);
    },
  },
];
const PAUSE_MS = 800;

/** Starts the proxy: every request forwarded to `upstream`, HTML pages sent in two parts split at `cut`. */
async function startProxy(
  upstream: string,
  cut: Cut,
): Promise<{ origin: string; pages(): number; release(): void; close(): Promise<void> }> {
  let cutPages = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => resolve(Buffer.concat(chunks)));
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (name !== "host" && name !== "accept-encoding" && typeof value === "string") {
          headers.set(name, value);
        }
      }
      const answer = await fetch(new URL(req.url ?? "/", upstream), {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
        redirect: "manual",
      });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (
          !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)
        ) {
          out[name] = value;
        }
      });
      res.writeHead(answer.status, out);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const text = bytes.toString("utf8");
      const at = cut.at(text);
      if (req.url !== cut.path || at < 0) {
        res.end(bytes);
        return;
      }
      const middle = Buffer.byteLength(text.slice(0, at));
      cutPages += 1;
      res.write(bytes.subarray(0, middle));
      await (cut.paintsEarly ? released : new Promise((resolve) => setTimeout(resolve, PAUSE_MS)));
      res.end(bytes.subarray(middle));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pages: () => cutPages,
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const cut of CUTS) {
  for (const width of [1280, 390]) {
    test(`HTML cut in ${cut.name} and paused: the first paint is not moved later (${width} px)`, async ({
      page,
      baseURL,
    }) => {
      const proxy = await startProxy(baseURL ?? "", cut);
      try {
        await page.setViewportSize({ width, height: 800 });
        await recordLayoutShifts(page);
        if (cut.paintsEarly) {
          // Holding the first paint for the top of the page does not hold it for the whole page: what is
          // above the fold is painted while the rest of the HTML is still on the way.
          await page.goto(`${proxy.origin}${cut.path}`, { waitUntil: "commit" });
          await expect
            .poll(() => page.evaluate(() => performance.getEntriesByName("first-paint").length), {
              message: "first paint before the rest of the HTML",
            })
            .toBe(1);
          proxy.release();
          await page.waitForLoadState("load");
        } else {
          await page.goto(`${proxy.origin}${cut.path}`);
        }
        await readyAndQuiet(page);
        expect(proxy.pages(), "pages sent in two parts").toBe(1);
        const { cls, shifts } = await layoutShifts(page);
        expect(cls, shifts.join("\n")).toBe(0);
      } finally {
        await proxy.close();
      }
    });
  }
}
