// @vitest-environment jsdom
// Which commit status becomes the admin's "View Preview", decided by Decap's own code (decap-cms-lib-util's
// getPreviewStatus, which the github backend calls with the statuses of the draft's head commit): on each host, with
// Decap's default matching and with the preview_context a build can name (src/cms/backend.ts).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { previewOverrides, readPreviewContext } from "../../../src/cms/backend";
import { PREVIEW_STATUS_CONTEXT } from "../../../src/cms/previewStatus";

type Status = { context: string; target_url: string; state: string };
const fromSite = createRequire(import.meta.url);
const fromDecap = createRequire(fromSite.resolve("decap-cms-app/package.json"));
const { getPreviewStatus } = fromDecap("decap-cms-lib-util") as {
  getPreviewStatus(statuses: Status[], previewContext: string): Status | undefined;
};

/** The status Decap links to, given what a build sets (GATSBY_CMS_PREVIEW_CONTEXT). */
const chosen = (statuses: Status[], setting?: string) => {
  const overrides = previewOverrides(readPreviewContext({ GATSBY_CMS_PREVIEW_CONTEXT: setting }));
  return getPreviewStatus(statuses, String(overrides["preview_context"] ?? ""))?.target_url;
};

const PREVIEW = "https://marketing-site-git-cms-blog-launch-acme.vercel.app/";
const vercelOwn = {
  context: "Vercel",
  target_url: "https://vercel.com/acme/marketing-site/5e3Yq",
  state: "success",
};
const workflow = { context: PREVIEW_STATUS_CONTEXT, target_url: PREVIEW, state: "success" };
const ci = { context: "ci/test", target_url: "https://ci.example/1", state: "success" };

describe("the status Decap links View Preview to", () => {
  it("on Vercel: the workflow's, not Vercel's own link to its dashboard", () => {
    expect(chosen([vercelOwn, ci, workflow])).toBe(PREVIEW);
    expect(chosen([vercelOwn, ci])).toBeUndefined();
  });

  it("on Netlify: Netlify's own, in either of its spellings, with nothing to set", () => {
    const netlify = "https://deploy-preview-7--acme.netlify.app";
    for (const context of ["deploy/netlify", "netlify/acme/deploy-preview"])
      expect(chosen([ci, { context, target_url: netlify, state: "success" }]), context).toBe(
        netlify,
      );
  });

  it("exactly the one the build names, where several contexts contain deploy", () => {
    const storybook = {
      context: "netlify/acme-storybook/deploy-preview",
      target_url: "https://deploy-preview-7--acme-storybook.netlify.app",
      state: "success",
    };
    // Decap's default takes the first; the setting takes the site's.
    expect(chosen([storybook, workflow])).toBe(storybook.target_url);
    expect(chosen([storybook, workflow], "deploy/preview")).toBe(PREVIEW);
  });
});
