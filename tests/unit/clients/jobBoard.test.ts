// Tests the one job-board client in both modes: the site's proxy, and Greenhouse directly (a fake on loopback).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readPublicEnv } from "../../../src/config/env";
import {
  fetchJobInfo,
  fetchJobListings,
  jobBoardMode,
  JobBoardError,
  type JobBoardMode,
} from "../../../src/clients/jobBoard";
import { createGreenhouseHandler } from "../../../src/server/integrations/greenhouse";
import { startFakeGreenhouse, type FakeGreenhouse } from "../../support/fakes/greenhouse";

let fake: FakeGreenhouse;
beforeAll(async () => {
  fake = await startFakeGreenhouse();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setMode({ kind: "ok" });
  fake.requests.length = 0;
});

describe("jobBoardMode", () => {
  it("uses the proxy by default", () => {
    expect(jobBoardMode(readPublicEnv({}).greenhouse)).toEqual({
      kind: "proxy",
      endpoint: "/greenhouse/",
    });
  });

  it("calls the board directly only with the flag off and a board set", () => {
    const direct = readPublicEnv({
      GATSBY_GREENHOUSE_PROXY: "false",
      GATSBY_GREENHOUSE_BOARD: "acme",
    }).greenhouse;
    expect(jobBoardMode(direct)).toEqual({
      kind: "direct",
      apiUrl: "https://boards-api.greenhouse.io/v1",
      board: "acme",
      embedUrl: "https://job-boards.greenhouse.io/embed/job_app",
    });
    expect(jobBoardMode(readPublicEnv({ GATSBY_GREENHOUSE_PROXY: "off" }).greenhouse).kind).toBe(
      "proxy",
    );
    expect(
      jobBoardMode(
        readPublicEnv({ GATSBY_GREENHOUSE_PROXY: "yes", GATSBY_GREENHOUSE_BOARD: "acme" })
          .greenhouse,
      ).kind,
    ).toBe("proxy");
  });

  it("rejects a malformed public configuration at build time", () => {
    expect(() => readPublicEnv({ GATSBY_GREENHOUSE_BOARD: "a/b" })).toThrow(
      /GATSBY_GREENHOUSE_BOARD/,
    );
    expect(() => readPublicEnv({ GATSBY_API_URL: "not a url" })).toThrow(/GATSBY_API_URL/);
    expect(readPublicEnv({ GATSBY_API_URL: "https://api.test/" }).apiUrl).toBe("https://api.test");
  });
});

describe("direct mode against a fake Greenhouse", () => {
  const mode = (): JobBoardMode => ({
    kind: "direct",
    apiUrl: fake.apiUrl,
    board: "acme",
    embedUrl: `${fake.origin}/embed/job_app`,
  });

  it("lists roles from boards/{board}/jobs?content=true", async () => {
    const listings = await fetchJobListings({ mode: mode() });
    expect(listings.sample).toBe(false);
    expect(listings.jobs.length).toBe(fake.boards.get("acme")?.length);
    expect(fake.requests).toEqual(["/v1/boards/acme/jobs?content=true"]);
  });

  it("reads one role from boards/{board}/jobs/{id}, sanitized, with the embedded form", async () => {
    const { job } = await fetchJobInfo("4012345099", { mode: mode() });
    expect(job.descriptionHtml).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(job.applyUrl).toBe(`${fake.origin}/embed/job_app?for=acme&token=4012345099`);
    expect(fake.requests).toEqual(["/v1/boards/acme/jobs/4012345099"]);
  });

  it("reports an unknown role as not_found and an outage as unavailable", async () => {
    await expect(fetchJobInfo("1", { mode: mode() })).rejects.toMatchObject({ kind: "not_found" });
    fake.setMode({ kind: "error" });
    await expect(fetchJobListings({ mode: mode() })).rejects.toBeInstanceOf(JobBoardError);
    await expect(fetchJobListings({ mode: mode() })).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("gives up on a hanging board", async () => {
    fake.setMode({ kind: "hang" });
    await expect(fetchJobListings({ mode: mode(), timeoutMs: 100 })).rejects.toMatchObject({
      kind: "unavailable",
    });
  });
});

describe("proxy mode through the real handler", () => {
  const handler = () =>
    createGreenhouseHandler({
      env: () => ({
        apiUrl: fake.apiUrl,
        board: "acme",
        timeoutMs: 300,
        embedUrl: `${fake.origin}/embed/job_app`,
      }),
      log: () => {},
    });
  const viaProxy: typeof fetch = (input) =>
    handler()(new Request(new URL(String(input), "http://site.test")));
  const proxy: JobBoardMode = { kind: "proxy", endpoint: "/greenhouse/" };

  it("gets the same roles as direct mode", async () => {
    const proxied = await fetchJobListings({ mode: proxy, fetch: viaProxy });
    const direct = await fetchJobListings({
      mode: { kind: "direct", apiUrl: fake.apiUrl, board: "acme", embedUrl: "https://x.test/e" },
    });
    expect(proxied).toEqual(direct);
  });

  it("gets one role, re-sanitized on arrival", async () => {
    const { job } = await fetchJobInfo("4012345099", { mode: proxy, fetch: viaProxy });
    expect(job.descriptionHtml).not.toMatch(/script|onclick/i);
    const hostile: typeof fetch = async () =>
      Response.json({
        sample: false,
        job: {
          id: 1,
          title: "t",
          location: "l",
          department: "d",
          updatedAt: "u",
          descriptionHtml: "<p onclick=x()>a</p><script>b</script>",
          datePosted: "u",
          validThrough: null,
          companyName: "c",
          postingUrl: null,
          applyUrl: null,
        },
      });
    expect((await fetchJobInfo("1", { mode: proxy, fetch: hostile })).job.descriptionHtml).toBe(
      "<p>a</p>",
    );
  });

  it("drops the body of an error answer instead of leaving it unread", async () => {
    const cancels: string[] = [];
    const errorPage = (status: number) => async () =>
      new Response(
        new ReadableStream({
          pull: () => undefined,
          cancel: () => void cancels.push(String(status)),
        }),
        {
          status,
        },
      );
    await expect(fetchJobInfo("1", { mode: proxy, fetch: errorPage(404) })).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(fetchJobListings({ mode: proxy, fetch: errorPage(500) })).rejects.toMatchObject({
      kind: "unavailable",
    });
    expect(cancels).toEqual(["404", "500"]);
  });

  it("maps the proxy's 404 and 502", async () => {
    await expect(fetchJobInfo("1", { mode: proxy, fetch: viaProxy })).rejects.toMatchObject({
      kind: "not_found",
    });
    fake.setMode({ kind: "error" });
    await expect(fetchJobListings({ mode: proxy, fetch: viaProxy })).rejects.toMatchObject({
      kind: "unavailable",
    });
  });
});
