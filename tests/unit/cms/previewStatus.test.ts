// @vitest-environment node
// The deploy-preview bridge's decisions (src/cms/previewStatus.ts): which status a host's deployment_status event
// becomes and what it refuses to link to. The workflow running it against the fake GitHub, on the Node it runs on:
// tests/unit/workflows/previewStatus.test.ts.
import { describe, expect, it } from "vitest";
import {
  PREVIEW_STATUS_CONTEXT,
  previewAddress,
  previewStatusFor,
} from "../../../src/cms/previewStatus";
import { deploymentStatusEvent } from "../../support/fakes/github/actions";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const PREVIEW = "https://marketing-site-git-cms-blog-launch-acme.vercel.app";
const vercel = (state: string, extra: Partial<Parameters<typeof deploymentStatusEvent>[0]> = {}) =>
  deploymentStatusEvent({ sha: SHA, state, ...extra });

describe("previewStatusFor", () => {
  it("turns a finished preview deployment into a success linking to its address, in a context Decap takes", () => {
    expect(previewStatusFor(vercel("success", { environmentUrl: PREVIEW }))).toEqual({
      post: true,
      sha: SHA,
      status: {
        state: "success",
        target_url: `${PREVIEW}/`,
        description: "Preview ready (Preview)",
        context: PREVIEW_STATUS_CONTEXT,
      },
    });
    // Decap's default matching takes the first status whose context contains "deploy"; Vercel's own ("Vercel",
    // linking to its dashboard) does not.
    expect(PREVIEW_STATUS_CONTEXT).toContain("deploy");
  });

  it.each(["queued", "pending", "in_progress"])(
    "reports %s as pending, with no address yet (Decap offers Check for Preview)",
    (state) => {
      const decision = previewStatusFor(vercel(state));
      expect(decision).toMatchObject({ post: true, status: { state: "pending" } });
      expect(decision.post && decision.status.target_url).toBeUndefined();
    },
  );

  it("reports a failed deployment as failed, linking to its log", () => {
    const log = "https://vercel.com/acme/marketing-site/5e3Yq";
    expect(previewStatusFor(vercel("failure", { logUrl: log }))).toMatchObject({
      post: true,
      status: { state: "failure", target_url: log, context: PREVIEW_STATUS_CONTEXT },
    });
    expect(previewStatusFor(vercel("error"))).toMatchObject({ status: { state: "error" } });
  });

  it("leaves production, replaced deployments and other environments alone, without calling it a problem", () => {
    for (const event of [
      vercel("success", { environment: "Production", environmentUrl: PREVIEW }),
      vercel("success", {
        environment: "live",
        productionEnvironment: true,
        environmentUrl: PREVIEW,
      }),
      vercel("inactive", { environmentUrl: PREVIEW }),
    ])
      expect(previewStatusFor(event)).toMatchObject({ post: false, problem: false });
    // A repository that deploys two projects: only the site's previews, by its environment's name.
    const only = { environment: "Preview – marketing-site" };
    const storybook = vercel("success", {
      environment: "Preview – storybook",
      environmentUrl: PREVIEW,
    });
    const site = vercel("success", { environment: only.environment, environmentUrl: PREVIEW });
    expect(previewStatusFor(storybook, only)).toMatchObject({ post: false, problem: false });
    expect(previewStatusFor(site, only)).toMatchObject({
      post: true,
      status: { state: "success" },
    });
  });

  it("refuses to link an editor anywhere but an https address (or this machine's loopback)", () => {
    for (const url of [
      undefined,
      "javascript:alert(1)",
      "http://preview.example.com",
      "https://user:secret@preview.example.com",
      "data:text/html,hi",
      "not a url",
    ]) {
      const decision = previewStatusFor(vercel("success", { environmentUrl: url }));
      expect(decision, String(url)).toMatchObject({ post: false, problem: true });
    }
    expect(previewAddress("http://localhost:9000/")).toBe("http://localhost:9000/");
    expect(previewAddress("http://127.0.0.1:9000")).toBe("http://127.0.0.1:9000/");
  });

  it("refuses an event with no commit, or a state GitHub does not have", () => {
    expect(previewStatusFor({})).toMatchObject({ post: false, problem: true });
    expect(
      previewStatusFor(deploymentStatusEvent({ sha: "main", state: "success" })),
    ).toMatchObject({
      post: false,
      problem: true,
    });
    expect(previewStatusFor(vercel("exploded"))).toMatchObject({ post: false, problem: true });
  });

  it("keeps the description within GitHub's 140 characters", () => {
    const decision = previewStatusFor(
      vercel("in_progress", { environment: `Preview – ${"x".repeat(200)}` }),
    );
    expect(decision.post && decision.status.description.length).toBe(140);
  });
});
