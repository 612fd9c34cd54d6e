/**
 * The content admin at /admin/: Decap CMS with the site's previews (src/cms/cms.tsx), bundled by esbuild into
 * public/admin/ (cms.js, index.html and the WebAssembly Decap's image tools fetch beside it).
 *
 * esbuild, not a second webpack compilation: the admin is 6–7 MB of already-compiled packages, and webpack spent
 * about 30 s of a core on it in every build (a quarter of a small build's CPU), esbuild a few seconds. The build
 * starts when Gatsby boots and runs beside it in esbuild's own process; onPostBuild publishes the result before the
 * page pass, which hashes the admin's script into its page and its headers like any other.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import {
  build,
  context,
  version as esbuildVersion,
  type BuildOptions,
  type Metafile,
} from "esbuild";
import { site } from "../config/site";
import { escapeHtml } from "../data/html";
import { BROWSERS } from "./inlineCode";
import { adminWasmFiles, decapInternals, englishInterfaceOnly } from "./decapPackages";

/** The packages the admin takes from React 19 (npm aliases); the site itself stays on React 18. */
export const ADMIN_REACT_PACKAGES = { react: "react-19", "react-dom": "react-dom-19" } as const;

/** The admin page's title. */
export const ADMIN_TITLE = `${site.productName} content admin`;

/** Where the admin is served from, inside the build's folder. */
export const ADMIN_DIR = "admin";

/** CMS_ADMIN=off builds the site without its admin (the planted-site build tests need none). */
export function cmsAdminWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  return env["CMS_ADMIN"]?.trim() !== "off";
}

/**
 * What the admin's code reads from the build's environment, inlined as Gatsby inlines it for the site: every
 * GATSBY_* variable (public by name), NODE_ENV, and CMS_BACKEND (the backend choice, src/cms/backend.ts), which has
 * no GATSBY_ prefix. Anything else reads as unset: no other variable, secret or not, reaches the bundle.
 */
export function adminDefinitions(
  env: Readonly<Record<string, string | undefined>>,
  mode: "production" | "development",
): Record<string, string> {
  const definitions: Record<string, string> = {
    "process.env": "{}",
    "process.env.NODE_ENV": JSON.stringify(mode),
    "process.env.CMS_BACKEND": JSON.stringify(env["CMS_BACKEND"]?.trim() ?? ""),
  };
  for (const [name, value] of Object.entries(env))
    if (name.startsWith("GATSBY_") && value !== undefined)
      definitions[`process.env.${name}`] = JSON.stringify(value);
  return definitions;
}

/**
 * The admin's page: the CMS renders into its body; robots keep out (robots.txt says so too). The `<base>` changes
 * nothing (no href; `_self` is every link's target anyway) but is found at once: Decap's router looks for a
 * `<base>` element for every link it renders, and without one each lookup walked the whole document, so a list of
 * 5,000 entries spent over a second in `querySelector("base")` each time it was shown (a CPU profile,
 * docs/performance.md).
 */
export function adminHtml(title: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><base target="_self"><title>${escapeHtml(title)}</title>` +
    '<meta name="robots" content="none"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<script defer="defer" src="cms.js"></script></head><body></body></html>'
  );
}

/** The variable the bundle's `import.meta.url` reads: the address cms.js was loaded from. */
const SCRIPT_URL = "__cmsAdminScriptUrl";

/**
 * esbuild's options for the admin bundle of the site at `siteRoot`. `import … from "gatsby"` in the previews gets
 * a small shim (src/cms/gatsby-shim.tsx); `react` and `react-dom` are React 19 for the whole bundle. Decap's WebP
 * encoder finds its .wasm with `new URL(file, import.meta.url)`, which a classic script has no value for: it gets
 * cms.js's own address, so the files load from /admin/ beside it (adminWasmFiles copies them there).
 */
export function adminBuildOptions(
  siteRoot: string,
  env: Readonly<Record<string, string | undefined>>,
  mode: "production" | "development",
): BuildOptions {
  return {
    absWorkingDir: siteRoot,
    entryPoints: [path.join(siteRoot, "src", "cms", "cms.tsx")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: BROWSERS,
    jsx: "automatic",
    alias: {
      gatsby: path.join(siteRoot, "src", "cms", "gatsby-shim.tsx"),
      ...ADMIN_REACT_PACKAGES,
      ...decapInternals(siteRoot),
    },
    define: {
      ...adminDefinitions(env, mode),
      "import.meta.url": SCRIPT_URL,
      global: "globalThis",
    },
    plugins: [englishInterfaceOnly(siteRoot)],
    banner: { js: `var ${SCRIPT_URL}=document.currentScript&&document.currentScript.src;` },
    minify: mode === "production",
    // ASCII output, so the page's charset never matters; licence comments gathered at the end.
    charset: "ascii",
    legalComments: "eof",
    // No source maps: the admin's sources would be published beside it.
    sourcemap: false,
    metafile: true,
    logLevel: "silent",
  };
}

type Stamp = { file: string; size: number; mtimeMs: number };
type Manifest = { key: string; inputs: Stamp[] };

async function stampsOf(siteRoot: string, files: readonly string[]): Promise<Stamp[] | null> {
  try {
    return await Promise.all(
      files.map(async (file) => {
        const stats = await fs.stat(path.resolve(siteRoot, file));
        return { file, size: stats.size, mtimeMs: stats.mtimeMs };
      }),
    );
  } catch {
    return null;
  }
}

/**
 * Every file the bundle was made from (esbuild's metafile, less its virtual modules such as `<define:…>`,
 * `(disabled):fs` and the English-only locales), plus the lockfile that chose the packages.
 */
function inputsOf(metafile: Metafile): string[] {
  // Virtual modules are named `<…>`, `(disabled):…` or `<plugin namespace>:…`; files are paths.
  const files = Object.keys(metafile.inputs).filter((input) => !/^(?:[<(]|[\w-]+:)/.test(input));
  return [...files, "package-lock.json"];
}

export type AdminBuild = { dir: string; files: string[]; reused: boolean };

/**
 * Builds the admin into `outDir` (a folder of Gatsby's cache): cms.js, index.html and the .wasm files. When the
 * options and every input file (size and modification time) are those of the last build there, its output is
 * kept: a rebuild after a content edit does not bundle the admin again.
 */
export async function buildCmsAdmin(options: {
  siteRoot: string;
  outDir: string;
  title: string;
  env: Readonly<Record<string, string | undefined>>;
}): Promise<AdminBuild> {
  const { siteRoot, outDir, title, env } = options;
  const buildOptions = adminBuildOptions(siteRoot, env, "production");
  const wasm = adminWasmFiles(siteRoot);
  const files = ["cms.js", "index.html", ...wasm.map((file) => path.basename(file))];
  const key = createHash("sha256")
    .update(JSON.stringify({ buildOptions, title, wasm, esbuild: esbuildVersion }))
    .digest("hex");
  const manifestFile = path.join(outDir, "manifest.json");

  const last = await fs
    .readFile(manifestFile, "utf8")
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => null);
  if (last?.key === key) {
    const now = await stampsOf(
      siteRoot,
      last.inputs.map((input) => input.file),
    );
    const unchanged =
      now !== null &&
      now.every(
        (stamp, i) =>
          stamp.size === last.inputs[i]?.size && stamp.mtimeMs === last.inputs[i]?.mtimeMs,
      );
    const present = await Promise.all(
      files.map((file) =>
        fs.access(path.join(outDir, file)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (unchanged && present.every(Boolean)) return { dir: outDir, files, reused: true };
  }

  await fs.rm(outDir, { recursive: true, force: true });
  await fs.mkdir(outDir, { recursive: true });
  const result = await build({ ...buildOptions, outfile: path.join(outDir, "cms.js") });
  await Promise.all([
    fs.writeFile(path.join(outDir, "index.html"), adminHtml(title)),
    ...wasm.map((file) => fs.copyFile(file, path.join(outDir, path.basename(file)))),
  ]);
  const inputs = await stampsOf(siteRoot, inputsOf(result.metafile ?? { inputs: {}, outputs: {} }));
  if (inputs) await fs.writeFile(manifestFile, JSON.stringify({ key, inputs } satisfies Manifest));
  return { dir: outDir, files, reused: false };
}

let pending: Promise<AdminBuild | Error> | null = null;

/** Starts the admin's build for `gatsby build` (onPreBootstrap): it runs while Gatsby builds the site. */
export function startCmsAdminBuild(options: Parameters<typeof buildCmsAdmin>[0]): void {
  pending = buildCmsAdmin(options).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
}

/** The build startCmsAdminBuild started (an Error if it failed), or null when none was started. */
export function finishedCmsAdminBuild(): Promise<AdminBuild | Error> | null {
  const started = pending;
  pending = null;
  return started;
}

/**
 * Copies a built admin into the build's folder. A file whose bytes are already there is left alone, so its
 * modification time stays older than its .br/.gz siblings and they are not compressed again.
 */
export async function publishCmsAdmin(admin: AdminBuild, publicDir: string): Promise<number> {
  const target = path.join(publicDir, ADMIN_DIR);
  await fs.mkdir(target, { recursive: true });
  let copied = 0;
  for (const file of admin.files) {
    const from = path.join(admin.dir, file);
    const to = path.join(target, file);
    const [fresh, existing] = await Promise.all([
      fs.readFile(from),
      fs.readFile(to).catch(() => null),
    ]);
    if (existing?.equals(fresh)) continue;
    await fs.writeFile(to, fresh);
    copied += 1;
  }
  return copied;
}

/**
 * `gatsby develop`: the admin built into public/admin/ and rebuilt on every change to its sources (the previews
 * are the site's views), unminified. Resolves once the first build is written; `dispose` stops watching.
 */
export async function watchCmsAdmin(options: {
  siteRoot: string;
  publicDir: string;
  title: string;
  env: Readonly<Record<string, string | undefined>>;
  onBuilt: (errors: string[]) => void;
}): Promise<{ dispose(): Promise<void> }> {
  const { siteRoot, publicDir, title, env, onBuilt } = options;
  const outDir = path.join(publicDir, ADMIN_DIR);
  await fs.mkdir(outDir, { recursive: true });
  await Promise.all([
    fs.writeFile(path.join(outDir, "index.html"), adminHtml(title)),
    ...adminWasmFiles(siteRoot).map((file) =>
      fs.copyFile(file, path.join(outDir, path.basename(file))),
    ),
  ]);
  let firstBuilt: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (firstBuilt = resolve));
  const devOptions = adminBuildOptions(siteRoot, env, "development");
  const watcher = await context({
    ...devOptions,
    outfile: path.join(outDir, "cms.js"),
    plugins: [
      ...(devOptions.plugins ?? []),
      {
        name: "report-admin-builds",
        setup(builder) {
          builder.onEnd((result) => {
            onBuilt(result.errors.map((error) => error.text));
            firstBuilt();
          });
        },
      },
    ],
  });
  // Watching starts with a build of its own.
  await watcher.watch();
  await first;
  return { dispose: () => watcher.dispose() };
}
