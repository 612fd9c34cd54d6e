// A burst of form posts at the real local server (a child process behind TRUST_PROXY=loopback, so each post names
// its own client address) with the fake HubSpot, then a wait until every accepted lead reached it: what each post
// was answered and how fast, and how often HubSpot received each accepted email. Shared by a test and the bench.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAKE_WEBINAR_FORMS, hubspotServerEnv, startFakeHubspot } from "./fakes/hubspot";
import { startServerProcess } from "./serverProcess";
import { validBodies } from "../unit/leads/samples";

export type Post = {
  email: string;
  endpoint: "/api/hubspot-newsletter/" | "/api-webinar/";
  ip: string;
};

export type BurstOptions = {
  posts: readonly Post[];
  /** Posts in flight at once. */
  atOnce: number;
  /** The server's lead store and anything else it should be given (DATABASE_URL, limits). */
  env: Record<string, string>;
  /** HubSpot answers 429 for this long from the first post. */
  refuseMs?: number;
  /** HubSpot's answer time. */
  latencyMs?: number;
  /** How long to wait for the accepted leads to reach HubSpot, from the first post. */
  drainLimitMs: number;
};

export type BurstResult = {
  answers: { post: Post; status: number; ms: number }[];
  burstMs: number;
  /** Per email accepted: how many leads were accepted with it, and how many HubSpot received. */
  deliveries: { email: string; accepted: number; received: number }[];
  /** Accepted leads HubSpot received once, the copies beyond that, and those it never received. */
  once: number;
  twice: number;
  lost: number;
  /** Accept latency of the accepted posts: p50, p95, p99 in ms. */
  latency: [number, number, number];
  /** From the first post to the last lead HubSpot received, in ms. */
  drainMs: number;
};

/** Newsletter and webinar sign-ups in turn, the i-th from `address(i)`. */
export const blast = (count: number, prefix: string, address: (i: number) => string): Post[] =>
  Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i}@example.org`,
    endpoint: i % 2 === 0 ? "/api/hubspot-newsletter/" : "/api-webinar/",
    ip: address(i),
  }));

/**
 * One office behind five addresses: `colleagues` sign-ups, the first `repeats` of them each followed by
 * a post of one same email, as a flood of it would come in among them.
 */
export function officePosts(colleagues: number, repeats: number, email: string): Post[] {
  const office = (i: number) => `192.0.2.${(i % 5) + 1}`;
  return blast(colleagues, "colleague", office).flatMap((post, i): Post[] =>
    i < repeats ? [post, { email, endpoint: "/api/hubspot-newsletter/", ip: office(i) }] : [post],
  );
}

const percentiles = (values: number[]): [number, number, number] => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.floor((p / 100) * (sorted.length - 1))] ?? NaN);
  return [at(50), at(95), at(99)];
};

const bodyOf = (post: Post) =>
  post.endpoint === "/api-webinar/"
    ? { ...validBodies["/api-webinar/"], email: post.email, hubspotFormId: FAKE_WEBINAR_FORMS[0] }
    : { ...validBodies["/api/hubspot-newsletter/"], email: post.email };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runBurst(options: BurstOptions): Promise<BurstResult> {
  const hubspot = await startFakeHubspot({ latencyMs: options.latencyMs ?? 300 });
  const folder = mkdtempSync(path.join(os.tmpdir(), "lead-burst-"));
  const server = startServerProcess({
    ...hubspotServerEnv(hubspot.origin),
    LEADS_STORE_DIR: path.join(folder, "leads"),
    PUBLIC_DIR: folder,
    TRUST_PROXY: "loopback",
    ...options.env,
  });
  try {
    const url = await server.url;
    if (options.refuseMs) {
      hubspot.setMode("rate-limited");
      setTimeout(() => hubspot.setMode("ok"), options.refuseMs).unref();
    }
    const startedAt = Date.now();
    const queue = [...options.posts];
    const answers: BurstResult["answers"] = [];
    const lane = async () => {
      for (let post = queue.shift(); post; post = queue.shift()) {
        const sent = performance.now();
        const answer = await fetch(`${url}${post.endpoint}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": post.ip },
          body: JSON.stringify(bodyOf(post)),
        }).catch(() => null);
        await answer?.arrayBuffer();
        answers.push({ post, status: answer?.status ?? 0, ms: performance.now() - sent });
      }
    };
    await Promise.all(Array.from({ length: options.atOnce }, lane));
    const burstMs = Date.now() - startedAt;
    const wanted = new Map<string, number>();
    for (const answer of answers.filter((item) => item.status === 200))
      wanted.set(answer.post.email, (wanted.get(answer.post.email) ?? 0) + 1);
    const accepted = [...wanted.values()].reduce((sum, n) => sum + n, 0);
    const reached = () => hubspot.submissions.filter((item) => wanted.has(item.values.email ?? ""));
    while (reached().length < accepted && Date.now() - startedAt < options.drainLimitMs)
      await sleep(250);
    // Long enough for a second copy of the last leads to show, were one sent.
    await sleep(2_000);
    const received = new Map<string, number>();
    for (const item of reached())
      received.set(item.values.email ?? "", (received.get(item.values.email ?? "") ?? 0) + 1);
    const deliveries = [...wanted].map(([email, n]) => ({
      email,
      accepted: n,
      received: received.get(email) ?? 0,
    }));
    const last = Math.max(startedAt, ...reached().map((item) => item.receivedAt));
    const sum = (count: (lead: (typeof deliveries)[number]) => number) =>
      deliveries.reduce((total, lead) => total + count(lead), 0);
    return {
      answers,
      burstMs,
      deliveries,
      once: sum((lead) => Math.min(lead.received, lead.accepted)),
      twice: sum((lead) => Math.max(0, lead.received - lead.accepted)),
      lost: sum((lead) => Math.max(0, lead.accepted - lead.received)),
      latency: percentiles(answers.filter((a) => a.status === 200).map((a) => a.ms)),
      drainMs: last - startedAt,
    };
  } finally {
    await server.stop();
    await hubspot.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
