// @vitest-environment node
// The deploy-preview bridge (src/cms/previewStatus.ts, run by .github/workflows/preview-status.yml): which status a
// host's deployment_status event becomes, what it refuses to link to, and the post itself against the fake GitHub.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  main,
  postStatus,
  PREVIEW_STATUS_CONTEXT,
  previewAddress,
  previewStatusFor,
} from "../../../src/cms/previewStatus";
import { startFakeGitHub, type FakeGitHub } from "../../support/fakes/github";
import {
  deploymentStatusEvent,
  issueWorkflowToken,
  writeEventFile,
} from "../../support/fakes/github/actions";
import { createSourceRepository, type SourceRepository } from "../../support/fakes/github/source";

const root = path.resolve(__dirname, "../../..");
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

describe("posting the status (against the fake GitHub)", () => {
  let source: SourceRepository;
  let github: FakeGitHub;
  let head: string;
  const APP = {
    clientId: "Iv1.x",
    clientSecret: "s",
    callbackUrl: "https://site.example/api/cms-callback",
  };

  beforeAll(async () => {
    source = createSourceRepository((dir) =>
      fs.writeFileSync(path.join(dir, "README.md"), "site\n"),
    );
    github = await startFakeGitHub({ source: source.dir, repo: "acme/site", app: APP });
    head = (await github.git.text(["rev-parse", "main"])).trim();
  });
  afterAll(async () => {
    await github?.close();
    source?.remove();
  });

  const combined = async (sha: string, token: string) =>
    (await (
      await fetch(`${github.origin}/repos/acme/site/commits/${sha}/status`, {
        headers: { authorization: `token ${token}` },
      })
    ).json()) as { statuses: { context: string; state: string; target_url: string | null }[] };

  it("posts as the workflow's token, and the commit's combined status then carries the preview", async () => {
    const token = issueWorkflowToken(github.oauth);
    const event = writeEventFile(
      deploymentStatusEvent({ sha: head, state: "success", environmentUrl: PREVIEW }),
    );
    const lines: string[] = [];
    const code = await main(
      {
        GITHUB_EVENT_PATH: event.path,
        GITHUB_API_URL: github.origin,
        GITHUB_REPOSITORY: "acme/site",
        GITHUB_TOKEN: token,
      },
      (line) => lines.push(line),
    );
    event.remove();
    expect(code).toBe(0);
    expect(lines).toEqual([`preview-status: deploy/preview success on ${head} → ${PREVIEW}/`]);
    expect((await combined(head, token)).statuses).toEqual([
      expect.objectContaining({
        context: "deploy/preview",
        state: "success",
        target_url: `${PREVIEW}/`,
      }),
    ]);
  });

  it("fails the step, with GitHub's reason, when GitHub refuses", async () => {
    const token = issueWorkflowToken(github.oauth);
    const missing = "f".repeat(40);
    await expect(
      postStatus({ apiUrl: github.origin, repository: "acme/site", token }, missing, {
        state: "pending",
        description: "x",
        context: PREVIEW_STATUS_CONTEXT,
      }),
    ).rejects.toThrow(`GitHub refused the status (422): No commit found for SHA: ${missing}`);
    await expect(
      postStatus({ apiUrl: github.origin, repository: "acme/site", token: "ghs_forged" }, head, {
        state: "pending",
        description: "x",
        context: PREVIEW_STATUS_CONTEXT,
      }),
    ).rejects.toThrow("(401): Bad credentials");
  });

  it("says which setting is missing, and posts nothing for a deployment it leaves alone", async () => {
    const lines: string[] = [];
    expect(await main({}, (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toMatch(/GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_TOKEN not set/);
    const event = writeEventFile(
      deploymentStatusEvent({
        sha: head,
        state: "success",
        environment: "Production",
        environmentUrl: PREVIEW,
      }),
    );
    const calls: string[] = [];
    const code = await main(
      { GITHUB_EVENT_PATH: event.path, GITHUB_REPOSITORY: "acme/site", GITHUB_TOKEN: "t" },
      (line) => lines.push(line),
      async (url) => {
        calls.push(String(url));
        return new Response("{}", { status: 201 });
      },
    );
    event.remove();
    expect(code).toBe(0);
    expect(calls).toEqual([]);
  });
});

describe(".github/workflows/preview-status.yml", () => {
  const workflow = parse(
    fs.readFileSync(path.join(root, ".github/workflows/preview-status.yml"), "utf8"),
  ) as {
    on: Record<string, unknown>;
    permissions: Record<string, string>;
    jobs: { status: { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] } };
  };
  const module = "src/cms/previewStatus.ts";

  it("runs the module on every deployment status, allowed to write statuses and nothing else", () => {
    expect(Object.keys(workflow.on)).toEqual(["deployment_status"]);
    expect(workflow.permissions).toEqual({ contents: "read", statuses: "write" });
    const steps = workflow.jobs.status.steps;
    expect(steps.find((step) => step.uses?.startsWith("actions/checkout"))?.with).toMatchObject({
      "sparse-checkout": module,
    });
    expect(steps.find((step) => step.uses?.startsWith("actions/setup-node"))?.with).toMatchObject({
      "node-version": 24,
    });
    expect(steps.some((step) => step.run?.split(" ").includes(module))).toBe(true);
  });

  it("checks out only the module, so the module imports nothing but Node's own modules", () => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, module), "utf8"));
    expect(importedFiles.map((file) => file.fileName)).toEqual(["node:fs", "node:url"]);
  });
});
