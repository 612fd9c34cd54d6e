// `npm run bench:leads -- --n 1000 [--only postgres,file,429,office]`: webinar-blast bursts (50 posts at a time) at
// the real local server, with PostgreSQL (fsync on) or the file store and the fake HubSpot answering in 300 ms, healthy
// or refusing for 30 s, and an office behind five addresses. Prints accepted, refused, accept latency, delivered once,
// twice or lost, and when the last lead reached HubSpot. A measurement, not a test: it exits 0 unless it cannot run.
import os from "node:os";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { blast, runBurst, type Post } from "../tests/support/leadBurst";
import { startPostgres, type TestPostgres } from "../tests/support/postgres";

const { values: args } = parseArgs({
  options: { n: { type: "string" }, only: { type: "string" } },
});
const N = Number(args.n ?? 1000);
const REPEATED = "same.person@example.org";
type Scenario = { name: string; store: "postgres" | "file"; refuseMs?: number; posts: Post[] };

const distinct = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const office = (i: number) => `192.0.2.${(i % 5) + 1}`;
/** 100 colleagues and 100 posts of one email in turn, then the other colleagues: one office's five addresses. */
const colleagues = blast(N, "colleague", office);
const officePosts: Post[] = [
  ...colleagues.slice(0, 100).flatMap((post, i): Post[] => {
    const repeat: Post = { email: REPEATED, endpoint: "/api/hubspot-newsletter/", ip: office(i) };
    return [post, repeat];
  }),
  ...colleagues.slice(100),
];

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);

async function measure(scenario: Scenario, pg: TestPostgres | null): Promise<string> {
  let env = {};
  if (scenario.store === "postgres" && pg) {
    const database = `bench_${Date.now()}`;
    const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`CREATE DATABASE ${database}`);
    await admin.end();
    env = { DATABASE_URL: pg.url.replace(/\/postgres$/, `/${database}`) };
  }
  const { posts, refuseMs } = scenario;
  const burst = await runBurst({
    posts,
    atOnce: 50,
    env,
    drainLimitMs: 15 * 60_000,
    ...(refuseMs ? { refuseMs } : {}),
  });
  const { answers, deliveries } = burst;
  const accepted = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 429).length;
  const latency = accepted.map((answer) => answer.ms).sort((a, b) => a - b);
  /** Leads (not emails: one sent three times is three leads) whose delivery passes `test`. */
  const count = (test: (lead: (typeof deliveries)[number]) => number) =>
    deliveries.reduce((sum, lead) => sum + test(lead), 0);
  const lines = [
    `${scenario.name}: ${accepted.length} of ${answers.length} accepted, ${refused} refused (429), ` +
      `${answers.length - accepted.length - refused} other; the burst took ${(burst.burstMs / 1000).toFixed(1)} s`,
    `  accept latency p50 / p95 / p99: ${[50, 95, 99].map((p) => percentile(latency, p)).join(" / ")} ms`,
    `  reached HubSpot: ${count((lead) => Math.min(lead.received, lead.accepted))} exactly once, ` +
      `${count((lead) => Math.max(0, lead.received - lead.accepted))} twice, ` +
      `${count((lead) => Math.max(0, lead.accepted - lead.received))} lost; ` +
      `the last ${(burst.drainMs / 1000).toFixed(0)} s after the first post`,
  ];
  if (scenario.name.startsWith("office")) {
    const first = new Set(colleagues.slice(0, 100).map((post) => post.email));
    const share = (test: (post: Post) => boolean) => {
      const chosen = answers.filter((answer) => test(answer.post));
      return `${chosen.filter((answer) => answer.status === 200).length} of ${chosen.length}`;
    };
    lines.push(
      `  accepted: the first 100 colleagues ${share((post) => first.has(post.email))}; one email sent 100 times ` +
        `${share((post) => post.email === REPEATED)}; the next ${N - 100} colleagues (the addresses' ceiling) ` +
        `${share((post) => post.email !== REPEATED && !first.has(post.email))}`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const scenarios = (
    [
      { name: "postgres, HubSpot healthy", store: "postgres", posts: blast(N, "pg", distinct) },
      {
        name: "postgres, HubSpot 429 for 30 s",
        store: "postgres",
        refuseMs: 30_000,
        posts: blast(N, "pg-429-", distinct),
      },
      { name: "file store, HubSpot healthy", store: "file", posts: blast(N, "file", distinct) },
      {
        name: "file store, HubSpot 429 for 30 s",
        store: "file",
        refuseMs: 30_000,
        posts: blast(N, "file-429-", distinct),
      },
      { name: "office behind 5 addresses, postgres", store: "postgres", posts: officePosts },
    ] satisfies Scenario[]
  ).filter(
    (scenario) => !args.only || args.only.split(",").some((word) => scenario.name.includes(word)),
  );
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  console.log(
    `bench:leads: ${N} leads a burst, 50 posts at a time, HubSpot answering in 300 ms, the outbound limit 40 per ` +
      `10 s (${N} leads need ${N / 4} s); load ${load}\n`,
  );
  const pg = scenarios.some((scenario) => scenario.store === "postgres")
    ? await startPostgres({ durable: true })
    : null;
  try {
    for (const scenario of scenarios) console.log(`${await measure(scenario, pg)}\n`);
  } finally {
    await pg?.stop();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
