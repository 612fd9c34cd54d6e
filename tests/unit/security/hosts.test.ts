// @vitest-environment node
// One source, three hosts: the build step's output, read the way the local server, Netlify and Vercel
// read it, gives every route the same policy and the same header set.
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSecurityHeaders } from "../../../src/gatsby/securityHeaders";
import { publishVercelRoutes } from "../../../src/gatsby/hostAdapter";
import { ADMIN_HEADERS, HSTS, STATIC_HEADERS } from "../../../src/security/headers";
import type { HeaderManifest } from "../../../src/security/manifest";
import { createApp } from "../../../src/server/http/app";
import { functionAddresses, functionPaths } from "../../../src/server/functionPaths";
import { netlifyHeadersFor, vercelHeadersFor, type Headers } from "./support/hosts";
import { PRODUCTION_ENV, SITE_ROUTES, createSite, type SiteFixture } from "./support/site";

let site: SiteFixture;
let manifest: HeaderManifest;
let netlifyFile: string;
let vercelConfig: { routes?: Array<Record<string, never>> };
let local: (pathname: string) => Promise<Headers>;

beforeAll(async () => {
  site = await createSite({ vercelPlugin: true });
  const result = await writeSecurityHeaders(site.rootDir, site.publicDir, PRODUCTION_ENV);
  expect(result.problems).toEqual([]);
  expect(await publishVercelRoutes(site.rootDir, { ...PRODUCTION_ENV, VERCEL: "1" })).toBe(true);
  manifest = result.manifest;
  netlifyFile = await fs.readFile(path.join(site.publicDir, "_headers"), "utf8");
  vercelConfig = JSON.parse(
    await fs.readFile(path.join(site.rootDir, ".vercel", "output", "config.json"), "utf8"),
  );
  const app = createApp({ publicDir: site.publicDir, logger: () => undefined });
  local = async (pathname) => {
    const response = await app.request(`http://localhost${pathname}`);
    return Object.fromEntries(response.headers);
  };
});

afterAll(async () => {
  await site.cleanup();
});

const ROUTES = [...SITE_ROUTES, "/404.html"];
const SHARED = Object.keys(STATIC_HEADERS);

describe("every route gets the same headers on the local server, Netlify and Vercel", () => {
  it.each(ROUTES)("%s", async (route) => {
    const served = await local(route);
    const netlify = netlifyHeadersFor(netlifyFile, route);
    const vercel = vercelHeadersFor(vercelConfig, route);
    const policy = manifest.pages[route];
    expect(policy, `the manifest has ${route}`).toBeDefined();
    // The admin alone keeps its login window's opener (ADMIN_HEADERS); every other page cuts openers.
    const shared = { ...STATIC_HEADERS, ...(route === "/admin/" ? ADMIN_HEADERS : {}) };
    for (const host of [served, netlify, vercel]) {
      expect(host["content-security-policy"]).toBe(policy);
      for (const name of SHARED) expect(host[name], name).toBe(shared[name]);
      expect(host["cross-origin-opener-policy"]).toBe(
        route === "/admin/" ? "same-origin-allow-popups" : "same-origin",
      );
    }
    // HSTS only where the host serves https; browsers ignore it over the local server's http.
    expect(netlify["strict-transport-security"]).toBe(HSTS);
    expect(vercel["strict-transport-security"]).toBe(HSTS);
    expect(served["strict-transport-security"]).toBeUndefined();
    for (const name of ["server", "x-powered-by", "access-control-allow-origin"]) {
      expect(served[name]).toBeUndefined();
    }
  });
});

describe("a page's Markdown twin", () => {
  it("carries text/markdown and X-Robots-Tag: noindex on the local server, Netlify and Vercel", async () => {
    await fs.writeFile(path.join(site.publicDir, "pricing", "index.html.md"), "# Pricing\n");
    for (const twin of ["/pricing/index.html.md", "/index.html.md", "/blog/a-post/index.html.md"]) {
      const hosts = [netlifyHeadersFor(netlifyFile, twin), vercelHeadersFor(vercelConfig, twin)];
      if (twin === "/pricing/index.html.md") hosts.push(await local(twin));
      for (const headers of hosts) {
        expect(headers["content-type"], twin).toBe("text/markdown; charset=utf-8");
        expect(headers["x-robots-tag"], twin).toBe("noindex");
        for (const name of SHARED) expect(headers[name], name).toBe(STATIC_HEADERS[name]);
      }
    }
    // Pages are never noindex by these rules.
    for (const page of ["/pricing/", "/"])
      expect(netlifyHeadersFor(netlifyFile, page)["x-robots-tag"], page).toBeUndefined();
  });
});

describe("paths that are not pages", () => {
  it("an unknown path gets the 404 page's policy locally and on Vercel", async () => {
    const policy = manifest.pages["/404.html"];
    expect((await local("/no-such-page/"))["content-security-policy"]).toBe(policy);
    expect(vercelHeadersFor(vercelConfig, "/no-such-page/")["content-security-policy"]).toBe(
      policy,
    );
    // Netlify joins overlapping rules, so only pages carry a policy there (see src/security/hosts.ts).
    expect(
      netlifyHeadersFor(netlifyFile, "/no-such-page/")["content-security-policy"],
    ).toBeUndefined();
  });

  it("a page's policy is never joined with another on Netlify", () => {
    for (const route of ROUTES) {
      expect(netlifyHeadersFor(netlifyFile, route)["content-security-policy"]).not.toContain(", ");
    }
  });

  it("function paths get none of the page headers on Vercel: each function sends its own", () => {
    for (const fnPath of functionAddresses.flatMap(functionPaths)) {
      const concrete = fnPath.replace(/:[^/]+/g, "req_123");
      expect(vercelHeadersFor(vercelConfig, concrete), concrete).toEqual({});
    }
  });

  it("a function answers with its own strict set and no CORS opening, locally", async () => {
    const headers = await local("/api/get-country");
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("Vercel's own routes stay after ours, so they still run", () => {
    const routes = vercelConfig.routes ?? [];
    expect(routes.at(-1)).toEqual({ handle: "filesystem" });
    const unslashed = new Set(functionAddresses.map((fn) => fn.path.replace(/\/+$/, "")));
    // Ours: the fallback, one per page, the unslashed functions, the three of content negotiation.
    expect(routes.length).toBe(Object.keys(manifest.pages).length + unslashed.size + 5);
  });

  it("a function path without its slash moves to the slashed spelling before Vercel's own routes", () => {
    const routes = (vercelConfig.routes ?? []) as { src?: string; dest?: string }[];
    for (const fn of functionAddresses) {
      const bare = fn.path.replace(":requestId", "req_123");
      const rewrite = routes.find((item) => item.dest && new RegExp(item.src ?? "").test(bare));
      expect(rewrite?.dest?.replace("$1", bare), bare).toBe(`${bare}/`);
      expect(routes.some((item) => item.dest && new RegExp(item.src ?? "").test(`${bare}/`))).toBe(
        false,
      );
    }
  });
});
