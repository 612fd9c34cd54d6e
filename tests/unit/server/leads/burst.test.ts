// @vitest-environment node
// A burst at the real server process (its in-request attempts and its worker loop sending at once) with a real
// PostgreSQL: every lead accepted reaches HubSpot exactly once, also when HubSpot refuses with 429 at first; one
// office's colleagues are accepted while one email sent over and over is not. Timings are the bench's business.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blast, runBurst, type Post } from "../../../support/leadBurst";
import { startPostgres, type TestPostgres } from "../../../support/postgres";

let pg: TestPostgres;
let databases = 0;

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

async function database(): Promise<string> {
  databases += 1;
  const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE burst_${databases}`);
  await admin.end();
  return pg.url.replace(/\/postgres$/, `/burst_${databases}`);
}

describe("a burst at the real server", () => {
  it("120 sign-ups from 120 addresses, HubSpot refusing the first 2 s: each accepted and sent exactly once", async () => {
    const posts = blast(120, "burst", (i) => `10.1.${i >> 8}.${i & 255}`);
    const burst = await runBurst({
      posts,
      atOnce: 20,
      latencyMs: 50,
      refuseMs: 2_000,
      // The limit is the bench's subject; here, every path that sends must send each lead once.
      env: { DATABASE_URL: await database(), HUBSPOT_MAX_PER_10S: "1000" },
      drainLimitMs: 60_000,
    });
    expect(burst.answers.map((answer) => answer.status)).toEqual(posts.map(() => 200));
    const wrong = burst.deliveries.filter((lead) => lead.received !== 1 || lead.accepted !== 1);
    expect(wrong, "not sent exactly once").toEqual([]);
    expect(burst.deliveries).toHaveLength(120);
  }, 120_000);

  it("an office: 60 colleagues from five addresses accepted, one email sent 30 times accepted 3 times", async () => {
    const office = (i: number) => `192.0.2.${(i % 5) + 1}`;
    const colleagues = blast(60, "colleague", office);
    const repeated: Post[] = Array.from({ length: 30 }, (_, i) => ({
      email: "same.person@example.org",
      endpoint: "/api/hubspot-newsletter/",
      ip: office(i),
    }));
    const burst = await runBurst({
      posts: colleagues.flatMap((post, i) => (repeated[i] ? [post, repeated[i]] : [post])),
      atOnce: 10,
      latencyMs: 50,
      env: { DATABASE_URL: await database(), HUBSPOT_MAX_PER_10S: "1000" },
      drainLimitMs: 60_000,
    });
    const statuses = (email: (value: string) => boolean) =>
      burst.answers.filter((answer) => email(answer.post.email)).map((answer) => answer.status);
    expect(statuses((email) => email.startsWith("colleague"))).toEqual(colleagues.map(() => 200));
    const repeats = statuses((email) => email === "same.person@example.org");
    expect(repeats.filter((status) => status === 200)).toHaveLength(3);
    expect(repeats.filter((status) => status === 429)).toHaveLength(27);
    // Each accepted lead once: the three of the repeated email included.
    const wrong = burst.deliveries.filter((lead) => lead.received !== lead.accepted);
    expect(wrong, "not sent exactly once").toEqual([]);
    expect(burst.deliveries).toHaveLength(61);
  }, 120_000);
});
