// The browser subset of the Netlify rehearsal (npm test's `hosts` step): run by scripts/hosts/netlify.ts against `netlify serve`,
// which it starts (HOST_BASE_URL) with the fakes and PostgreSQL it owns.
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium";

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/hosts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "../../test-results/hosts.json" },
    ],
  ],
  use: {
    baseURL: process.env.HOST_BASE_URL,
    serviceWorkers: "block",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
  ],
});
