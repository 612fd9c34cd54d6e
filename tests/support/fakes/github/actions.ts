// What GitHub Actions hands a workflow run, for tests of .github/workflows/preview-status.yml: the run's token
// (GITHUB_TOKEN, which the fake then accepts like an editor's) and a `deployment_status` event file
// (GITHUB_EVENT_PATH) shaped as GitHub sends it when a host such as Vercel reports a pull request's deployment.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { OAuthState } from "./oauth";

/** A token for one workflow run (GitHub's are `ghs_…`), accepted by the fake from now on. */
export function issueWorkflowToken(oauth: OAuthState): string {
  const token = `ghs_${randomBytes(18).toString("hex")}`;
  oauth.tokens.set(token, { token, login: "github-actions[bot]", scope: "" });
  return token;
}

export type DeploymentReport = {
  sha: string;
  /** GitHub's deployment states: queued, pending, in_progress, success, failure, error, inactive. */
  state: string;
  /** Vercel's are "Preview" and "Production" (with " – <project>" when a repository has several). */
  environment?: string;
  environmentUrl?: string;
  logUrl?: string;
  productionEnvironment?: boolean;
  repository?: string;
};

/** The `deployment_status` webhook payload (the fields GitHub documents that the workflow reads, and a few more). */
export function deploymentStatusEvent(report: DeploymentReport): Record<string, unknown> {
  const environment = report.environment ?? "Preview";
  const host = { login: "vercel[bot]", id: 35613825, type: "Bot" };
  return {
    action: "created",
    deployment_status: {
      id: 1001,
      state: report.state,
      environment,
      ...(report.environmentUrl ? { environment_url: report.environmentUrl } : {}),
      log_url: report.logUrl ?? "",
      target_url: report.logUrl ?? "",
      description: "",
      creator: host,
    },
    deployment: {
      id: 501,
      sha: report.sha,
      ref: report.sha,
      task: "deploy",
      environment,
      production_environment: report.productionEnvironment ?? false,
      transient_environment: !(report.productionEnvironment ?? false),
      creator: host,
    },
    repository: { full_name: report.repository ?? "acme/marketing-site" },
    sender: host,
  };
}

/** Writes `event` where a run would find it; returns its path and a function that removes it. */
export function writeEventFile(event: unknown): { path: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gh-event-"));
  const file = path.join(dir, "event.json");
  fs.writeFileSync(file, JSON.stringify(event));
  return { path: file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
