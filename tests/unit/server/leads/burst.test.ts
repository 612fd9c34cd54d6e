// @vitest-environment node
// A burst at the real server process (its in-request attempts and its worker loop sending at once) with a real
// PostgreSQL: every lead accepted reaches HubSpot exactly once, also when HubSpot refuses with 429 at first; one
// office's colleagues are accepted while one email sent over and over is not. Timings are the bench's business.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blast, officePosts, runBurst } from "../../../support/leadBurst";
import { createDatabase, startPostgres, type TestPostgres } from "../../../support/postgres";

let pg: TestPostgres;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe("a burst at the real server", () => {
  it("120 sign-ups from 120 addresses, HubSpot refusing the first 2 s: each accepted and sent exactly once", async () => {
    const posts = blast(120, "burst", (i) => `10.1.${i >> 8}.${i & 255}`);
    const burst = await runBurst({
      posts,
      atOnce: 20,
      latencyMs: 50,
      refuseMs: 2_000,
      // The limit is the bench's subject; here, every path that sends must send each lead once.
      env: { DATABASE_URL: await createDatabase(pg.url), HUBSPOT_MAX_PER_10S: "1000" },
      drainLimitMs: 60_000,
    });
    expect(burst.answers.map((answer) => answer.status)).toEqual(posts.map(() => 200));
    expect(burst).toMatchObject({ once: 120, twice: 0, lost: 0 });
    expect(burst.deliveries.every((lead) => lead.accepted === 1)).toBe(true);
  }, 120_000);

  it("an office: 60 colleagues from five addresses accepted, one email sent 30 times accepted 3 times", async () => {
    const repeated = "same.person@example.org";
    const burst = await runBurst({
      posts: officePosts(60, 30, repeated),
      atOnce: 10,
      latencyMs: 50,
      env: { DATABASE_URL: await createDatabase(pg.url), HUBSPOT_MAX_PER_10S: "1000" },
      drainLimitMs: 60_000,
    });
    const statuses = (email: (value: string) => boolean) =>
      burst.answers.filter((answer) => email(answer.post.email)).map((answer) => answer.status);
    expect(statuses((email) => email.startsWith("colleague"))).toEqual(Array(60).fill(200));
    const repeats = statuses((email) => email === repeated);
    expect(repeats.filter((status) => status === 200)).toHaveLength(3);
    expect(repeats.filter((status) => status === 429)).toHaveLength(27);
    // Each accepted lead once: the three of the repeated email included.
    expect(burst).toMatchObject({ once: 63, twice: 0, lost: 0 });
  }, 120_000);
});
