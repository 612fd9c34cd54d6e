// Playwright configuration: the production build on the local server, driven by Debian's Chromium, offline.
// The ports first: every module below reads E2E_PORT and E2E_FAKES_PORT once they are settled.
import "./tests/e2e/support/settlePorts";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";
import { e2ePort, fakesOrigin, fakesPort } from "./tests/e2e/support/fakes";
import { FAKE_AMPLITUDE_KEY } from "./tests/support/fakes/amplitude";
import { FAKE_FPJS_SECRET } from "./tests/support/fakes/fingerprint";
import { hubspotServerEnv } from "./tests/support/fakes/hubspot";

const port = e2ePort;
const baseURL = `http://127.0.0.1:${port}`;
// The fake upstreams (tests/support/fakes/serve.ts): Greenhouse at /v1 for the site's proxy, and the product
// API at /api, which the build's GATSBY_API_URL must name for the status tests (scripts/test.mjs does).
const isCI = Boolean(process.env.CI);
// Node runs TypeScript through tsx's loader in its own process, so the pid Playwright signals at the end
// is the process that serves (a `tsx` wrapper would leave its child running when killed).
const nodeWithTsx = `${JSON.stringify(process.execPath)} --import tsx`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  // No retries: a test that needs a second try is reported as failing.
  retries: 0,
  // Three on two cores: the tests wait on pages, islands and servers much of the time (312 tests in 6.4 min
  // against 7.0 with two).
  workers: 3,
  // Generous bounds, not speed targets: CI shares its cores with other builds, and a run at three times
  // the usual duration (seen: 35 min of browser tests instead of 12) must still pass. A test that is
  // really broken fails the same way, only later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/results.json" },
    ],
  ],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    // Recording a trace of every test to keep the failing ones costs about an eighth of the browser tests'
    // CPU (routes.spec: 299 CPU-s without, 338 to 359 with). A failure prints its error, the page's
    // accessibility snapshot and a screenshot; rerun it with `--trace=retain-on-failure` for the trace.
    trace: "off",
    // Everything the site needs is served locally; a service worker must not answer for the server.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /screenshots\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    // `npm run screenshots`: every page at 1280 and 390 px for people to look at; never part of `npm test`.
    {
      name: "screenshots",
      testMatch: /screenshots\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: [
    {
      command: `${nodeWithTsx} tests/support/fakes/serve.ts`,
      url: `${fakesOrigin}/api/service-status`,
      env: { FAKES_PORT: String(fakesPort) },
      // Never: a server already on the port is not the one under test (settlePorts refuses a busy port).
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `${nodeWithTsx} src/server/main.ts`,
      url: `${baseURL}/`,
      env: {
        PORT: String(port),
        PUBLIC_DIR: "public",
        // The careers pages read a live board: the fake one, through the site's real proxy.
        GREENHOUSE_API_URL: `${fakesOrigin}/v1`,
        GREENHOUSE_BOARD: "acme",
        GREENHOUSE_EMBED_URL: `${fakesOrigin}/embed/job_app`,
        GREENHOUSE_TIMEOUT_MS: "3000",
        // Lead forms: kept in a test outbox and forwarded to the fake HubSpot.
        ...hubspotServerEnv(fakesOrigin),
        HUBSPOT_TIMEOUT_MS: "2000",
        LEADS_STORE_DIR: "tests/artifacts/leads",
        // Many tests post from one loopback address, and a background resend would add
        // HubSpot submissions the tests do not expect; both are unit-tested (tests/unit/server).
        LEADS_LIMIT_PER_MINUTE: "0",
        LEADS_LIMIT_PER_HOUR: "0",
        LEADS_LIMIT_PER_EMAIL: "0",
        // The same loopback address is every test's visitor at once (two workers loading every route
        // with consent in csp.spec.ts): the meter stays on, ten times wider, and so do its ceilings.
        // What one page really asks is measured against the default limits in identification.spec.ts.
        METER_LIMIT_PER_MINUTE: "1200",
        METER_LIMIT_PER_HOUR: "12000",
        METER_CEILING_PER_MINUTE: "12000",
        METER_CEILING_PER_HOUR: "240000",
        LEADS_WORKER_INTERVAL_MS: "0",
        // Exposures from /amp-exp/ reach the fake Amplitude ingestion.
        AMPLITUDE_API_KEY: FAKE_AMPLITUDE_KEY,
        AMPLITUDE_API_URL: fakesOrigin,
        // The events and visits functions ask the fake Server API.
        FPJS_SECRET_API_KEY: FAKE_FPJS_SECRET,
        FPJS_SERVER_API_URL: fakesOrigin,
        // The browser tests choose the visitor's country with the x-country header (tests only).
        TRUST_TEST_GEO_HEADER: "1",
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
