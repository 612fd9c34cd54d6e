// @vitest-environment node
// The fake GitHub's own logic (tests/support/fakes/github): OAuth codes and tokens, a GitHub App's expiring tokens
// held to its installation and permissions, and the REST calls of Decap's editorial workflow producing real git
// commits, refusing what GitHub refuses.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGitHub, type FakeGitHub } from "../../support/fakes/github";
import { permissionFor, type GitHubApp } from "../../support/fakes/github/app";
import { createLimits } from "../../support/fakes/github/limits";
import { redirectAllowed } from "../../support/fakes/github/oauth";
import { createSourceRepository, type SourceRepository } from "../../support/fakes/github/source";

const APP = {
  clientId: "Iv1.fake",
  clientSecret: "fake-secret-01",
  callbackUrl: "https://site.example/api/cms-callback",
};
const GITHUB_APP: GitHubApp = {
  clientId: "Iv23fakeapp",
  clientSecret: "fake-app-secret-01",
  callbackUrl: "https://site.example/api/cms-callback",
  installedOn: ["acme/site"],
  permissions: { contents: "read", metadata: "read", pull_requests: "write" },
  tokenLifetimeS: 60,
};
let source: SourceRepository;
let github: FakeGitHub;
let token: string;

beforeAll(async () => {
  source = createSourceRepository((dir) => {
    fs.mkdirSync(path.join(dir, "content/blog/first"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "content/blog/first/index.md"),
      "---\ntitle: First\n---\nBody\n",
    );
    fs.writeFileSync(path.join(dir, "README.md"), "site\n");
  });
  github = await startFakeGitHub({
    source: source.dir,
    repo: "acme/site",
    app: APP,
    githubApp: GITHUB_APP,
  });
  token = await signIn();
});
afterAll(async () => {
  await github?.close();
  source?.remove();
});

async function authorize(params: Record<string, string>) {
  const url = new URL("/login/oauth/authorize", github.origin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return new URL((await fetch(url, { redirect: "manual" })).headers.get("location") ?? "");
}
async function exchange(params: Record<string, string>, accept = "application/json") {
  const answer = await fetch(`${github.origin}/login/oauth/access_token`, {
    method: "POST",
    headers: { accept, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });
  return { status: answer.status, text: await answer.text() };
}
async function signIn(app: typeof APP = APP): Promise<string> {
  const back = await authorize({
    client_id: app.clientId,
    redirect_uri: app.callbackUrl,
    scope: "repo",
    state: "s1",
  });
  const { text } = await exchange({
    client_id: app.clientId,
    client_secret: app.clientSecret,
    code: back.searchParams.get("code") ?? "",
  });
  return (JSON.parse(text) as { access_token: string }).access_token;
}
async function api(method: string, route: string, body?: unknown, auth: string | null = token) {
  const answer = await fetch(`${github.origin}${route}`, {
    method,
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(auth ? { authorization: `token ${auth}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return {
    status: answer.status,
    headers: answer.headers,
    // GitHub's JSON, read field by field in the assertions (a shape mismatch fails them).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: text ? (JSON.parse(text) as Record<string, any>) : null,
  };
}
const repo = (route: string) => `/repos/acme/site${route}`;
const git = (...args: string[]) =>
  execFileSync("git", ["--git-dir", github.gitDir, ...args], { encoding: "utf8" }).trim();

/** Decap's save of a draft: blob, tree on main, commit, branch, pull request. */
async function saveDraft(branch: string, file: string, content: string) {
  const blob = await api("POST", repo("/git/blobs"), {
    content: Buffer.from(content).toString("base64"),
    encoding: "base64",
  });
  const main = await api("GET", repo("/branches/main"));
  const tree = await api("POST", repo("/git/trees"), {
    base_tree: main.body?.commit.sha,
    tree: [{ path: file, mode: "100644", type: "blob", sha: blob.body?.sha }],
  });
  const commit = await api("POST", repo("/git/commits"), {
    message: `Create ${file}`,
    tree: tree.body?.sha,
    parents: [main.body?.commit.sha],
  });
  expect(
    (await api("POST", repo("/git/refs"), { ref: `refs/heads/${branch}`, sha: commit.body?.sha }))
      .status,
  ).toBe(201);
  const pr = await api("POST", repo("/pulls"), {
    title: `Create ${file}`,
    body: "",
    head: `acme:${branch}`,
    base: "main",
  });
  expect(pr.status).toBe(201);
  return {
    pr: pr.body as { number: number; head: { sha: string } },
    commit: commit.body?.sha as string,
  };
}

describe("OAuth", () => {
  it("allows redirects to the callback's host and port (any port on loopback) at or below its path", () => {
    expect(redirectAllowed(APP.callbackUrl, "https://site.example/api/cms-callback")).toBe(true);
    expect(redirectAllowed(APP.callbackUrl, "https://site.example/api/cms-callback/deeper")).toBe(
      true,
    );
    expect(redirectAllowed(APP.callbackUrl, "https://evil.example/api/cms-callback")).toBe(false);
    expect(redirectAllowed(APP.callbackUrl, "https://site.example:8443/api/cms-callback")).toBe(
      false,
    );
    expect(redirectAllowed(APP.callbackUrl, "https://site.example/api/cms-callbackx")).toBe(false);
    expect(redirectAllowed("http://127.0.0.1/cb", "http://127.0.0.1:9000/cb")).toBe(true);
  });

  it("sends a mismatched redirect_uri back to the registered callback with GitHub's error and the state", async () => {
    const back = await authorize({
      client_id: APP.clientId,
      redirect_uri: "https://evil.example/x",
      state: "s2",
    });
    expect(back.origin + back.pathname).toBe(APP.callbackUrl);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: "redirect_uri_mismatch",
      state: "s2",
    });
  });

  it("spends a code once, refuses wrong credentials, and answers errors with 200 as GitHub does", async () => {
    const back = await authorize({ client_id: APP.clientId, scope: "repo" });
    const code = back.searchParams.get("code") ?? "";
    const wrong = await exchange({ client_id: APP.clientId, client_secret: "nope", code });
    expect([wrong.status, JSON.parse(wrong.text).error]).toEqual([
      200,
      "incorrect_client_credentials",
    ]);
    const form = await exchange(
      { client_id: APP.clientId, client_secret: APP.clientSecret, code },
      "*/*",
    );
    expect(new URLSearchParams(form.text).get("token_type")).toBe("bearer");
    const again = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
    });
    expect(JSON.parse(again.text).error).toBe("bad_verification_code");
  });
});

describe("a GitHub App", () => {
  it("issues an expiring user token with a refresh token, for codes issued to the App only", async () => {
    const back = await authorize({ client_id: GITHUB_APP.clientId, state: "s3" });
    const code = back.searchParams.get("code") ?? "";
    const withOtherApp = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
    });
    expect(JSON.parse(withOtherApp.text).error).toBe("bad_verification_code");
    const issued = await exchange({
      client_id: GITHUB_APP.clientId,
      client_secret: GITHUB_APP.clientSecret,
      code: (await authorize({ client_id: GITHUB_APP.clientId })).searchParams.get("code") ?? "",
    });
    expect(JSON.parse(issued.text)).toEqual({
      access_token: expect.stringMatching(/^ghu_/),
      expires_in: "60",
      refresh_token: expect.stringMatching(/^ghr_/),
      refresh_token_expires_in: "15811200",
      token_type: "bearer",
      scope: "",
    });
  });

  it("reaches only the repositories it is installed on, with its own permissions, until it expires", async () => {
    const appToken = await signIn(GITHUB_APP);
    // Read with Contents read, label a pull request with Pull requests write.
    expect((await api("GET", repo(""), undefined, appToken)).status).toBe(200);
    expect((await api("GET", repo("/branches/main"), undefined, appToken)).status).toBe(200);
    // Write without Contents write: refused, naming what it would need, though the user may push.
    const write = await api("POST", repo("/git/blobs"), { content: "eA==" }, appToken);
    expect([write.status, write.body?.message]).toEqual([
      403,
      "Resource not accessible by integration",
    ]);
    expect(write.headers.get("x-accepted-github-permissions")).toBe("contents=write");
    expect((await api("POST", repo("/issues"), { title: "x" }, appToken)).status).toBe(403);
    // Another repository the user might reach: as unknown to the token as a private one.
    const grant = github.oauth.githubApp;
    if (!grant) throw new Error("no GitHub App");
    grant.installedOn = ["acme/other"];
    try {
      expect((await api("GET", repo(""), undefined, appToken)).status).toBe(404);
      expect((await api("GET", repo(""), undefined, token)).status).toBe(200);
      // GraphQL answers 200 with GitHub's NOT_FOUND, and reads nothing of the repository.
      const query = await api(
        "POST",
        "/graphql",
        {
          query:
            '{ repository(owner: "acme", name: "site") { object(expression: "main:README.md") { oid } } }',
        },
        appToken,
      );
      expect([query.status, query.body?.data, query.body?.errors?.[0]?.type]).toEqual([
        200,
        null,
        "NOT_FOUND",
      ]);
    } finally {
      grant.installedOn = ["acme/site"];
    }
    // Expired: GitHub's 401, as for any token it does not know.
    const held = github.oauth.tokens.get(appToken);
    if (held?.app) held.app.expiresAt = Date.now() - 1;
    const expired = await api("GET", "/user", undefined, appToken);
    expect([expired.status, expired.body?.message]).toEqual([401, "Bad credentials"]);
  });

  it("places each call Decap makes under the permission GitHub's tables name", () => {
    expect(permissionFor("GET", "")).toEqual({ permission: "metadata", level: "read" });
    expect(permissionFor("GET", "/git/trees/main:content")).toEqual({
      permission: "contents",
      level: "read",
    });
    expect(permissionFor("PATCH", "/git/refs/heads/cms%2Fblog%2Fx")).toEqual({
      permission: "contents",
      level: "write",
    });
    expect(permissionFor("PUT", "/pulls/3/merge")).toEqual({
      permission: "contents",
      level: "write",
    });
    expect(permissionFor("POST", "/pulls")).toEqual({
      permission: "pull_requests",
      level: "write",
    });
    expect(permissionFor("PUT", "/issues/3/labels")).toEqual({
      permission: "pull_requests",
      level: "write",
    });
    expect(permissionFor("GET", "/commits/abc/status")).toEqual({
      permission: "statuses",
      level: "read",
    });
    expect(permissionFor("POST", "/issues")).toEqual({ permission: "issues", level: "write" });
    expect(permissionFor("GET", "/hooks")).toBeNull();
  });
});

describe("REST API", () => {
  it("wants a token it issued, and tells who it belongs to and what they may do", async () => {
    expect((await api("GET", "/user", undefined, null)).status).toBe(401);
    expect((await api("GET", "/user", undefined, "gho_forged")).body?.message).toBe(
      "Bad credentials",
    );
    const user = await api("GET", "/user");
    expect(user.body).toMatchObject({ login: "editor", name: "Casey Editor" });
    expect(user.headers.get("x-oauth-scopes")).toBe("repo");
    expect((await api("GET", repo(""))).body?.permissions).toMatchObject({ push: true });
    expect((await api("GET", "/repos/acme/other")).status).toBe(404);
  });

  it("lists a folder by `branch:path`, recursively or not, and 404s a folder that is not there", async () => {
    const flat = await api("GET", repo("/git/trees/main:content%2Fblog%2Ffirst"));
    expect(flat.body?.tree.map((entry: { path: string }) => entry.path)).toEqual(["index.md"]);
    const deep = await api("GET", repo("/git/trees/main:content/blog?recursive=1"));
    expect(
      deep.body?.tree.map((entry: { path: string; type: string }) => `${entry.type} ${entry.path}`),
    ).toEqual(["tree first", "blob first/index.md"]);
    const blob = await api("GET", repo(`/git/blobs/${deep.body?.tree[1].sha}`));
    expect(Buffer.from(blob.body?.content, "base64").toString()).toContain("title: First");
    expect((await api("GET", repo("/git/trees/main:static/img/uploads"))).status).toBe(404);
  });

  it("takes a draft through branch, pull request, labels, compare and merge, as real commits on main", async () => {
    const before = git("rev-parse", "main");
    const { pr, commit } = await saveDraft(
      "cms/blog/second",
      "content/blog/second/index.md",
      "---\ntitle: Second\n---\n",
    );
    expect(git("rev-parse", "main")).toBe(before);
    expect(
      (await api("PUT", repo(`/issues/${pr.number}/labels`), { labels: ["decap-cms/draft"] }))
        .status,
    ).toBe(200);
    const listed = await api(
      "GET",
      repo("/pulls?head=acme%3Acms%2Fblog%2Fsecond&base=main&state=open&per_page=100"),
    );
    expect(
      listed.body?.map((item: { labels: { name: string }[] }) => item.labels.map((l) => l.name)),
    ).toEqual([["decap-cms/draft"]]);
    const compare = await api("GET", repo(`/compare/main...${commit}`));
    expect(compare.body).toMatchObject({ ahead_by: 1, base_commit: { sha: before } });
    expect(compare.body?.files).toEqual([
      expect.objectContaining({
        filename: "content/blog/second/index.md",
        status: "added",
        patch: expect.stringContaining("+title: Second"),
      }),
    ]);
    const merged = await api("PUT", repo(`/pulls/${pr.number}/merge`), {
      sha: commit,
      merge_method: "merge",
      commit_message: "Automatically generated. Merged on Decap CMS.",
    });
    expect(merged.body).toMatchObject({ merged: true });
    expect(git("rev-parse", "main")).toBe(merged.body?.sha);
    expect(git("rev-list", "--parents", "-n", "1", "main").split(" ").slice(1)).toEqual([
      before,
      commit,
    ]);
    expect(git("show", "main:content/blog/second/index.md")).toContain("title: Second");
    const deleted = await api("DELETE", repo("/git/refs/heads/cms%2Fblog%2Fsecond"));
    // No body and, as on GitHub, no Content-Type: Decap parses any answer labelled JSON.
    expect([deleted.status, deleted.headers.get("content-type")]).toEqual([204, null]);
    expect((await api("GET", repo(`/pulls/${pr.number}`))).body).toMatchObject({
      state: "closed",
      merged_at: expect.any(String),
    });
  });

  it("refuses what GitHub refuses: an existing ref, a move that is not a fast forward, a stale or closed merge", async () => {
    const { pr, commit } = await saveDraft(
      "cms/blog/third",
      "content/blog/third/index.md",
      "third\n",
    );
    expect(
      (await api("POST", repo("/git/refs"), { ref: "refs/heads/cms/blog/third", sha: commit })).body
        ?.message,
    ).toBe("Reference already exists");
    const main = git("rev-parse", "main");
    expect(
      (await api("PATCH", repo("/git/refs/heads/cms%2Fblog%2Fthird"), { sha: main, force: false }))
        .body?.message,
    ).toBe("Update is not a fast forward");
    expect((await api("PUT", repo(`/pulls/${pr.number}/merge`), { sha: main })).status).toBe(409);
    await api("PATCH", repo(`/pulls/${pr.number}`), { state: "closed" });
    expect((await api("PUT", repo(`/pulls/${pr.number}/merge`), { sha: commit })).status).toBe(405);
  });

  it("finds a notes issue by Decap's search, reports commit statuses, and records calls it does not know", async () => {
    await api("POST", repo("/issues"), {
      title: "Notes: x",
      body: "This issue tracks notes for entry: `blog/x`",
      labels: ["decap-cms-notes"],
    });
    const found = await api(
      "GET",
      `/search/issues?q=${encodeURIComponent('repo:acme/site label:decap-cms-notes "blog/x" in:body state:open')}`,
    );
    expect(found.body?.total_count).toBe(1);
    const none = await api(
      "GET",
      `/search/issues?q=${encodeURIComponent('repo:acme/site label:decap-cms-notes "blog/y" in:body')}`,
    );
    expect(none.body?.total_count).toBe(0);
    const sha = git("rev-parse", "main");
    await api("POST", repo(`/statuses/${sha}`), {
      state: "success",
      target_url: "https://preview.example/",
      context: "deploy/netlify",
    });
    expect((await api("GET", repo(`/commits/${sha}/status`))).body).toMatchObject({
      state: "success",
      statuses: [{ target_url: "https://preview.example/" }],
    });
    expect((await api("GET", repo("/deployments"))).status).toBe(404);
    expect(github.unhandled).toEqual(["GET /repos/acme/site/deployments"]);
  });
});

describe("rate limits and GraphQL", () => {
  let limited: FakeGitHub;
  let clock = Date.parse("2026-12-06T12:00:00Z");
  let key: string;
  const call = async (method: string, route: string, body?: unknown, extra = {}) => {
    const answer = await fetch(`${limited.origin}${route}`, {
      method,
      headers: { authorization: `bearer ${key}`, ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    limited = await startFakeGitHub({
      source: source.dir,
      repo: "acme/site",
      app: APP,
      limits: { coreHourly: 4, graphqlHourly: 2, corePointsPerMinute: 11 },
      now: () => clock,
    });
    const code = new URL(
      (
        await fetch(
          `${limited.origin}/login/oauth/authorize?client_id=${APP.clientId}&redirect_uri=${encodeURIComponent(APP.callbackUrl)}&state=s`,
          { redirect: "manual" },
        )
      ).headers.get("location") ?? "",
    ).searchParams.get("code");
    const exchanged = await fetch(`${limited.origin}/login/oauth/access_token`, {
      method: "POST",
      headers: { accept: "application/json" },
      body: new URLSearchParams({
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        code: code ?? "",
      }),
    });
    key = ((await exchanged.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("charges each request, not a 304 for what the caller has, and refuses the hour's last one with GitHub's words", async () => {
    const first = await call("GET", "/repos/acme/site/git/trees/main:content/blog");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("3");
    expect(first.headers.get("x-ratelimit-resource")).toBe("core");
    const etag = first.headers.get("etag") ?? "";
    const again = await call("GET", "/repos/acme/site/git/trees/main:content/blog", undefined, {
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-ratelimit-remaining")).toBe("3");
    // GitHub's own account of the limits is free too.
    expect((await call("GET", "/rate_limit")).body.resources.core.remaining).toBe(3);
    for (const left of ["2", "1", "0"])
      expect((await call("GET", "/user")).headers.get("x-ratelimit-remaining")).toBe(left);
    const refused = await call("GET", "/user");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^API rate limit exceeded/);
    const reset = Number(refused.headers.get("x-ratelimit-reset"));
    expect(reset * 1000).toBe(clock + 3_600_000);
    expect(refused.headers.get("retry-after")).toBeNull();
    // The next hour opens a new budget.
    clock += 3_600_000;
    expect((await call("GET", "/user")).status).toBe(200);
  });

  it("refuses past the secondary limit's points a minute, with retry-after, writes costing five", async () => {
    clock += 3_600_000;
    limited.limits.reset();
    // 11 points a minute: two writes (5 each) and one read, then the next read is over.
    for (const method of ["POST", "POST"])
      await call(method, "/repos/acme/site/git/blobs", { content: "eA==", encoding: "base64" });
    expect((await call("GET", "/user")).status).toBe(200);
    const refused = await call("GET", "/user");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/secondary rate limit/);
    expect(Number(refused.headers.get("retry-after"))).toBe(60);
    clock += 60_000;
    expect((await call("GET", "/user")).status).toBe(200);
    expect(limited.limits.calls.filter((c) => c.refused === "secondary")).toHaveLength(1);
  });

  it("answers GraphQL blob queries by oid or expression for one point a query, in a budget of its own", async () => {
    clock += 3_600_000;
    limited.limits.reset();
    const blob = git("rev-parse", "main:content/blog/first/index.md");
    const answer = await call("POST", "/graphql", {
      query: `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
        b0: object(oid: "${blob}") { ... on Blob { text isBinary isTruncated } }
        b1: object(expression: "main:README.md") { ... on Blob { text } }
        none: object(oid: "${"0".repeat(40)}") { oid }
      } rateLimit { cost remaining } }`,
      variables: { owner: "acme", name: "site" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.repository).toEqual({
      b0: { text: "---\ntitle: First\n---\nBody\n", isBinary: false, isTruncated: false },
      b1: { text: "site\n" },
      none: null,
    });
    expect(answer.headers.get("x-ratelimit-resource")).toBe("graphql");
    expect(answer.headers.get("x-ratelimit-used")).toBe("1");
    // A query GitHub cannot parse costs nothing; the REST budget never moved.
    const broken = await call("POST", "/graphql", { query: "query { repository(" });
    expect(broken.body.errors[0].message).toMatch(/Syntax Error/);
    expect((await call("GET", "/rate_limit")).body.resources).toMatchObject({
      core: { used: 0 },
      graphql: { used: 1 },
    });
    await call("POST", "/graphql", { query: "{ rateLimit { cost } }" });
    const refused = await call("POST", "/graphql", { query: "{ rateLimit { cost } }" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/API rate limit exceeded/);
  });

  it("allows a token only so many requests in flight at once", () => {
    const limits = createLimits({ concurrent: 2 });
    expect(limits.admit("t", "core", 1)).toBeNull();
    expect(limits.admit("t", "graphql", 1)).toBeNull();
    expect(limits.admit("t", "core", 1)?.message).toMatch(/secondary rate limit/);
    limits.charge("t", "core", 1);
    expect(limits.admit("t", "core", 1)).toBeNull();
    // Another token has its own.
    expect(limits.admit("u", "core", 1)).toBeNull();
  });
});
