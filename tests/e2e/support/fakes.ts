// Where the fake upstreams of the browser tests listen, and how a test switches their answers.
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
