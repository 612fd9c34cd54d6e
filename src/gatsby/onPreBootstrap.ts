/** Before every build and develop run: brings generated server data in line with content/. */
import type { GatsbyNode } from "gatsby";
import path from "node:path";
import { ADMIN_TITLE, cmsAdminWanted, startCmsAdminBuild } from "./cmsAdmin";
import { giveGatsbyEveryCore } from "./gatsbyWorkers";
import { WEBINAR_FORMS_MODULE, syncWebinarFormsModule } from "./webinarForms";

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  // Gatsby runs in the site's root folder (gatsby-node is bundled, so __dirname is not this file's).
  const root = process.cwd();
  // Before Gatsby creates its worker pool: one query and rendering worker per core (gatsbyWorkers.ts), for
  // `gatsby build` only (`gatsby develop` runs its queries in its own process; more workers would only hold memory).
  if (process.env.gatsby_executing_command === "build") {
    const workers = giveGatsbyEveryCore();
    reporter.info(`gatsby workers: ${workers} for the queries and the HTML`);
    // The CMS admin's bundle, made by esbuild beside Gatsby's own steps; onPostBuild publishes it.
    if (cmsAdminWanted(process.env))
      startCmsAdminBuild({
        siteRoot: root,
        outDir: path.join(root, ".cache", "cms-admin"),
        title: ADMIN_TITLE,
        env: process.env,
      });
  }
  // The /api-webinar/ allowlist is bundled with the functions, which cannot read content/ at run time.
  if (await syncWebinarFormsModule(root)) {
    reporter.info(`${WEBINAR_FORMS_MODULE}: updated from content/webinars`);
  }
};
