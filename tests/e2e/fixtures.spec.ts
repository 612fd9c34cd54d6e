// Checks the shared browser-test fixtures themselves: console errors fail a test, other hosts are unreachable, and a
// route handler still busy at the end of a test does not fail it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";

test.describe("console guard", () => {
  test("a console.error fails the test (expected failure, listed as ✘)", async ({ page }) => {
    // The guard throws at teardown; test.fail() turns that expected failure into a pass.
    test.fail();
    await page.goto("/");
    await page.evaluate(() => console.error("deliberate error from fixtures.spec"));
  });

  test("an uncaught page error fails the test (expected failure, listed as ✘)", async ({
    page,
  }) => {
    test.fail();
    await page.goto("/");
    const thrown = page.waitForEvent("pageerror");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("deliberate page error from fixtures.spec");
      });
    });
    await thrown;
  });

  test.describe("with an allowed pattern", () => {
    test.use({ allowConsoleErrors: [/deliberate error from fixtures\.spec/] });

    test("a matching console.error passes", async ({ page }) => {
      await page.goto("/");
      await page.evaluate(() => console.error("deliberate error from fixtures.spec"));
    });
  });
});

test.describe("network", () => {
  // The browser logs the failed requests as console errors; that is the point of this test.
  test.use({
    allowConsoleErrors: [/ERR_PROXY_CONNECTION_FAILED|ERR_NAME_NOT_RESOLVED|Failed to fetch/],
  });

  test("requests to other hosts, by name or by address, fail in the browser and are recorded", async ({
    page,
    blockedRequests,
  }) => {
    // A blank document: a site page's Content-Security-Policy would stop the probe in the browser
    // before this fixture could see it (tests/e2e/csp.spec.ts covers that layer).
    await page.goto("about:blank");
    const probes = ["https://example.com/probe.js", "http://192.0.2.1/probe.js"];
    const outcomes = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url, { mode: "no-cors" }).then(
              () => "reached",
              () => "blocked",
            ),
          ),
        ),
      probes,
    );
    expect(outcomes).toEqual(["blocked", "blocked"]);
    expect(blockedRequests).toEqual(expect.arrayContaining(probes));
  });
});

test.describe("route handlers", () => {
  // An outside service that takes its time, as decap-server can behind the CMS admin's API proxy.
  let slow: http.Server;
  let slowUrl: string;
  test.beforeAll(async () => {
    slow = http.createServer((_request, response) => {
      setTimeout(() => response.end("late"), 500);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  });

  test("one still waiting for its answer when the test ends does not fail the test", async ({
    page,
  }) => {
    await page.goto("/");
    let answering!: () => void;
    const started = new Promise<void>((resolve) => (answering = resolve));
    await page.route("**/__late-answer", async (route) => {
      answering();
      const response = await route.fetch({ url: slowUrl });
      await route.fulfill({ response });
    });
    // The page asks; nothing on the test's side waits for the answer.
    await page.evaluate(() => {
      void fetch("/__late-answer").catch(() => undefined);
    });
    await started;
    // The test ends with the handler inside its fetch: without the fixture's unrouting, the answer arrives in
    // a closing context and the fulfil fails this test ("Fetch response has been disposed").
  });
});
