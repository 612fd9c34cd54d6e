// @vitest-environment node
// .github/workflows/preview-status.yml as GitHub Actions runs it: its own command (Node 24 running the TypeScript
// file as it is; npm test's `server` step runs this file on that Node) on a host's deployment_status event, posting
// against the fake GitHub with the run's token; and what it says and returns when something is missing or refused.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, postStatus, PREVIEW_STATUS_CONTEXT } from "../../../src/cms/previewStatus";
import { startFakeGitHub, type FakeGitHub } from "../../support/fakes/github";
import {
  deploymentStatusEvent,
  issueWorkflowToken,
  writeEventFile,
} from "../../support/fakes/github/actions";
import { createSourceRepository, type SourceRepository } from "../../support/fakes/github/source";

const root = path.resolve(__dirname, "../../..");
const MODULE = "src/cms/previewStatus.ts";
const PREVIEW = "https://marketing-site-git-cms-blog-launch-acme.vercel.app";
const APP = { clientId: "Iv1.x", clientSecret: "s", callbackUrl: "https://site.example/cb" };

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
const workflow = parse(
  fs.readFileSync(path.join(root, ".github/workflows/preview-status.yml"), "utf8"),
) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: { status: { steps: Step[] } };
};
const steps = workflow.jobs.status.steps;
const runStep = steps.find((step) => step.run?.includes(MODULE));

let source: SourceRepository;
let github: FakeGitHub;
let head: string;

beforeAll(async () => {
  source = createSourceRepository((dir) => fs.writeFileSync(path.join(dir, "README.md"), "site\n"));
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

describe("the workflow", () => {
  it("runs the module on every deployment status, allowed to write statuses and nothing else", () => {
    expect(Object.keys(workflow.on)).toEqual(["deployment_status"]);
    expect(workflow.permissions).toEqual({ contents: "read", statuses: "write" });
    expect(steps.find((step) => step.uses?.startsWith("actions/checkout"))?.with).toMatchObject({
      "sparse-checkout": MODULE,
    });
    expect(steps.find((step) => step.uses?.startsWith("actions/setup-node"))?.with).toMatchObject({
      "node-version": 24,
    });
    expect(runStep?.run?.split(/\s+/)[0]).toBe("node");
  });

  it("checks out the module alone, so the module imports nothing but Node's own modules", () => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, MODULE), "utf8"));
    expect(importedFiles.map((file) => file.fileName)).toEqual(["node:fs", "node:url"]);
  });

  it("posts the preview's status with its own command, as the run's token", async () => {
    // The step's command with this Node; one that cannot strip types (Node 20, outside npm test's server step)
    // gets tsx's loader in front, which the workflow's Node 24 does not need.
    const [, ...args] = (runStep?.run ?? "").trim().split(/\s+/);
    const strips = Boolean((process.features as { typescript?: unknown }).typescript);
    const token = issueWorkflowToken(github.oauth);
    const event = writeEventFile(
      deploymentStatusEvent({ sha: head, state: "success", environmentUrl: PREVIEW }),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...(strips ? [] : ["--import", "tsx"]), ...args],
      {
        cwd: root,
        env: {
          PATH: process.env["PATH"],
          GITHUB_EVENT_PATH: event.path,
          GITHUB_API_URL: github.origin,
          GITHUB_REPOSITORY: "acme/site",
          GITHUB_TOKEN: token,
        },
      },
    ).finally(() => event.remove());
    expect(stdout.trim()).toBe(`preview-status: deploy/preview success on ${head} → ${PREVIEW}/`);
    expect((await combined(head, token)).statuses).toEqual([
      expect.objectContaining({
        context: PREVIEW_STATUS_CONTEXT,
        state: "success",
        target_url: `${PREVIEW}/`,
      }),
    ]);
  });
});

describe("the step's answers", () => {
  it("fails, with GitHub's reason, when GitHub refuses", async () => {
    const token = issueWorkflowToken(github.oauth);
    const missing = "f".repeat(40);
    const status = { state: "pending" as const, description: "x", context: PREVIEW_STATUS_CONTEXT };
    await expect(
      postStatus({ apiUrl: github.origin, repository: "acme/site", token }, missing, status),
    ).rejects.toThrow(`GitHub refused the status (422): No commit found for SHA: ${missing}`);
    await expect(
      postStatus(
        { apiUrl: github.origin, repository: "acme/site", token: "ghs_forged" },
        head,
        status,
      ),
    ).rejects.toThrow("(401): Bad credentials");
    const event = writeEventFile(deploymentStatusEvent({ sha: missing, state: "in_progress" }));
    const lines: string[] = [];
    const code = await main(
      {
        GITHUB_EVENT_PATH: event.path,
        GITHUB_API_URL: github.origin,
        GITHUB_REPOSITORY: "acme/site",
        GITHUB_TOKEN: token,
      },
      (line) => lines.push(line),
    ).finally(() => event.remove());
    expect(code).toBe(1);
    expect(lines).toEqual([
      `preview-status: GitHub refused the status (422): No commit found for SHA: ${missing}`,
    ]);
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
    ).finally(() => event.remove());
    expect(code).toBe(0);
    expect(calls).toEqual([]);
    expect(lines.at(-1)).toMatch(/nothing posted: "Production" is a production deployment/);
  });
});
