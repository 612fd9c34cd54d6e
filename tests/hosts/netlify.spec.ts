// What `netlify serve --offline` must do with this site, checked in Chromium and over HTTP (verify:netlify).
// scripts/hosts/netlify.ts starts the server, the fakes and PostgreSQL, and names them in HOST_* variables.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import { expect, test } from "../e2e/fixtures";
import { functions, type HttpMethod } from "../../src/server/functions";
import { createPgLeadStore } from "../../src/server/leads/pgLeadStore";
import { functionPaths } from "../../src/server/functionPaths";
import { hostedPageHeaders } from "../../src/security/hosts";
import { policyForPath, readManifest } from "../../src/security/manifest";
import { FUNCTION_CSP } from "../../src/security/headers";
import { recordViolations, violations } from "../e2e/support/csp";
import { parseNetlifyRedirects, redirectLocation } from "../../src/data/redirects";
import { CMS_OAUTH, checkForgedCallback, checkLoginStart } from "../../scripts/hosts/cmsLogin";

const publicDir = process.env.HOST_PUBLIC_DIR ?? "";
const fakesOrigin = process.env.HOST_FAKES_ORIGIN ?? "";
const siteDir = process.env.HOST_SITE_DIR ?? "";

type HeaderRule = { for: string; forRegExp: RegExp; values: Record<string, string> };

/**
 * The header rules Netlify deploys, read by its own parser (@netlify/headers-parser, from the host tools)
 * from public/_headers and netlify.toml. Netlify joins the values of a header that several matching rules
 * set; `netlify serve` keeps only one and lets its static server's cache-control win, so these two
 * properties are checked on the rules themselves.
 */
async function netlifyRules(): Promise<HeaderRule[]> {
  const parser = path.join(
    process.env.HOST_TOOLS_DIR ?? "",
    "node_modules",
    "@netlify",
    "headers-parser",
    "lib",
    "index.js",
  );
  const { parseAllHeaders } = (await import(pathToFileURL(parser).href)) as {
    parseAllHeaders(
      options: object,
    ): Promise<{ headers: HeaderRule[]; errors: { message: string }[] }>;
  };
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [path.join(publicDir, "_headers")],
    netlifyConfigPath: path.join(siteDir, "netlify.toml"),
    minimal: false,
  });
  expect(errors.map((error) => error.message)).toEqual([]);
  return headers;
}

/** Every value the matching rules give one header (Netlify would join them into one). */
function ruleValues(rules: readonly HeaderRule[], pathname: string, name: string): string[] {
  return rules
    .filter((rule) => rule.forRegExp.test(pathname))
    .flatMap((rule) => Object.entries(rule.values).filter(([key]) => key.toLowerCase() === name))
    .map(([, value]) => value);
}

test.skip(
  !process.env.HOST_BASE_URL,
  "run by `npm run verify:netlify`, which starts netlify serve",
);

test("every page answers 200 with its own CSP (the manifest's) and the shared headers", async ({
  request,
}) => {
  const manifest = await readManifest(publicDir);
  expect(manifest, "public/_security-headers.json").not.toBeNull();
  if (!manifest) return;
  const rules = await netlifyRules();
  const wrong: string[] = [];
  for (const page of Object.keys(manifest.pages)) {
    const policies = ruleValues(rules, page, "content-security-policy");
    if (policies.length !== 1)
      wrong.push(`${page}: ${policies.length} policies in Netlify's rules`);
    const answer = await request.get(page, { maxRedirects: 0 });
    const headers = answer.headers();
    if (answer.status() !== 200) wrong.push(`${page}: ${answer.status()}`);
    else if (headers["content-security-policy"] !== policyForPath(manifest, page))
      wrong.push(`${page}: ${headers["content-security-policy"] ?? "no"} policy`);
    else {
      const missing = Object.entries(hostedPageHeaders(manifest, page)).filter(
        ([name, value]) => headers[name] !== value,
      );
      if (missing.length > 0)
        wrong.push(`${page}: lacks ${missing.map(([name]) => name).join(", ")}`);
    }
  }
  expect(wrong).toEqual([]);
});

test("an unknown path gets the 404 page with status 404", async ({ request }) => {
  const answer = await request.get("/no-such-page/");
  expect(answer.status()).toBe(404);
  expect(await answer.text()).toBe(fs.readFileSync(path.join(publicDir, "404.html"), "utf8"));
});

test("hashed assets are cached for a year and page data revalidates, by Netlify's rules", async ({
  request,
}) => {
  const asset = fs
    .readdirSync(path.join(publicDir, "static"), { recursive: true, withFileTypes: true })
    .find((entry) => entry.isFile());
  expect(asset).toBeDefined();
  if (!asset) return;
  const relative = path
    .relative(publicDir, path.join(asset.parentPath, asset.name))
    .split(path.sep)
    .join("/");
  expect((await request.get(`/${relative}`)).status()).toBe(200);
  expect((await request.get("/page-data/index/page-data.json")).status()).toBe(200);
  const rules = await netlifyRules();
  expect(ruleValues(rules, `/${relative}`, "cache-control")).toEqual([
    "public, max-age=31536000, immutable",
  ]);
  expect(ruleValues(rules, "/page-data/index/page-data.json", "cache-control")).toEqual([
    "no-cache",
  ]);
  expect(ruleValues(rules, "/pricing/", "cache-control")).toEqual([]);
});

test("a visitor searches: Pagefind's code, WebAssembly and chunks served as they are, under the page's policy", async ({
  page,
  context,
  request,
}) => {
  await recordViolations(context);
  const script = await request.get("/pagefind/pagefind.js");
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toMatch(/javascript/);
  // Pagefind decompresses these itself: whatever the host sends, the bytes must be Pagefind's own.
  const wasm = await request.get("/pagefind/wasm.en.pagefind");
  expect(wasm.status()).toBe(200);
  expect(
    Buffer.from(await wasm.body()).equals(
      fs.readFileSync(path.join(publicDir, "pagefind", "wasm.en.pagefind")),
    ),
  ).toBe(true);

  await page.goto("/pricing/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.locator("[data-search-control]").click();
  await page.getByRole("combobox", { name: "Search the site" }).fill("telecom");
  await expect(page.locator("#site-search-status[data-search-status='done']")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("option").first()).toContainText("SMS pumping");
  expect(await violations(page)).toEqual([]);
});

test("every twin, and every link of llms.txt, answers 200 text/markdown with X-Robots-Tag: noindex", async ({
  request,
}) => {
  const twins = (fs.readdirSync(publicDir, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "index.html.md")
    .map((file) => `/${file.split(path.sep).join("/")}`);
  const llms = await request.get("/llms.txt");
  expect(llms.status()).toBe(200);
  const linked = [...(await llms.text()).matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)]
    .map((m) => new URL(m[1]!))
    .filter((url) => url.pathname.endsWith("/index.html.md"))
    .map((url) => url.pathname);
  expect(twins.length).toBeGreaterThan(80);
  expect(linked.length).toBeGreaterThan(40);
  const wrong: string[] = [];
  for (const twin of new Set([...twins, ...linked])) {
    const answer = await request.get(twin);
    const headers = answer.headers();
    if (
      answer.status() !== 200 ||
      headers["content-type"] !== "text/markdown; charset=utf-8" ||
      headers["x-robots-tag"] !== "noindex"
    )
      wrong.push(
        `${twin}: ${answer.status()} ${headers["content-type"]} ${headers["x-robots-tag"]}`,
      );
  }
  expect(wrong).toEqual([]);
  // Netlify routes by path, never by Accept: a page's address answers its HTML (docs/architecture.md).
  const page = await request.get("/pricing/", { headers: { accept: "text/markdown" } });
  expect(page.headers()["content-type"]).toMatch(/^text\/html/);
  const security = await request.get("/.well-known/security.txt");
  expect(security.status()).toBe(200);
  expect(await security.text()).toMatch(/^Expires: \S+Z$/m);
});

test("every entry of redirects.yml answers its redirect: 301 or 302, both spellings, encoded, query kept", async ({
  request,
}) => {
  const rules = parseNetlifyRedirects(fs.readFileSync(path.join(publicDir, "_redirects"), "utf8"));
  expect(rules.length).toBeGreaterThan(0);
  const wrong: string[] = [];
  for (const rule of rules) {
    for (const spelling of [rule.from, rule.from.slice(0, -1)]) {
      const answer = await request.get(`${spelling}?utm_source=rehearsal`, { maxRedirects: 0 });
      const location = new URL(answer.headers()["location"] ?? "", "http://site.invalid");
      // Netlify passes the request's query on only to a target without one of its own (the Node server
      // and Vercel join the two): a campaign target keeps its own parameters alone there.
      const wanted = new URL(
        rule.to.includes("?") ? rule.to : redirectLocation(rule.to, "?utm_source=rehearsal"),
        "http://site.invalid",
      );
      if (answer.status() !== (rule.permanent ? 301 : 302) || location.href !== wanted.href)
        wrong.push(
          `${spelling}: ${answer.status()} ${answer.headers()["location"] ?? "no location"}`,
        );
    }
  }
  expect(wrong).toEqual([]);
});

test("the CMS login: a state bound to an HttpOnly cookie; a forged state refused without asking GitHub", async ({
  request,
  baseURL,
}) => {
  const start = await request.get("/api/cms-auth?provider=github", { maxRedirects: 0 });
  const cookie = checkLoginStart(
    { status: start.status(), headers: new Headers(start.headers()), text: () => start.text() },
    baseURL ?? "",
    CMS_OAUTH.clientId,
  );
  const forged = await request.get("/api/cms-callback?code=x&state=forged", {
    maxRedirects: 0,
    headers: { cookie, accept: "application/json" },
  });
  await checkForgedCallback({
    status: forged.status(),
    headers: new Headers(forged.headers()),
    text: () => forged.text(),
  });
});

const OTHER_METHODS: HttpMethod[] = ["PUT", "DELETE", "PATCH"];

test("every function path answers its methods and refuses the others", async ({ request }) => {
  // About 150 calls, each a function invocation in Netlify's local runtime: seconds apiece on a busy host.
  test.slow();
  const wrong: string[] = [];
  for (const fn of functions) {
    for (const spelling of functionPaths(fn)) {
      const url = spelling.replace(":requestId", "req-1");
      for (const method of fn.methods.filter((item) => item !== "HEAD" && item !== "OPTIONS")) {
        const answer = await request.fetch(url, { method, maxRedirects: 0 });
        // Our functions answer with their own policy; Netlify's 404 page or a crash does not.
        if (answer.headers()["content-security-policy"] !== FUNCTION_CSP || answer.status() >= 500)
          wrong.push(`${method} ${url}: ${answer.status()}`);
      }
      const refused = OTHER_METHODS.find((method) => !fn.methods.includes(method));
      if (!refused) continue;
      const answer = await request.fetch(url, { method: refused, maxRedirects: 0 });
      if (answer.status() !== 405 || !answer.headers().allow)
        wrong.push(`${refused} ${url}: ${answer.status()} (405 with Allow expected)`);
    }
  }
  expect(wrong).toEqual([]);
});

/** Runs Netlify's scheduled function once, as its scheduler would (`netlify functions:invoke`). */
function invokeWorker(): Promise<string> {
  const invoke = JSON.parse(process.env.HOST_WORKER_INVOKE ?? "{}") as {
    command: string;
    args: string[];
    cwd: string;
    env: NodeJS.ProcessEnv;
  };
  return new Promise((resolve, reject) => {
    execFile(
      invoke.command,
      invoke.args,
      { cwd: invoke.cwd, env: invoke.env, timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** The HubSpot submissions carrying this email, with the time each arrived. */
async function hubspotSubmissionsFor(email: string): Promise<{ receivedAt: number }[]> {
  const answer = await fetch(`${fakesOrigin}/__fake/hubspot/submissions`);
  const all = (await answer.json()) as { values: Record<string, string>; receivedAt: number }[];
  return all.filter((item) => item.values.email === email);
}

const statusesOf = async (sql: postgres.Sql, email: string) =>
  (
    await sql<{ status: string }[]>`
      SELECT status FROM leads WHERE record->'payload'->>'email' = ${email}`
  ).map((row) => row.status);

test("a lead the form could not send reaches HubSpot once through the background drain, with no scheduled run", async ({
  page,
}) => {
  const email = `netlify.${Date.now()}@example.org`;
  // HubSpot fails the form post's own send: the lead function starts the background drain after answering.
  await fetch(`${fakesOrigin}/__fake/hubspot/mode`, {
    method: "POST",
    body: JSON.stringify({ mode: "down", once: true }),
  });
  await page.goto("/contact-sales/");
  const form = page.locator('form[data-form-id="ContactSales"]:visible').first();
  await form.getByLabel("Work email").fill(email);
  await form.getByRole("button", { name: "Talk to sales" }).click();
  await expect(page.locator('[data-form-state="success"]')).toBeVisible();
  const answered = Date.now();

  const sql = postgres(process.env.HOST_DATABASE_URL ?? "", { max: 1, onnotice: () => undefined });
  try {
    await expect.poll(() => statusesOf(sql, email), { timeout: 60_000 }).toEqual(["forwarded"]);
    const [first, ...more] = await hubspotSubmissionsFor(email);
    expect(more).toHaveLength(0);
    // What a lead waits on Netlify when its own send fails: the retry's backoff (up to 1 s) and the drain.
    test.info().annotations.push({
      type: "measured",
      description: `reached HubSpot ${(((first?.receivedAt ?? 0) - answered) / 1000).toFixed(1)} s after the visitor saw success`,
    });
  } finally {
    await sql.end();
  }
});

test("the scheduled function delivers a due lead nobody started a drain for", async () => {
  const email = `netlify.scheduled.${Date.now()}@example.org`;
  // Stored as a form post would store it, without the post's own send and without a drain started.
  const store = createPgLeadStore(process.env.HOST_DATABASE_URL ?? "");
  await store.add({
    endpoint: "/api/hubspot-newsletter/",
    payload: { email, utm_info: {}, visitorId: "", ipRegion: "" },
  });
  await store.close();
  const sql = postgres(process.env.HOST_DATABASE_URL ?? "", { max: 1, onnotice: () => undefined });
  try {
    expect(await statusesOf(sql, email)).toEqual(["pending"]);
    await invokeWorker();
    expect(await statusesOf(sql, email)).toEqual(["forwarded"]);
    await invokeWorker();
    expect(await hubspotSubmissionsFor(email)).toHaveLength(1);
  } finally {
    await sql.end();
  }
});
