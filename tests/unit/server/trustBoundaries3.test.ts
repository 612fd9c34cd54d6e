// @vitest-environment node
// The attacks of issue 59 (the third trust-boundary pass), each played as it was against the site before the
// fix, through the parts a deployment runs: the build's redirects step, the admin's generated config (checked as
// Decap checks a save), the real local server on loopback, the CMS login's functions. Redirect entries that
// wrote host rules; a redirect target the server could not write; starting logins (and sending callbacks with
// forged states) from many addresses until editors were locked out; GitHub's words forging log lines and a
// 50 MB token answer read whole; a sibling host's planted state cookie accepted beside the editor's.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { stringify, parse } from "yaml";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pendingVercelRedirectsFile, writeRedirects } from "../../../src/gatsby/redirects";
import {
  createCmsAuthHandler,
  createCmsCallbackHandler,
  type CmsOAuthDeps,
} from "../../../src/server/cms/githubOAuth";
import { readCmsOAuthEnv } from "../../../src/server/env";
import { startServer, type RunningServer } from "../../../src/server/main";
import { validateEntry, type DecapField } from "../cms/support/decapValidation";
import { startFakeGitHub, type FakeGitHub } from "../../support/fakes/github";
import { createSourceRepository, type SourceRepository } from "../../support/fakes/github/source";

const root = path.resolve(__dirname, "../../..");
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.unstubAllEnvs());

/** A built site in small: two pages, and the redirects file the build step reads. */
function siteWith(redirects: unknown[]) {
  const dir = scratchDir("redirect-attack-");
  const publicDir = path.join(dir, "public");
  for (const page of ["pricing", "contact-sales"]) {
    fs.mkdirSync(path.join(publicDir, page), { recursive: true });
    fs.writeFileSync(
      path.join(publicDir, page, "index.html"),
      `<!doctype html><title>${page}</title>`,
    );
  }
  fs.writeFileSync(path.join(publicDir, "index.html"), "<!doctype html><title>Home</title>");
  fs.mkdirSync(path.join(dir, "content/settings"), { recursive: true });
  fs.writeFileSync(path.join(dir, "content/settings/redirects.yml"), stringify({ redirects }));
  return { dir, publicDir, pages: new Set(["/", "/pricing/", "/contact-sales/"]) };
}

/** The Node server over a public/ folder, for as long as `use` runs. */
async function serving<T>(publicDir: string, use: (origin: string) => Promise<T>): Promise<T> {
  const server = await startServer({
    publicDir,
    port: 0,
    host: "127.0.0.1",
    logger: () => undefined,
    functions: [],
  });
  try {
    return await use(server.url.replace(/\/$/, ""));
  } finally {
    await server.close();
  }
}

/** The redirects file's fields in the admin's generated config (static/admin/config.yml). */
function redirectFields(): DecapField[] {
  const config = parse(fs.readFileSync(path.join(root, "static/admin/config.yml"), "utf8")) as {
    collections: { name: string; files?: { name: string; fields: DecapField[] }[] }[];
  };
  const file = config.collections
    .find((collection) => collection.name === "settings")
    ?.files?.find((candidate) => candidate.name === "redirects");
  if (!file) throw new Error("static/admin/config.yml has no redirects file");
  return file.fields;
}

describe("attack 1: a redirect entry that writes host rules", () => {
  const shapes: [string, { from: string; to: string }, "from" | "to"][] = [
    [
      "a forced 200 serving another site",
      { from: "/promo/", to: "https://evil.example/ 200!" },
      "to",
    ],
    [
      "a whole rule after a line break, redirecting a live page",
      { from: "/promo/", to: "https://evil.example/\n/pricing/ https://evil.example/ 302!" },
      "to",
    ],
    [
      "a rule proxying the whole site",
      { from: "/promo/", to: "https://evil.example/\n/* https://evil.example/:splat 200!" },
      "to",
    ],
    ["a splat as the old address", { from: "/*", to: "https://evil.example/" }, "from"],
    ["a placeholder as the old address", { from: "/:page/", to: "https://evil.example/" }, "from"],
    [
      "a lead form's path (a 308 re-sends the post)",
      { from: "/api/hubspot/", to: "https://evil.example/" },
      "from",
    ],
    ["the admin's path", { from: "/admin/", to: "https://evil.example/" }, "from"],
    ["the page data's path", { from: "/page-data/pricing/", to: "https://evil.example/" }, "from"],
  ];

  it.each(shapes)("%s: the build refuses it and writes no host file", async (_name, entry) => {
    const site = siteWith([entry]);
    const { problems } = await writeRedirects(site.dir, site.publicDir, site.pages);
    expect(problems).toEqual([expect.stringContaining("redirects")]);
    expect(fs.existsSync(path.join(site.publicDir, "_redirects"))).toBe(false);
    expect(fs.existsSync(pendingVercelRedirectsFile(site.dir))).toBe(false);
  });

  it.each(shapes)("%s: the admin refuses to save it, at the field", (_name, entry, field) => {
    const problems = validateEntry(redirectFields(), { redirects: [entry] });
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: "save", path: `redirects[0].${field}` }),
    );
  });

  it("leaves the live page a page: after the injected rule's build, /pricing/ answers 200", async () => {
    const site = siteWith([shapes[1]?.[1]]);
    await writeRedirects(site.dir, site.publicDir, site.pages);
    await serving(site.publicDir, async (origin) => {
      const answer = await fetch(`${origin}/pricing/`, { redirect: "manual" });
      expect([answer.status, answer.headers.get("location")]).toEqual([200, null]);
    });
  });
});

describe("attack 3: a redirect to a non-ASCII address", () => {
  it("is written percent-encoded for every host, and the Node server answers it (no 500)", async () => {
    const site = siteWith([{ from: "/promo/", to: "/pricing/?q=✓" }]);
    expect(
      validateEntry(redirectFields(), { redirects: [{ from: "/promo/", to: "/pricing/?q=✓" }] }),
    ).toEqual([]);
    expect((await writeRedirects(site.dir, site.publicDir, site.pages)).problems).toEqual([]);
    const encoded = "/pricing/?q=%E2%9C%93";
    await serving(site.publicDir, async (origin) => {
      for (const [pathname, location] of [
        ["/promo/", encoded],
        ["/promo?utm_source=ü", `${encoded}&utm_source=%C3%BC`],
      ]) {
        const answer = await fetch(`${origin}${pathname}`, { redirect: "manual" });
        expect([answer.status, answer.headers.get("location")]).toEqual([301, location]);
      }
    });
    expect(fs.readFileSync(path.join(site.publicDir, "_redirects"), "utf8")).toContain(
      `/promo/ ${encoded} 301!`,
    );
    expect(JSON.parse(fs.readFileSync(pendingVercelRedirectsFile(site.dir), "utf8"))).toEqual([
      { src: "^/promo/?$", headers: { Location: encoded }, status: 308 },
    ]);
  });
});

/** A GitHub token endpoint of the test's own: `answer` writes each exchange's reply. */
async function tokenEndpoint(answer: (response: http.ServerResponse) => void) {
  const calls: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      calls.push(new URLSearchParams(body).get("code") ?? "");
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SECRET = "attack-client-secret-01";
function loginDeps(githubUrl: string, log: string[], spent = new Set<string>()): CmsOAuthDeps {
  return {
    env: () =>
      readCmsOAuthEnv({
        CMS_OAUTH_CLIENT_ID: "Iv23attack",
        CMS_OAUTH_CLIENT_SECRET: SECRET,
        CMS_OAUTH_GITHUB_URL: githubUrl,
      }),
    meter: async () => null,
    log: (line) => log.push(line),
    spendState: async (state) => !spent.has(state) && Boolean(spent.add(state)),
  };
}

/** One login started on `site`: the state GitHub would get, and the cookie pair the browser now holds. */
async function started(site: string, deps: CmsOAuthDeps) {
  const answer = await createCmsAuthHandler(deps)(
    new Request(`${site}/api/cms-auth?provider=github`),
  );
  const state = new URL(answer.headers.get("location") ?? "").searchParams.get("state") ?? "";
  const pair = (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { state, pair, value: pair.slice(pair.indexOf("=") + 1) };
}

describe("attack 4: GitHub's words in the log, and an answer of any size", () => {
  const SITE = "http://127.0.0.1:9000";

  it("writes GitHub's error escaped on one line of the log, cut to a length", async () => {
    const forged = `incorrect_client_credentials\r\n2026-12-06T10:00:00Z cms-callback: signed in ${"x".repeat(400)}`;
    const github = await tokenEndpoint((response) =>
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ error: forged })),
    );
    try {
      const log: string[] = [];
      const deps = loginDeps(github.origin, log);
      const login = await started(SITE, deps);
      const answer = await createCmsCallbackHandler(deps)(
        new Request(`${SITE}/api/cms-callback?code=c0de&state=${login.state}`, {
          headers: { cookie: login.pair },
        }),
      );
      expect(answer.status).toBe(502);
      expect(github.calls).toEqual(["c0de"]);
      const line = log.find((entry) => entry.includes("incorrect_client_credentials")) ?? "";
      expect(line).toContain("incorrect_client_credentials\\r\\n2026-12-06T10:00:00Z");
      for (const entry of log) {
        expect(entry).not.toMatch(/[\r\n]/);
        expect(entry.length).toBeLessThan(300);
      }
    } finally {
      await github.close();
    }
  });

  it("reads a 50 MB token answer no further than its cap, and answers the editor 502", async () => {
    let written = 0;
    const github = await tokenEndpoint((response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < 50e6 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      pump();
    });
    try {
      const log: string[] = [];
      const deps = loginDeps(github.origin, log);
      const login = await started(SITE, deps);
      const answer = await createCmsCallbackHandler(deps)(
        new Request(`${SITE}/api/cms-callback?code=c0de&state=${login.state}`, {
          headers: { cookie: login.pair },
        }),
      );
      expect(answer.status).toBe(502);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // What the sender pushed before the connection dropped: socket buffers, not the 50 MB.
      expect(written).toBeLessThan(16e6);
    } finally {
      await github.close();
    }
  });
});

describe("attack 5: a state cookie planted by a sibling host", () => {
  it("refuses the attacker's state and code beside the editor's own cookie, and never asks GitHub", async () => {
    const github = await tokenEndpoint((response) =>
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(
          JSON.stringify({ access_token: "gho_attackersown", token_type: "bearer", scope: "repo" }),
        ),
    );
    try {
      const site = "https://www.site.test";
      const log: string[] = [];
      const deps = loginDeps(github.origin, log);
      // The editor pressed Login: their browser holds their state's cookie.
      const editor = await started(site, deps);
      // The attacker started a login of their own and authorized it on GitHub with their account, stopping
      // before the callback: they hold a validly signed cookie value, its state and a code. From a sibling
      // host (evil.site.test) they set that value for the whole domain, under the name the site once used.
      const attacker = await started(site, deps);
      const planted = `cms_oauth_state=${attacker.value}`;
      for (const cookie of [`${editor.pair}; ${planted}`, `${planted}; ${editor.pair}`]) {
        const answer = await createCmsCallbackHandler(deps)(
          new Request(`${site}/api/cms-callback?code=attackercode&state=${attacker.state}`, {
            headers: { cookie, accept: "application/json" },
          }),
        );
        expect(answer.status).toBe(400);
        expect(await answer.json()).toMatchObject({ error: { code: "invalid_state" } });
      }
      expect(github.calls).toEqual([]);
      // The editor's own login still goes through (their state was never spent by the attempts).
      const own = await createCmsCallbackHandler(deps)(
        new Request(`${site}/api/cms-callback?code=editorcode&state=${editor.state}`, {
          headers: { cookie: editor.pair },
        }),
      );
      expect(own.status).toBe(200);
    } finally {
      await github.close();
    }
  });
});

describe("attack 2: locking editors out of the login", () => {
  const APP = {
    clientId: "Ov23lockout",
    clientSecret: "lockout-client-secret",
    callbackUrl: "http://127.0.0.1/api/cms-callback",
  };
  let source: SourceRepository;
  let github: FakeGitHub;
  let server: RunningServer;

  beforeAll(async () => {
    source = createSourceRepository((dir) => fs.writeFileSync(path.join(dir, "README.md"), "hi\n"));
    github = await startFakeGitHub({ source: source.dir, repo: "acme/site", app: APP });
    const publicDir = scratchDir("lockout-public-");
    fs.writeFileSync(path.join(publicDir, "index.html"), "<!doctype html><title>Home</title>");
    server = await startServer({ publicDir, port: 0, host: "127.0.0.1", logger: () => undefined });
  });
  afterAll(async () => {
    await server?.close();
    await github?.close();
    source?.remove();
  });

  /** A request from `address`, as the proxy TRUST_PROXY names (loopback) reports it. */
  const from = (address: string, target: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url.replace(/\/$/, "")}${target}`, {
      redirect: "manual",
      headers: { "x-forwarded-for": address, ...headers },
    });

  /** Twelve addresses on twelve networks, `count` calls in all, 40 at a time. */
  async function flood(count: number, target: (i: number) => string) {
    const statuses = new Map<number, number>();
    for (let i = 0; i < count; i += 40) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(40, count - i) }, (_, k) =>
          from(`203.0.${(i + k) % 12}.${10 + ((i + k) % 200)}`, target(i + k)),
        ),
      );
      for (const answer of batch) {
        await answer.body?.cancel();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }
    return Object.fromEntries(statuses);
  }

  function configure() {
    for (const [name, value] of Object.entries({
      CMS_OAUTH_CLIENT_ID: APP.clientId,
      CMS_OAUTH_CLIENT_SECRET: APP.clientSecret,
      CMS_OAUTH_GITHUB_URL: github.origin,
      TRUST_PROXY: "loopback",
      // A store of its own per test: its counters are the meter's, fresh.
      LEADS_STORE_DIR: scratchDir("lockout-store-"),
      DATABASE_URL: "",
    }))
      vi.stubEnv(name, value);
  }

  /** An editor, on an address of their own, logs in: start, GitHub's approval, callback. */
  async function editorLogsIn() {
    const before = github.tokenRequests.length;
    const editor = "198.51.100.20";
    const start = await from(editor, "/api/cms-auth?provider=github");
    expect(start.status).toBe(302);
    const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const approved = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    const done = await from(editor, `${back.pathname}${back.search}`, { cookie });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("authorization:github:success:");
    expect(github.tokenRequests.slice(before).map((call) => call.outcome)).toEqual(["token"]);
  }

  it("1,200 login starts from many networks in a few seconds leave the login open to an editor", async () => {
    configure();
    expect(await flood(1200, () => "/api/cms-auth?provider=github")).toEqual({ 302: 1200 });
    await editorLogsIn();
  });

  it("1,200 callbacks with forged states from many networks spend no budget and never reach GitHub", async () => {
    configure();
    const before = github.tokenRequests.length;
    expect(
      await flood(1200, (i) => `/api/cms-callback?code=c${i}&state=forged-state-${i}`),
    ).toEqual({ 400: 1200 });
    expect(github.tokenRequests.length).toBe(before);
    await editorLogsIn();
  });
});
