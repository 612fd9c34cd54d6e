// A built site in a temporary folder, shaped like Gatsby's output: every registry route and family
// example, the 404 page and the CMS admin, each with the kinds of inline script Gatsby writes.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { routeFamilies, routes } from "../../../../src/config/routes";
import { abFlagsScript } from "../../../../src/gatsby/inlineCode";
import { gatsbyPagePathScript } from "../../../../src/security/knownScripts";

export const SITE_ROUTES: readonly string[] = [
  ...routes.map((route) => route.path),
  ...routeFamilies.map((family) => family.example),
];

/** Production-like configuration: https origins for every third party the site may talk to. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  GATSBY_API_URL: "https://api.example-fp.com",
  GATSBY_AMPLITUDE_API_KEY: "0123456789abcdef0123456789abcdef",
  GATSBY_AMPLITUDE_SERVER_URL: "https://api2.amplitude.com/2/httpapi",
  GATSBY_FPJS_PUBLIC_API_KEY: "prodPublicKey001",
  GATSBY_FPJS_REGION: "eu",
  GREENHOUSE_EMBED_URL: "https://job-boards.greenhouse.io/embed/job_app",
  NETLIFY: "true",
};

/** Gatsby's scripts slice (public/_gatsby/slices/), which it stitches into the end of every page. */
export const GATSBY_SCRIPTS_SLICE =
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>' +
  '<script>window.___webpackCompilationHash="0123456789abcdef0123";</script>' +
  '<script src="/app-0123456789abcdef0123.js" async></script>';

/** A page as Gatsby writes it: the variant head script, JSON-LD, the page path and the scripts slice. */
export function gatsbyPage(pagePath: string, extra = ""): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>',
    `<script>${abFlagsScript()}</script>`,
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage"}</script>',
    '<style data-styled="">.a{color:red}</style>',
    '</head><body><div id="___gatsby"><main><a href="/">Home</a></main></div>',
    `<script id="gatsby-script-loader">${gatsbyPagePathScript(pagePath)}</script>`,
    GATSBY_SCRIPTS_SLICE,
    extra,
    "</body></html>",
  ].join("");
}

export const ADMIN_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Admin</title><meta name="robots" content="none">' +
  '<script defer="defer" src="cms.js"></script></head><body></body></html>';

export type SiteFixture = { rootDir: string; publicDir: string; cleanup(): Promise<void> };

/** Writes the fixture site; `vercelPlugin` stands in for the Build Output config Vercel's Gatsby plugin writes. */
export async function createSite(
  options: { pages?: Record<string, string>; vercelPlugin?: boolean } = {},
): Promise<SiteFixture> {
  const rootDir = await fs.mkdtemp(path.join(os.tmpdir(), "security-site-"));
  const publicDir = path.join(rootDir, "public");
  const write = async (relative: string, content: string) => {
    const file = path.join(publicDir, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  };
  const pages = options.pages ?? {};
  for (const route of SITE_ROUTES) {
    if (route === "/admin/") continue;
    const file = route === "/" ? "index.html" : `${route.slice(1)}index.html`;
    await write(file, pages[route] ?? gatsbyPage(route));
  }
  await write("404.html", pages["/404.html"] ?? gatsbyPage("/404.html"));
  await write("_gatsby/slices/_gatsby-scripts-1.html", GATSBY_SCRIPTS_SLICE);
  await write("admin/index.html", ADMIN_HTML);
  await write("admin/cms.js", "window.CMS_LOADED=true;\n");
  await write("admin/config.yml", "backend:\n  name: git-gateway\nlocal_backend: true\n");
  await write("app-0123456789abcdef0123.js", "console.log('app');\n");
  if (options.vercelPlugin) {
    const config = path.join(rootDir, ".vercel", "output", "config.json");
    await fs.mkdir(path.dirname(config), { recursive: true });
    await fs.writeFile(config, JSON.stringify({ version: 3, routes: [{ handle: "filesystem" }] }));
  }
  return { rootDir, publicDir, cleanup: () => fs.rm(rootDir, { recursive: true, force: true }) };
}
