/**
 * Which backend the admin logs in with, from the build's settings: Decap's `github` backend through the site's
 * own OAuth functions (the default), or Git Gateway for a site that still has Netlify Identity
 * (`CMS_BACKEND=git-gateway`). Read by the admin module (values inlined into its bundle at build) and by the
 * build's security step (the admin's connect-src). No I/O, no browser globals.
 */

type Source = Readonly<Record<string, string | undefined>>;

export const DEFAULT_GITHUB_API_URL = "https://api.github.com";

export type CmsBackend =
  { name: "github"; repo: string | null; apiRoot: string } | { name: "git-gateway" };

const REPO = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;

const value = (source: Source, name: string) => source[name]?.trim() || null;

/** The backend a build asks for; a malformed setting stops the build, naming it. */
export function readCmsBackend(source: Source): CmsBackend {
  const backend = value(source, "CMS_BACKEND") ?? "github";
  if (backend === "git-gateway") return { name: "git-gateway" };
  if (backend !== "github")
    throw new Error(`CMS_BACKEND must be github or git-gateway, got "${backend}".`);
  const repo = value(source, "GATSBY_CMS_GITHUB_REPO");
  if (repo !== null && !REPO.test(repo))
    throw new Error(`GATSBY_CMS_GITHUB_REPO must be owner/name, got "${repo}".`);
  const api = value(source, "GATSBY_CMS_GITHUB_API_URL") ?? DEFAULT_GITHUB_API_URL;
  const url = URL.canParse(api) ? new URL(api) : null;
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(`GATSBY_CMS_GITHUB_API_URL must be an absolute http(s) URL, got "${api}".`);
  return { name: "github", repo, apiRoot: api.replace(/\/+$/, "") };
}

/**
 * What the admin module passes to CMS.init() on top of config.yml (Decap merges it over the file). The
 * github backend's `base_url` is the origin the admin itself was loaded from: Decap opens the login window
 * there and believes only messages from exactly that origin, and the login page hands the token only to its
 * own origin. So the admin, its login window and the callback share one origin on every host, deploy
 * previews and the local server included, whatever the build's SITE_URL says.
 */
export function backendOverrides(
  backend: CmsBackend,
  adminOrigin: string,
): Record<string, unknown> {
  if (backend.name === "git-gateway") return { name: "git-gateway" };
  return {
    name: "github",
    ...(backend.repo === null ? {} : { repo: backend.repo }),
    api_root: backend.apiRoot,
    base_url: adminOrigin,
  };
}

/** Origins the admin's backend reads and writes content through, for its connect-src. */
export function backendConnectOrigins(backend: CmsBackend): string[] {
  return backend.name === "github" ? [new URL(backend.apiRoot).origin] : [];
}

/** Where GitHub.com serves the avatars its API names (`avatar_url`), a host apart from the API's. */
export const GITHUB_AVATARS_ORIGIN = "https://avatars.githubusercontent.com";

/**
 * Origins the admin shows images from beyond the site, for its img-src: the editor's avatar in the header, which
 * the github backend takes from GitHub's `avatar_url`. GitHub.com serves avatars from its own avatar host; GitHub
 * Enterprise Server from its own host (`/avatars/…`), or from `avatars.<host>` with subdomain isolation on.
 */
export function backendImageOrigins(backend: CmsBackend): string[] {
  if (backend.name !== "github") return [];
  const api = new URL(backend.apiRoot);
  if (api.origin === DEFAULT_GITHUB_API_URL) return [GITHUB_AVATARS_ORIGIN];
  return [api.origin, `${api.protocol}//avatars.${api.host}`];
}

/**
 * The commit status whose link is the admin's "View Preview" (Decap's `preview_context`), from
 * GATSBY_CMS_PREVIEW_CONTEXT at build; null leaves Decap's own matching, the first status whose context contains
 * "deploy": Netlify's (`deploy/netlify`, `netlify/<site>/deploy-preview`) and the preview-status workflow's
 * (`deploy/preview`, src/cms/previewStatus.ts), never Vercel's own (`Vercel`, a link to Vercel's dashboard).
 * Naming one exactly matters where several statuses contain "deploy" (two sites built from one repository).
 */
export function readPreviewContext(source: Source): string | null {
  return value(source, "GATSBY_CMS_PREVIEW_CONTEXT");
}

/** What the admin adds to config.yml's backend for its previews: `preview_context` when the build names one. */
export function previewOverrides(context: string | null): Record<string, unknown> {
  return context === null ? {} : { preview_context: context };
}
