/**
 * After the build: one header manifest from the built pages, written out for the local server and Netlify, and
 * kept for Vercel until its Build Output config exists (hostAdapter.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { backendConnectOrigins, backendImageOrigins, readCmsBackend } from "../cms/backend";
import { functionAddresses, functionPaths } from "../server/functionPaths";
import { renderNetlifyHeaders, renderVercelRoutes } from "../security/hosts";
import { pendingVercelRoutesFile } from "./hostAdapter";
import {
  MANIFEST_FILE,
  buildManifest,
  readBuiltPages,
  type HeaderManifest,
  type PageWithFacts,
} from "../security/manifest";
import { policyOrigins } from "../security/origins";
import { inlineScripts } from "../security/inlineScripts";
import {
  generatedScript,
  knownScripts,
  type KnownScript,
  type KnownScripts,
} from "../security/knownScripts";
import { parseHtml, spliceRanges } from "../data/parseHtml";
import { abFlagsScript } from "./inlineCode";
import { LOADER_ID, loaderScript } from "./scriptsAfterPaint";

type Source = Readonly<Record<string, string | undefined>>;

/** Where decap-server listens when config.yml turns local_backend on. */
const DECAP_LOCAL_BACKEND = "http://localhost:8081";

/**
 * Decap asks decap-server only when the admin is opened on localhost, which never happens on a
 * deployed host: a Netlify or Vercel build leaves the address out of the admin's policy.
 */
export function cmsLocalBackend(configYml: string, env: Source): string | null {
  const hosted = env.NETLIFY === "true" || env.VERCEL === "1";
  return !hosted && /^local_backend:\s*true\s*$/m.test(configYml) ? DECAP_LOCAL_BACKEND : null;
}

/**
 * Subresource Integrity on the admin's own script tags: the CMS has the widest policy of the site
 * ('unsafe-eval'), so its entry bundle is pinned to the bytes this build produced. Returns why that could
 * not be done (an admin page whose bundle tag is not where the CMS plugin writes it), else nothing.
 */
export async function addAdminIntegrity(
  publicDir: string,
  adminPage = "admin/index.html",
): Promise<string[]> {
  const file = path.join(publicDir, adminPage);
  if (!existsSync(file)) return [];
  const html = await fs.readFile(file, "utf8");
  const scripts = parseHtml(html).filter(
    (el) => el.name === "script" && el.attributes["src"] !== undefined,
  );
  const own = scripts.filter((el) => !/^[a-z]+:|^\/\//i.test(el.attributes["src"] ?? ""));
  if (own.length === 0) {
    return [
      `/${adminPage}: no script of its own to pin with Subresource Integrity (the CMS bundle tag)`,
    ];
  }
  const edits: Array<{ start: number; end: number; insert: string }> = [];
  for (const el of own) {
    const src = el.attributes["src"] ?? "";
    if (el.attributes["integrity"] !== undefined) continue;
    const target = src.startsWith("/")
      ? path.join(publicDir, src)
      : path.join(path.dirname(file), src);
    const digest = createHash("sha384")
      .update(await fs.readFile(target))
      .digest("base64");
    // Just before the start tag's ">" (or "/>"): the rest of the tag stays byte for byte.
    const close = html[el.openEnd - 2] === "/" ? el.openEnd - 2 : el.openEnd - 1;
    edits.push({ start: close, end: close, insert: ` integrity="sha384-${digest}"` });
  }
  if (edits.length > 0) await fs.writeFile(file, spliceRanges(html, edits));
  return [];
}

/** Where Gatsby writes its scripts slice (chunk mapping, compilation hash), stitched into every page. */
const GATSBY_SLICES_DIR = path.join("_gatsby", "slices");
const GATSBY_SCRIPTS_SLICE = "_gatsby-scripts";

/** The inline scripts of Gatsby's scripts slice, as this build wrote them. */
async function gatsbySliceScripts(publicDir: string): Promise<KnownScript[]> {
  const dir = path.join(publicDir, GATSBY_SLICES_DIR);
  const names = existsSync(dir) ? await fs.readdir(dir) : [];
  const scripts: KnownScript[] = [];
  for (const name of names.filter(
    (n) => n.startsWith(GATSBY_SCRIPTS_SLICE) && n.endsWith(".html"),
  )) {
    for (const script of inlineScripts(await fs.readFile(path.join(dir, name), "utf8"))) {
      scripts.push({
        name: `Gatsby's ${script.id ?? "scripts slice"}`,
        id: script.id,
        hash: script.hash,
      });
    }
  }
  return scripts;
}

type HeadElement = { props?: { dangerouslySetInnerHTML?: { __html?: unknown } } };

/** The inline script gatsby-plugin-image adds to every head, taken from the plugin's own onRenderBody. */
function pluginImageScripts(): KnownScript[] {
  const ssr = createRequire(__filename)("gatsby-plugin-image/gatsby-ssr") as {
    onRenderBody?: (args: { setHeadComponents(components: HeadElement[]): void }) => void;
  };
  const scripts: KnownScript[] = [];
  ssr.onRenderBody?.({
    setHeadComponents: (components) => {
      for (const element of components) {
        const body = element.props?.dangerouslySetInnerHTML?.__html;
        if (typeof body === "string" && (element as { type?: unknown }).type === "script") {
          scripts.push(generatedScript("gatsby-plugin-image's loader", null, body));
        }
      }
    },
  });
  return scripts;
}

/** Every inline script this build writes into pages: Gatsby's and the site's own, each by its exact text. */
export async function buildScripts(publicDir: string): Promise<KnownScripts> {
  return knownScripts([
    ...(await gatsbySliceScripts(publicDir)),
    ...pluginImageScripts(),
    generatedScript("the A/B flags head script", null, abFlagsScript()),
    generatedScript("the bundle loader", LOADER_ID, loaderScript()),
  ]);
}

export type SecurityHeadersResult = { manifest: HeaderManifest; problems: string[] };

/** Computes and writes everything; returns the problems that must fail the build. */
export async function writeSecurityHeaders(
  rootDir: string,
  publicDir: string,
  env: Source = process.env,
  /** What each page's policy depends on, as the page pass found it; read from the pages when absent. */
  pages?: readonly PageWithFacts[],
  /** Pages (paths ending in /) the page pass made no Markdown twin for: Vercel never negotiates them. */
  withoutTwin: readonly string[] = [],
): Promise<SecurityHeadersResult> {
  const adminProblems = await addAdminIntegrity(publicDir);
  const configYml = await fs
    .readFile(path.join(publicDir, "admin", "config.yml"), "utf8")
    .catch(() => "");
  const cmsBackend = readCmsBackend(env);
  const { manifest, problems } = buildManifest(pages ?? (await readBuiltPages(publicDir)), {
    origins: policyOrigins(env),
    cmsLocalBackend: cmsLocalBackend(configYml, env),
    cmsBackendOrigins: backendConnectOrigins(cmsBackend),
    cmsBackendImageOrigins: backendImageOrigins(cmsBackend),
    knownScripts: await buildScripts(publicDir),
  });
  await fs.writeFile(path.join(publicDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.writeFile(path.join(publicDir, "_headers"), renderNetlifyHeaders(manifest));

  const messages = [
    ...adminProblems,
    ...problems.flatMap((page) => page.problems.map((p) => `${page.path}: ${p}`)),
  ];
  // Vercel's Gatsby plugin writes its Build Output config after this step (see hostAdapter.ts), so the
  // routes wait in .cache for the adapter, which runs after every onPostBuild.
  const routes = renderVercelRoutes(
    manifest,
    functionAddresses.flatMap(functionPaths),
    withoutTwin,
  );
  const pending = pendingVercelRoutesFile(rootDir);
  await fs.mkdir(path.dirname(pending), { recursive: true });
  await fs.writeFile(pending, JSON.stringify(routes));
  return { manifest, problems: messages };
}
