/**
 * The redirects step of the build: content/settings/redirects.yml checked against the pages this build made,
 * then written for every host: public/_redirects (Netlify, and the Node server reads it too) and Vercel's
 * routes, left in .cache for the site's adapter (hostAdapter.ts) like the security headers' routes.
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { fillPlaceholders, parseYamlFile } from "../data/content";
import {
  parseRedirects,
  type PathClaim,
  REDIRECTS_FILE,
  renderNetlifyRedirects,
  renderVercelRedirects,
  resolveRedirects,
  type RedirectRule,
} from "../data/redirects";
import { isNonPagePath } from "../server/nonPagePaths";

export function pendingVercelRedirectsFile(rootDir: string): string {
  return path.join(rootDir, ".cache", "redirects", "vercel-routes.json");
}

/**
 * What an old address may not be, besides a page: a path the functions, the admin or the build's assets and
 * page data answer (one list, src/server/nonPagePaths.ts), or a file or folder the build wrote into public/.
 */
export function claimedPaths(publicDir: string): PathClaim {
  return (pathname) => {
    if (isNonPagePath(pathname))
      return "answered by the site's functions, admin or build files, never by a redirect";
    return existsSync(path.join(publicDir, pathname)) ? "a file the build serves" : null;
  };
}

export async function writeRedirects(
  rootDir: string,
  publicDir: string,
  pages: ReadonlySet<string>,
): Promise<{ rules: RedirectRule[]; problems: string[] }> {
  const file = path.join(rootDir, REDIRECTS_FILE);
  let entries;
  try {
    entries = existsSync(file)
      ? parseRedirects(
          fillPlaceholders(parseYamlFile(await fs.readFile(file, "utf8"), REDIRECTS_FILE)),
        )
      : [];
  } catch (error) {
    return { rules: [], problems: [(error as Error).message] };
  }
  const { rules, problems } = resolveRedirects(entries, pages, claimedPaths(publicDir));
  if (problems.length > 0) return { rules, problems };
  await fs.writeFile(path.join(publicDir, "_redirects"), renderNetlifyRedirects(rules));
  const pending = pendingVercelRedirectsFile(rootDir);
  await fs.mkdir(path.dirname(pending), { recursive: true });
  await fs.writeFile(pending, JSON.stringify(renderVercelRedirects(rules)));
  return { rules, problems };
}
