// @vitest-environment node
// Vercel's build, step by step as it runs: the site's onPostBuild, then Vercel's Gatsby plugin (it moves
// public/ to .vercel/output/static and writes .vercel/output/config.json afresh), then Gatsby's adapter
// step. The pages' headers must end up in the config Vercel deploys, in front of Vercel's own routes.
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { IAdapter } from "gatsby";
import {
  pendingVercelRoutesFile,
  siteAdapter,
  vercelConfigFile,
} from "../../../src/gatsby/hostAdapter";
import { writeSecurityHeaders } from "../../../src/gatsby/securityHeaders";
import { pendingVercelRedirectsFile } from "../../../src/gatsby/redirects";
import { vercelHeadersFor } from "./support/hosts";
import { PRODUCTION_ENV, createSite, type SiteFixture } from "./support/site";

let site: SiteFixture | null = null;

afterEach(async () => {
  await site?.cleanup();
  site = null;
});

const VERCEL_ENV = { ...PRODUCTION_ENV, VERCEL: "1" };
const VERCEL_OWN_ROUTES = [
  { handle: "filesystem" },
  { src: "/(.*)", status: 404, dest: "/404.html" },
];

/** What Vercel's Gatsby plugin does in its onPostBuild, after the site's. */
async function vercelPluginOnPostBuild(rootDir: string): Promise<void> {
  const output = path.join(rootDir, ".vercel", "output");
  await fs.rm(output, { recursive: true, force: true });
  await fs.mkdir(output, { recursive: true });
  await fs.rename(path.join(rootDir, "public"), path.join(output, "static"));
  await fs.writeFile(
    path.join(output, "config.json"),
    JSON.stringify({ version: 3, routes: VERCEL_OWN_ROUTES }),
  );
}

const messages: string[] = [];
const adaptContext = {
  reporter: { info: (message: string) => messages.push(message) },
} as unknown as Parameters<IAdapter["adapt"]>[0];

describe("a Vercel build", () => {
  it("deploys every page with its policy, and Vercel's own routes after ours", async () => {
    site = await createSite();
    const { manifest, problems } = await writeSecurityHeaders(
      site.rootDir,
      site.publicDir,
      VERCEL_ENV,
    );
    expect(problems).toEqual([]);
    // The site's step cannot write Vercel's config: it does not exist yet.
    expect(existsSync(vercelConfigFile(site.rootDir))).toBe(false);
    expect(existsSync(pendingVercelRoutesFile(site.rootDir))).toBe(true);

    await vercelPluginOnPostBuild(site.rootDir);
    await siteAdapter(site.rootDir, VERCEL_ENV).adapt(adaptContext);

    const config = JSON.parse(await fs.readFile(vercelConfigFile(site.rootDir), "utf8")) as {
      version: number;
      routes: Array<Record<string, never>>;
    };
    expect(config.version).toBe(3);
    expect(config.routes.slice(-VERCEL_OWN_ROUTES.length)).toEqual(VERCEL_OWN_ROUTES);
    for (const page of ["/", "/pricing/", "/demo/"]) {
      const expected = manifest.pages[page];
      expect(expected, page).toMatch(/script-src/);
      expect(vercelHeadersFor(config, page)["content-security-policy"], page).toBe(expected);
    }
    expect(messages).toContain("security headers: added to Vercel's Build Output config");
  });

  it("fails when Vercel's plugin did not write its config", async () => {
    site = await createSite();
    await writeSecurityHeaders(site.rootDir, site.publicDir, VERCEL_ENV);
    await expect(siteAdapter(site.rootDir, VERCEL_ENV).adapt(adaptContext)).rejects.toThrow(
      /config\.json is missing/,
    );
  });

  it("puts the redirects after the header routes and before Vercel's own, so they answer with the headers", async () => {
    site = await createSite();
    await writeSecurityHeaders(site.rootDir, site.publicDir, VERCEL_ENV);
    const redirect = {
      src: "^/demo-request/?$",
      headers: { Location: "/contact-sales/" },
      status: 308,
    };
    await fs.mkdir(path.dirname(pendingVercelRedirectsFile(site.rootDir)), { recursive: true });
    await fs.writeFile(pendingVercelRedirectsFile(site.rootDir), JSON.stringify([redirect]));
    await vercelPluginOnPostBuild(site.rootDir);
    await siteAdapter(site.rootDir, VERCEL_ENV).adapt(adaptContext);
    const { routes } = JSON.parse(await fs.readFile(vercelConfigFile(site.rootDir), "utf8")) as {
      routes: unknown[];
    };
    expect(routes.slice(-VERCEL_OWN_ROUTES.length - 1)).toEqual([redirect, ...VERCEL_OWN_ROUTES]);
  });

  it("changes nothing off Vercel", async () => {
    site = await createSite();
    await writeSecurityHeaders(site.rootDir, site.publicDir, PRODUCTION_ENV);
    await siteAdapter(site.rootDir, PRODUCTION_ENV).adapt(adaptContext);
    expect(existsSync(path.join(site.rootDir, ".vercel"))).toBe(false);
  });
});
