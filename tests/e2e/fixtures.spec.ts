// Checks the shared browser-test fixtures themselves: console errors fail a test, other hosts are unreachable.
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
  // The browser logs the aborted request as a console error; that is the point of this test.
  test.use({ allowConsoleErrors: [/ERR_BLOCKED_BY_CLIENT|ERR_NAME_NOT_RESOLVED|Failed to fetch/] });

  test("requests to other hosts are blocked and recorded", async ({ page, blockedRequests }) => {
    // A blank document: a site page's Content-Security-Policy would stop the probe in the browser
    // before this fixture could see it (tests/e2e/csp.spec.ts covers that layer).
    await page.goto("about:blank");
    const outcome = await page.evaluate(() =>
      fetch("https://example.com/probe.js", { mode: "no-cors" }).then(
        () => "reached",
        () => "blocked",
      ),
    );
    expect(outcome).toBe("blocked");
    expect(blockedRequests).toContain("https://example.com/probe.js");
  });
});
