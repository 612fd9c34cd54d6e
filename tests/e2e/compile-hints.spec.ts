// The built site's chunks that a visitor's first tap runs through (React, the site's start-up code, the analytics
// runner, Amplitude's SDK and its click capture) reach the browser with V8's compile hint as their first line;
// the page's own chunks do not.
import { COMPILE_HINT } from "../../src/gatsby/compileHints";
import { expect, test } from "./fixtures";

test.use({ presetConsent: false });

test("a US visitor's framework, app, analytics runner and Amplitude chunks carry the compile hint, page chunks do not", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-country": "US" });
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const name = new URL(response.url()).pathname.slice(1);
    if (/^[\w-]+\.js$/.test(name) && response.ok()) scripts.set(name, response.text());
  });
  await page.goto("/");
  // Amplitude's click capture is fetched once analytics starts (after the largest paint, in idle time).
  const clickCapture = async () => {
    for (const [name, text] of scripts)
      if ((await text).includes("getEventProperties")) return name;
    return null;
  };
  const named = (prefix: string) => [...scripts.keys()].filter((name) => name.startsWith(prefix));
  const prefixes = ["framework-", "app-", "analytics-runner-", "start-analytics-"];
  // Webpack fetches a lazy import's chunks in parallel, so the click capture can answer before the
  // start-analytics chunk that imports it: wait for all of them, not just the first.
  await expect
    .poll(
      async () => ({
        capture: (await clickCapture()) !== null,
        counts: prefixes.map((p) => named(p).length),
      }),
      {
        timeout: 30_000,
      },
    )
    .toEqual({ capture: true, counts: [1, 1, 1, 1] });

  const firstLine = async (name: string) => (await scripts.get(name))?.split("\n", 1)[0];
  const hinted = prefixes.map((prefix) => named(prefix)[0] ?? "");
  for (const name of [...hinted, (await clickCapture()) ?? ""])
    expect(await firstLine(name), name).toBe(COMPILE_HINT);

  const pageChunks = named("component---");
  expect(pageChunks.length).toBeGreaterThan(0);
  for (const name of pageChunks) expect(await firstLine(name), name).not.toBe(COMPILE_HINT);
});
