/** Writes robots.txt after the build, so its sitemap address follows the configured site URL. */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { site } from "../config/site";

export function robotsTxt(siteUrl: string): string {
  return [
    "# Crawlers may read every public page; the CMS admin and the functions are not pages.",
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap-index.xml`,
    "",
  ].join("\n");
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store }) => {
  const { program } = store.getState() as { program: { directory: string } };
  await writeFile(path.join(program.directory, "public", "robots.txt"), robotsTxt(site.url));
};
