/**
 * The site's Gatsby adapter: the last step of a build, after every onPostBuild.
 *
 * Vercel's Gatsby plugin runs in onPostBuild too, after the site's own (Vercel wraps the site's
 * gatsby-node so that its hook runs first): it moves public/ to .vercel/output/static and writes
 * .vercel/output/config.json afresh. The per-page headers computed in the site's onPostBuild can only
 * join that file afterwards, which is where Gatsby calls an adapter. Our routes go first, Vercel's own
 * (redirects, `handle: filesystem`) after them.
 *
 * Being the site's adapter also keeps Gatsby from installing its Netlify adapter on Netlify, which
 * would add a second copy of some headers to public/_headers (Netlify joins the values of a header
 * set by several rules). Netlify and the local server read what onPostBuild wrote; nothing more to do.
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import type { IAdapter } from "gatsby";
import { mergeVercelConfig, type VercelRoute } from "../security/hosts";
import { pendingVercelRedirectsFile } from "./redirects";

type Source = Readonly<Record<string, string | undefined>>;

/** Where onPostBuild leaves the Vercel routes for the adapter. */
export function pendingVercelRoutesFile(rootDir: string): string {
  return path.join(rootDir, ".cache", "security-headers", "vercel-routes.json");
}

export function vercelConfigFile(rootDir: string): string {
  return path.join(rootDir, ".vercel", "output", "config.json");
}

/**
 * Adds the pending routes to Vercel's Build Output config. Returns whether it did; on Vercel, a
 * missing config or missing routes is an error, since the pages would go out without their headers.
 */
export async function publishVercelRoutes(rootDir: string, env: Source): Promise<boolean> {
  const configFile = vercelConfigFile(rootDir);
  const pendingFile = pendingVercelRoutesFile(rootDir);
  const onVercel = env.VERCEL === "1";
  if (!existsSync(configFile)) {
    if (onVercel)
      throw new Error(
        `${configFile} is missing: Vercel's Gatsby plugin did not run, so no page would get its headers there.`,
      );
    return false;
  }
  if (!existsSync(pendingFile)) {
    if (onVercel)
      throw new Error(
        `${pendingFile} is missing: the security headers step did not run in onPostBuild.`,
      );
    return false;
  }
  const routes = JSON.parse(await fs.readFile(pendingFile, "utf8")) as VercelRoute[];
  // The redirects (src/gatsby/redirects.ts) after the header routes, so a redirect carries the headers too.
  const redirectsFile = pendingVercelRedirectsFile(rootDir);
  if (existsSync(redirectsFile))
    routes.push(...(JSON.parse(await fs.readFile(redirectsFile, "utf8")) as VercelRoute[]));
  const config = JSON.parse(await fs.readFile(configFile, "utf8")) as Record<string, unknown>;
  await fs.writeFile(configFile, JSON.stringify(mergeVercelConfig(config, routes)));
  return true;
}

/**
 * A build for the Vercel rehearsal also writes Vercel's Build Output, so that rehearsal deploys this very build
 * instead of making another. `VERCEL_GATSBY_PLUGIN` (set only by the test scripts) names Vercel's own Gatsby
 * plugin, the one `vercel build` injects; it is called the way Vercel's wrapper of gatsby-node calls it: after
 * the site's onPostBuild, with Gatsby's store. On Vercel itself (VERCEL=1) the wrapper does it.
 */
export async function writeVercelOutputForRehearsal(store: unknown, env: Source): Promise<boolean> {
  const plugin = env.VERCEL_GATSBY_PLUGIN;
  if (!plugin || env.VERCEL === "1") return false;
  const entry = path.join(plugin, "gatsby-node.js");
  if (!existsSync(entry)) throw new Error(`VERCEL_GATSBY_PLUGIN: no ${entry}`);
  const { onPostBuild } = (await import(entry)) as {
    onPostBuild(args: { store: unknown }): Promise<void>;
  };
  await onPostBuild({ store });
  return true;
}

export function siteAdapter(rootDir: string, env: Source = process.env): IAdapter {
  return {
    name: "site-hosts",
    async adapt({ reporter }) {
      if (await publishVercelRoutes(rootDir, env))
        reporter.info("security headers: added to Vercel's Build Output config");
    },
  };
}
