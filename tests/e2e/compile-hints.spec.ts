// The built site's chunks that a visitor's first tap runs through (React, the site's start-up code, the analytics
// runner, Amplitude's SDK and its click capture) reach the browser with V8's compile hint as their first line;
// the page's own chunks do not.
import { COMPILE_HINT } from "../../src/gatsby/compileHints";
import { expect, test } from "./fixtures";
import { fromCountry } from "./support/network";

test.use({ presetConsent: false });

test("a US visitor's framework, app, analytics runner and Amplitude chunks carry the compile hint, page chunks do not", async ({
  page,
}) => {
  await fromCountry(page, "US");
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const name = new URL(response.url()).pathname.slice(1);
    if (/^[\w-]+\.js$/.test(name) && response.ok()) scripts.set(name, response.text());
  });
  await page.goto("/");
  const named = (prefix: string) => [...scripts.keys()].filter((name) => name.startsWith(prefix));
  // Amplitude's click capture is fetched once analytics starts (after the largest paint, in idle time). Webpack
  // fetches a lazy import's chunks in parallel and in any order: wait for every one of them.
  const prefixes = [
    "framework-",
    "app-",
    "analytics-runner-",
    "start-analytics-",
    "amplitude-clicks-",
  ];
  await expect
    .poll(() => prefixes.map((prefix) => named(prefix).length), { timeout: 30_000 })
    .toEqual(prefixes.map(() => 1));

  const firstLine = async (name: string) => (await scripts.get(name))?.split("\n", 1)[0];
  for (const name of prefixes.flatMap(named))
    expect(await firstLine(name), name).toBe(COMPILE_HINT);
  // The chunks Amplitude's SDK shares between its start-up and its click capture are named by hash only.
  const amplitude: string[] = [];
  for (const [name, text] of scripts)
    if ((await text).includes("getEventProperties")) amplitude.push(name);
  expect(
    amplitude.filter((name) => !prefixes.some((prefix) => name.startsWith(prefix))).length,
  ).toBeGreaterThan(0);
  for (const name of amplitude) expect(await firstLine(name), name).toBe(COMPILE_HINT);

  const pageChunks = named("component---");
  expect(pageChunks.length).toBeGreaterThan(0);
  for (const name of pageChunks) expect(await firstLine(name), name).not.toBe(COMPILE_HINT);
});
