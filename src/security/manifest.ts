/** The one source of the site's response headers: a policy per built page, computed from its real HTML. */
import { promises as fs } from "node:fs";
import path from "node:path";
import { routes } from "../config/routes";
import { adminPolicy, pagePolicy, serializePolicy, type Policy, type PolicyOrigins } from "./csp";
import { ADMIN_HEADERS, STATIC_HEADERS, TWIN_HEADERS, type HeaderSet } from "./headers";
import { pageFacts, policyProblems, type PageFacts } from "./inlineScripts";
import { recogniseScript, type KnownScripts, type PageScript } from "./knownScripts";

/** Written next to the pages; the local server reads it, and Netlify's and Vercel's files are rendered from it. */
export const MANIFEST_FILE = "_security-headers.json";

export type HeaderManifest = {
  version: 1;
  /** Headers every static response carries. */
  common: HeaderSet;
  /** Page path ("/demo/", "/404.html") → its Content-Security-Policy. */
  pages: Record<string, string>;
  /** Content-Security-Policy of every other path: the 404 page's, since that is the document a browser gets there. */
  fallback: string;
  /** Page path → shared headers it gets another value of (the admin's opener policy); absent in older manifests. */
  pageHeaders?: Record<string, HeaderSet>;
  /** What every Markdown twin carries besides the shared set; absent in older manifests. */
  twins?: HeaderSet;
};

export type BuiltPage = { path: string; html: string };
/** A built page by what its policy depends on (inlineScripts.ts), without its HTML. */
export type PageWithFacts = { path: string } & PageFacts;

export type ManifestOptions = {
  origins: PolicyOrigins;
  /** decap-server's URL when the CMS config turns local_backend on, else null. */
  cmsLocalBackend: string | null;
  /** Origins the admin's backend talks to (src/cms/backend.ts); none by default. */
  cmsBackendOrigins?: readonly string[];
  /** Origins the admin shows its backend's images from (src/cms/backend.ts, GitHub's avatars); none by default. */
  cmsBackendImageOrigins?: readonly string[];
  /** The inline scripts the build wrote (knownScripts.ts): only these get a hash, any other fails the page. */
  knownScripts: KnownScripts;
  /** Pages that frame the hosted application form; by default the routes marked so in the registry. */
  framingPages?: ReadonlySet<string>;
  /** Paths of pages that are the CMS admin; by default the registry's app routes. */
  adminPages?: ReadonlySet<string>;
};

const registryFraming = new Set(routes.filter((r) => r.frames).map((r) => r.path));
const registryAdmin = new Set(routes.filter((r) => r.app).map((r) => r.path));

/** The page path an HTML file answers: public/demo/index.html → /demo/, public/404.html → /404.html. */
export function pagePathFor(relativeFile: string): string {
  const posix = relativeFile.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"index.html".length)}`;
  return `/${posix}`;
}

export type ManifestResult = {
  manifest: HeaderManifest;
  /** Per page, why it would not run under its own policy; the build fails on any. */
  problems: Array<{ path: string; problems: string[] }>;
};

/** The page that answers unknown paths on all three hosts. */
export const NOT_FOUND_PAGE = "/404.html";
/** A page-less build still gets a policy that allows nothing. */
const NOTHING = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function buildManifest(
  pages: ReadonlyArray<BuiltPage | PageWithFacts>,
  options: ManifestOptions,
): ManifestResult {
  const framing = options.framingPages ?? registryFraming;
  const admin = options.adminPages ?? registryAdmin;
  const policies: Record<string, string> = {};
  const pageHeaders: Record<string, HeaderSet> = {};
  const problems: ManifestResult["problems"] = [];
  for (const page of [...pages].sort((a, b) => a.path.localeCompare(b.path))) {
    const facts = "html" in page ? pageFacts(page.html) : page;
    const writtenByBuild = (script: PageScript) =>
      recogniseScript(script, page.path, options.knownScripts) !== null;
    const scriptHashes = [...new Set(facts.scripts.filter(writtenByBuild).map((s) => s.hash))];
    const isAdmin = admin.has(page.path);
    const policy: Policy = isAdmin
      ? adminPolicy({
          scriptHashes,
          localBackend: options.cmsLocalBackend,
          backendOrigins: options.cmsBackendOrigins ?? [],
          imageOrigins: options.cmsBackendImageOrigins ?? [],
        })
      : pagePolicy({ scriptHashes, framesApplication: framing.has(page.path) }, options.origins);
    if (isAdmin) pageHeaders[page.path] = ADMIN_HEADERS;
    const found = policyProblems(facts, policy, { allowEval: isAdmin, writtenByBuild });
    if (found.length > 0) problems.push({ path: page.path, problems: found });
    policies[page.path] = serializePolicy(policy);
  }
  return {
    manifest: {
      version: 1,
      common: STATIC_HEADERS,
      pages: policies,
      fallback: policies[NOT_FOUND_PAGE] ?? NOTHING,
      pageHeaders,
      twins: TWIN_HEADERS,
    },
    problems,
  };
}

/** Every HTML file under publicDir, as the page path it answers and its content. */
export async function readBuiltPages(publicDir: string): Promise<BuiltPage[]> {
  const files = await fs.readdir(publicDir, { recursive: true });
  const pages: BuiltPage[] = [];
  for (const file of files) {
    if (!file.endsWith(".html")) continue;
    const full = path.join(publicDir, file);
    // Gatsby's image pipeline can leave a folder named like a page; only files are pages.
    if (!(await fs.stat(full)).isFile()) continue;
    pages.push({ path: pagePathFor(file), html: await fs.readFile(full, "utf8") });
  }
  return pages;
}

/** The page path a static path is answered with: /demo/index.html is /demo/. */
const pageOf = (pathname: string) =>
  pathname.endsWith("/index.html") ? pathname.slice(0, -"index.html".length) : pathname;

/** The Content-Security-Policy a static response for this path carries. */
export function policyForPath(manifest: HeaderManifest, pathname: string): string {
  return manifest.pages[pageOf(pathname)] ?? manifest.fallback;
}

/** The shared headers of a static response for this path, with its page's own values where it has some. */
export function sharedHeadersForPath(manifest: HeaderManifest, pathname: string): HeaderSet {
  return { ...manifest.common, ...manifest.pageHeaders?.[pageOf(pathname)] };
}

export async function readManifest(publicDir: string): Promise<HeaderManifest | null> {
  try {
    const parsed = JSON.parse(
      await fs.readFile(path.join(publicDir, MANIFEST_FILE), "utf8"),
    ) as HeaderManifest;
    return parsed.version === 1 ? parsed : null;
  } catch {
    return null;
  }
}
