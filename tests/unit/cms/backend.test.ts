// @vitest-environment node
// Which backend the admin starts with, from the build's settings, and what it adds to config.yml.
import { describe, expect, it } from "vitest";
import {
  backendConnectOrigins,
  backendImageOrigins,
  backendOverrides,
  previewOverrides,
  readCmsBackend,
  readPreviewContext,
} from "../../../src/cms/backend";
import { adminDefinitions } from "../../../src/gatsby/cmsAdmin";

const ADMIN = "https://deploy-preview-7--site.netlify.app";

describe("the admin's backend", () => {
  it("is GitHub by default: the build's repository and API root, base_url the admin's own origin", () => {
    const backend = readCmsBackend({ GATSBY_CMS_GITHUB_REPO: " acme/site " });
    expect(backendOverrides(backend, ADMIN)).toEqual({
      name: "github",
      repo: "acme/site",
      api_root: "https://api.github.com",
      base_url: ADMIN,
    });
    expect(backendConnectOrigins(backend)).toEqual(["https://api.github.com"]);
    // The editor's avatar (GitHub's avatar_url) comes from GitHub's avatar host.
    expect(backendImageOrigins(backend)).toEqual(["https://avatars.githubusercontent.com"]);
  });

  it("takes GitHub Enterprise's API root, and its origin is the one the admin may reach", () => {
    const backend = readCmsBackend({
      GATSBY_CMS_GITHUB_REPO: "acme/site",
      GATSBY_CMS_GITHUB_API_URL: "https://git.example.com/api/v3/",
    });
    expect(backendOverrides(backend, ADMIN)).toMatchObject({
      api_root: "https://git.example.com/api/v3",
    });
    expect(backendConnectOrigins(backend)).toEqual(["https://git.example.com"]);
    expect(backendImageOrigins(backend)).toEqual([
      "https://git.example.com",
      "https://avatars.git.example.com",
    ]);
  });

  it("leaves the repository out when the build names none (Decap then says it needs one)", () => {
    expect(backendOverrides(readCmsBackend({}), ADMIN)).not.toHaveProperty("repo");
  });

  it("stays on Git Gateway with CMS_BACKEND=git-gateway, reaching nothing beyond the site", () => {
    const backend = readCmsBackend({
      CMS_BACKEND: "git-gateway",
      GATSBY_CMS_GITHUB_REPO: "acme/site",
    });
    expect(backendOverrides(backend, ADMIN)).toEqual({ name: "git-gateway" });
    expect(backendConnectOrigins(backend)).toEqual([]);
    expect(backendImageOrigins(backend)).toEqual([]);
  });

  it.each([
    [{ CMS_BACKEND: "gitlab" }, /CMS_BACKEND must be github or git-gateway, got "gitlab"/],
    [{ GATSBY_CMS_GITHUB_REPO: "acme" }, /GATSBY_CMS_GITHUB_REPO must be owner\/name/],
    [
      { GATSBY_CMS_GITHUB_API_URL: "ftp://x" },
      /GATSBY_CMS_GITHUB_API_URL must be an absolute http/,
    ],
  ])("refuses %j, naming the setting", (source, message) => {
    expect(() => readCmsBackend(source)).toThrow(message);
  });

  it("gets CMS_BACKEND into the admin bundle beside the GATSBY_* values, though it has no GATSBY_ prefix", () => {
    expect(adminDefinitions({ CMS_BACKEND: "git-gateway" }, "production")).toMatchObject({
      "process.env.CMS_BACKEND": '"git-gateway"',
    });
    expect(adminDefinitions({}, "production")["process.env.CMS_BACKEND"]).toBe('""');
  });

  it("names the deploy preview's commit status exactly when the build says which (preview_context), else leaves Decap's matching", () => {
    const pinned = readPreviewContext({ GATSBY_CMS_PREVIEW_CONTEXT: " deploy/preview " });
    expect(previewOverrides(pinned)).toEqual({ preview_context: "deploy/preview" });
    expect(previewOverrides(readPreviewContext({}))).toEqual({});
    expect(previewOverrides(readPreviewContext({ GATSBY_CMS_PREVIEW_CONTEXT: " " }))).toEqual({});
    // Inlined into the admin bundle like every GATSBY_* value.
    expect(
      adminDefinitions({ GATSBY_CMS_PREVIEW_CONTEXT: "deploy/preview" }, "production"),
    ).toMatchObject({ "process.env.GATSBY_CMS_PREVIEW_CONTEXT": '"deploy/preview"' });
  });
});
