/**
 * `gatsby develop`: the CMS admin at /admin/, bundled by esbuild into public/admin/ and rebuilt when its sources
 * change (cmsAdmin.ts). Gatsby's development server serves the admin's files from public/ as they are, but answers
 * a browser's request for a page with its own (a 404 here), so the admin's page is answered first.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { ADMIN_DIR, ADMIN_TITLE, cmsAdminWanted, watchCmsAdmin } from "./cmsAdmin";

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = async ({ app, reporter }) => {
  if (!cmsAdminWanted(process.env)) return;
  const root = process.cwd();
  const publicDir = path.join(root, "public");
  // Express matches /admin and /admin/ alike.
  app.get(`/${ADMIN_DIR}`, (_request: unknown, response: { sendFile(file: string): void }) => {
    response.sendFile(path.join(publicDir, ADMIN_DIR, "index.html"));
  });
  await watchCmsAdmin({
    siteRoot: root,
    publicDir,
    title: ADMIN_TITLE,
    env: process.env,
    onBuilt: (errors) => {
      if (errors.length > 0) reporter.error(`CMS admin: ${errors.join("\n")}`);
      else reporter.info(`CMS admin built into public/${ADMIN_DIR}/ (served at /${ADMIN_DIR}/)`);
    },
  });
};
