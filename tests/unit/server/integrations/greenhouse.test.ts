// @vitest-environment node
// Tests the Greenhouse proxy against a fake job board on loopback: answers, errors, timeouts and input checks.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readGreenhouseEnv, type GreenhouseEnv } from "../../../../src/server/env";
import { findFunction, runFunction } from "../../../../src/server/functions";
import {
  createGreenhouseHandler,
  JOB_CACHE_CONTROL,
  LISTINGS_CACHE_CONTROL,
  sampleJobs,
} from "../../../../src/server/integrations/greenhouse";
import { jobInfoSchema, jobListingsSchema } from "../../../../src/data/jobs";
import { startFakeGreenhouse, type FakeGreenhouse } from "../../../support/fakes/greenhouse";

let fake: FakeGreenhouse;
let env: GreenhouseEnv;
const log = vi.fn();

beforeAll(async () => {
  fake = await startFakeGreenhouse();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setMode({ kind: "ok" });
  fake.requests.length = 0;
  env = readGreenhouseEnv({
    GREENHOUSE_API_URL: fake.apiUrl,
    GREENHOUSE_BOARD: "acme",
    GREENHOUSE_TIMEOUT_MS: "300",
  });
  log.mockReset();
});

const handler = () => createGreenhouseHandler({ env: () => env, log });
const get = (query: string, method = "GET") =>
  handler()(new Request(`http://site.test/greenhouse/${query}`, { method }));

describe("GET /greenhouse/?action=listings", () => {
  it("returns the board's roles in the small shape, cached briefly", async () => {
    const response = await get("?action=listings");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(LISTINGS_CACHE_CONTROL);
    expect(response.headers.get("cache-control")).toMatch(
      /s-maxage=\d+.*stale-while-revalidate=\d+/,
    );
    const body = jobListingsSchema.parse(await response.json());
    expect(body.sample).toBe(false);
    expect(body.jobs).toHaveLength(fake.boards.get("acme")?.length ?? -1);
    expect(body.jobs[0]).toEqual({
      id: 4012345006,
      title: "Senior Frontend Engineer",
      location: "Remote (Europe)",
      department: "Engineering",
      updatedAt: "2026-03-02T09:14:27-05:00",
    });
    expect(fake.requests).toEqual(["/v1/boards/acme/jobs?content=true"]);
  });

  it("answers an empty board with an empty list", async () => {
    env = { ...env, board: "empty" };
    const response = await get("?action=listings");
    expect(await response.json()).toEqual({ jobs: [], sample: false });
  });

  it("serves the sample board, marked as sample, when no board is configured", async () => {
    env = { ...env, board: null };
    const body = jobListingsSchema.parse(await (await get("?action=listings")).json());
    expect(body.sample).toBe(true);
    expect(body.jobs.length).toBe(sampleJobs().length);
    expect(body.jobs.length).toBeGreaterThan(3);
    expect(fake.requests).toEqual([]);
  });

  it("answers HEAD with headers only", async () => {
    const response = await get("?action=listings", "HEAD");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("GET /greenhouse/?action=jobInfo", () => {
  it("returns one role with a decoded, sanitized description and the hosted form", async () => {
    const response = await get("?action=jobInfo&jobId=4012345007");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(JOB_CACHE_CONTROL);
    const { job, sample } = jobInfoSchema.parse(await response.json());
    expect(sample).toBe(false);
    expect(job.title).toBe("Backend Engineer, Identification Platform");
    expect(job.descriptionHtml).toContain("<h2>About the role</h2>");
    expect(job.descriptionHtml).not.toContain("&lt;");
    expect(job.postingUrl).toBe("https://boards.greenhouse.io/acme/jobs/4012345007");
    expect(job.applyUrl).toBe(
      "https://job-boards.greenhouse.io/embed/job_app?for=acme&token=4012345007",
    );
    expect(job.companyName).toBe("Acme");
    expect(fake.requests).toEqual(["/v1/boards/acme/jobs/4012345007?questions=true"]);
  });

  it("strips script, event handlers and javascript: links from a hostile description", async () => {
    const { job } = jobInfoSchema.parse(
      await (await get("?action=jobInfo&jobId=4012345099")).json(),
    );
    expect(job.descriptionHtml).not.toMatch(/<script|onclick|onerror|javascript:|<img/i);
    expect(job.descriptionHtml).toContain("<strong>signals</strong> team &amp; help.");
    expect(job.descriptionHtml).toContain(
      '<a href="https://example.com/team" target="_blank" rel="noopener noreferrer">',
    );
  });

  it("answers 404 with a clear message for an unknown role", async () => {
    const response = await get("?action=jobInfo&jobId=999");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      error: {
        code: "job_not_found",
        message: "This role is not open any more, or the link is wrong.",
      },
    });
  });

  it("answers 404 for an unknown board", async () => {
    env = { ...env, board: "nope" };
    const response = await get("?action=listings");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "board_not_found",
    );
  });

  it("serves sample roles without an application form", async () => {
    env = { ...env, board: null };
    const id = sampleJobs()[0]?.id;
    const { job, sample } = jobInfoSchema.parse(
      await (await get(`?action=jobInfo&jobId=${id}`)).json(),
    );
    expect(sample).toBe(true);
    expect(job.applyUrl).toBeNull();
    expect(job.descriptionHtml).toContain("Sample listing.");
    expect(JSON.stringify(job)).not.toMatch(/\{product\}|\{siteUrl\}/);
    expect((await get("?action=jobInfo&jobId=123")).status).toBe(404);
  });
});

describe("upstream failures", () => {
  it("maps an upstream 500 to 502 with a clear message, and logs it", async () => {
    fake.setMode({ kind: "error" });
    for (const query of ["?action=listings", "?action=jobInfo&jobId=4012345006"]) {
      const response = await get(query);
      expect(response.status).toBe(502);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        error: {
          code: "upstream_unavailable",
          message: "The job board is not available right now. Please try again.",
        },
      });
    }
    expect(log).toHaveBeenCalledWith(expect.stringContaining("status 500"));
  });

  it("gives up on a slow upstream after the timeout with 502", async () => {
    fake.setMode({ kind: "slow", delayMs: 2000 });
    const started = performance.now();
    const response = await get("?action=listings");
    expect(performance.now() - started).toBeLessThan(1500);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "upstream_timeout",
    );
  });

  it("gives up on a hanging upstream too", async () => {
    fake.setMode({ kind: "hang" });
    const response = await get("?action=jobInfo&jobId=4012345006");
    expect(response.status).toBe(502);
  });

  it("answers within the timeout when the upstream is slow but not too slow", async () => {
    fake.setMode({ kind: "slow", delayMs: 50 });
    expect((await get("?action=listings")).status).toBe(200);
  });

  it("maps an unreachable upstream and a non-JSON answer to 502", async () => {
    env = { ...env, apiUrl: "http://127.0.0.1:9/v1" };
    expect((await get("?action=listings")).status).toBe(502);
    const notJson = createGreenhouseHandler({
      env: () => ({ ...env, apiUrl: fake.apiUrl }),
      fetch: async () => new Response("<html>", { status: 200 }),
      log,
    });
    expect((await notJson(new Request("http://s/greenhouse/?action=listings"))).status).toBe(502);
  });

  it("maps an answer of the wrong shape to 502", async () => {
    const wrong = createGreenhouseHandler({
      env: () => env,
      fetch: async () => Response.json({ jobs: [{ id: "x" }] }),
      log,
    });
    expect((await wrong(new Request("http://s/greenhouse/?action=listings"))).status).toBe(502);
  });
});

describe("input checks: never an open proxy", () => {
  it.each([
    ["no action", ""],
    ["unknown action", "?action=boards"],
    ["action in another case", "?action=Listings"],
    ["extra parameter", "?action=listings&board=other"],
    ["extra parameter on jobInfo", "?action=jobInfo&jobId=1&questions=true"],
    ["url parameter", "?action=listings&url=http://169.254.169.254/"],
    ["jobId on listings", "?action=listings&jobId=1"],
    ["repeated action", "?action=listings&action=listings"],
    ["repeated jobId", "?action=jobInfo&jobId=1&jobId=2"],
    ["missing jobId", "?action=jobInfo"],
    ["empty jobId", "?action=jobInfo&jobId="],
    ["non-numeric jobId", "?action=jobInfo&jobId=abc"],
    ["path in jobId", "?action=jobInfo&jobId=1%2F..%2F..%2Fboards"],
    ["negative jobId", "?action=jobInfo&jobId=-1"],
    ["decimal jobId", "?action=jobInfo&jobId=1.5"],
    ["leading zero", "?action=jobInfo&jobId=0123"],
    ["over-long jobId", `?action=jobInfo&jobId=${"9".repeat(16)}`],
  ])("answers 400 for %s without calling the job board", async (_name, query) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message.length).toBeGreaterThan(10);
    expect(fake.requests).toEqual([]);
  });

  it("refuses other methods with 405", async () => {
    const route = findFunction("/greenhouse/");
    expect(route?.name).toBe("greenhouse");
    if (!route) return;
    const response = await runFunction(
      route,
      new Request("http://s/greenhouse/?action=listings", { method: "POST" }),
      undefined,
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("readGreenhouseEnv", () => {
  it("has defaults: the public API, no board (sample), a short timeout", () => {
    expect(readGreenhouseEnv({})).toEqual({
      apiUrl: "https://boards-api.greenhouse.io/v1",
      board: null,
      timeoutMs: 4000,
      embedUrl: "https://job-boards.greenhouse.io/embed/job_app",
    });
  });

  it("reads overrides and trims a trailing slash", () => {
    const read = readGreenhouseEnv({
      GREENHOUSE_API_URL: "http://127.0.0.1:1234/v1/",
      GREENHOUSE_BOARD: "acme",
      GREENHOUSE_TIMEOUT_MS: "900",
    });
    expect(read.apiUrl).toBe("http://127.0.0.1:1234/v1");
    expect(read.board).toBe("acme");
    expect(read.timeoutMs).toBe(900);
  });

  it.each([
    [{ GREENHOUSE_BOARD: "acme/../x" }, /GREENHOUSE_BOARD/],
    [{ GREENHOUSE_API_URL: "ftp://x" }, /GREENHOUSE_API_URL/],
    [{ GREENHOUSE_API_URL: "https://x/v1?token=1" }, /GREENHOUSE_API_URL/],
    [{ GREENHOUSE_TIMEOUT_MS: "0" }, /GREENHOUSE_TIMEOUT_MS/],
  ])("rejects bad configuration %o", (source, message) => {
    expect(() => readGreenhouseEnv(source)).toThrow(message);
  });
});
