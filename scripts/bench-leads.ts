// `npm run bench:leads -- --n 1000 [--only postgres,file,429,office]`: webinar-blast bursts (50 posts at a time) at
// the real local server, with PostgreSQL (fsync on) or the file store and the fake HubSpot answering in 300 ms, healthy
// or refusing for 30 s, and an office behind five addresses. Prints accepted, refused, accept latency, delivered once,
// twice or lost, and when the last lead reached HubSpot. A measurement, not a test: it exits 0 unless it cannot run.
import os from "node:os";
import { parseArgs } from "node:util";
import { blast, officePosts, runBurst, type Post } from "../tests/support/leadBurst";
import { createDatabase, startPostgres } from "../tests/support/postgres";

const { values: args } = parseArgs({
  options: { n: { type: "string" }, only: { type: "string" } },
});
const N = Number(args.n ?? 1000);
const REPEATED = "same.person@example.org";
const distinct = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const scenarios: [string, "pg" | "file", number, Post[]][] = [
  ["postgres, HubSpot healthy", "pg", 0, blast(N, "pg", distinct)],
  ["postgres, HubSpot 429 for 30 s", "pg", 30_000, blast(N, "pg-429-", distinct)],
  ["file store, HubSpot healthy", "file", 0, blast(N, "file", distinct)],
  ["file store, HubSpot 429 for 30 s", "file", 30_000, blast(N, "file-429-", distinct)],
  // 100 colleagues and 100 posts of one email in turn, then the other colleagues.
  ["office behind 5 addresses, postgres", "pg", 0, officePosts(N, 100, REPEATED)],
];
const chosen = scenarios.filter(
  ([name]) => args.only?.split(",").some((w) => name.includes(w)) ?? true,
);

async function main(): Promise<void> {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `bench:leads: ${N} leads a burst, 50 posts at a time, HubSpot answering in 300 ms, the outbound ` +
      `limit 40 per 10 s (${N} leads need ${N / 4} s); load ${load.join(" ")}\n`,
  );
  const pg = chosen.some(([, store]) => store === "pg")
    ? await startPostgres({ durable: true })
    : null;
  for (const [name, store, refuseMs, posts] of chosen) {
    const env: Record<string, string> =
      store === "pg" && pg ? { DATABASE_URL: await createDatabase(pg.url, "bench") } : {};
    const burst = await runBurst({ posts, atOnce: 50, env, refuseMs, drainLimitMs: 15 * 60_000 });
    const { answers, latency } = burst;
    const count = (test: (post: Post) => boolean, status = 200) =>
      answers.filter((answer) => answer.status === status && test(answer.post)).length;
    const all = () => true;
    console.log(
      `${name}: ${count(all)} of ${answers.length} accepted, ${count(all, 429)} refused (429); ` +
        `the burst took ${(burst.burstMs / 1000).toFixed(1)} s\n` +
        `  accept latency p50 / p95 / p99: ${latency.join(" / ")} ms\n` +
        `  reached HubSpot: ${burst.once} exactly once, ${burst.twice} twice, ${burst.lost} lost; ` +
        `the last ${(burst.drainMs / 1000).toFixed(0)} s after the first post`,
    );
    if (name.startsWith("office")) {
      const first = (post: Post) => /^colleague\d{1,2}@/.test(post.email); // the first 100
      const share = (test: (post: Post) => boolean) =>
        `${count(test)} of ${answers.filter((answer) => test(answer.post)).length}`;
      console.log(
        `  accepted: the first 100 colleagues ${share(first)}; one email sent 100 times ` +
          `${share((post) => post.email === REPEATED)}; the next ${N - 100} colleagues (the ` +
          `addresses' ceiling) ${share((post) => post.email !== REPEATED && !first(post))}`,
      );
    }
    console.log("");
  }
  await pg?.stop();
}

// A failure rejects, which ends the process with its stack and a non-zero code.
void main().then(() => process.exit(0));
