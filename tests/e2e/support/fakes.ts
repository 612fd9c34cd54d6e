// Where the fake upstreams of the browser tests listen, and how a test switches their answers.
import type { Page } from "@playwright/test";
// playwright.config.ts settles both ports (tests/e2e/support/ports.ts) before any test file loads.
export const e2ePort = Number(process.env.E2E_PORT);
/** The fake Greenhouse (/v1, /embed/job_app) and product API (/api) share one process and port. */
export const fakesPort = Number(process.env.E2E_FAKES_PORT);
export const fakesOrigin = `http://127.0.0.1:${fakesPort}`;
/** What the build's GATSBY_API_URL must be for the status indicator tests. */
export const fakeApiUrl = `${fakesOrigin}/api`;

export type StatusAnswer =
  { kind: "status"; status: string } | { kind: "malformed" } | { kind: "error" };

export async function setFakeStatus(answer: StatusAnswer): Promise<void> {
  const response = await fetch(`${fakesOrigin}/__fake/service-status`, {
    method: "POST",
    body: JSON.stringify(answer),
  });
  if (!response.ok) throw new Error(`fake status control answered ${response.status}`);
}

/**
 * Makes the loopback Fingerprint agent answer this page with a visitor id of the test's own (20 letters and
 * digits, from `label`, the time and a random number), so the page learns it once identification runs and
 * the test tells its own events apart at the shared fakes. Returns the id.
 */
export async function asVisitor(page: Page, label: string): Promise<string> {
  const id = `${label}${Date.now()}${Math.floor(Math.random() * 1e9)}`
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(20, "0")
    .slice(0, 20);
  await page.route("**/__fake/fingerprint/identify**", (route) =>
    route.continue({ url: `${fakesOrigin}/__fake/fingerprint/identify?visitor=${id}` }),
  );
  return id;
}
