/** Webpack settings for the CMS admin's separate bundle (gatsby-plugin-decap-cms copies Gatsby's config). */
import { createRequire } from "node:module";
import path from "node:path";

/** The packages the admin takes from React 19 (npm aliases); the site itself stays on React 18. */
export const ADMIN_REACT_PACKAGES = { react: "react-19", "react-dom": "react-dom-19" } as const;

/**
 * `resolve.alias` entries that send every `react` and `react-dom` import of the admin bundle (Decap, its
 * dependencies, styled-components and the site's views in the previews) to the React 19 packages. An
 * alias without `$` also covers the subpaths (`react/jsx-runtime`, `react-dom/client`, `react-dom/server`),
 * so one React serves the whole admin. `resolvePackage` finds a package's folder from the site's root.
 */
export function adminReactAliases(
  resolvePackage: (name: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ADMIN_REACT_PACKAGES).map(([name, alias]) => [name, resolvePackage(alias)]),
  );
}

/** A class as `instanceof` takes it (a constructor of any signature: `never[]` admits every parameter list). */
export type PluginClass = abstract new (...args: never[]) => object;

/**
 * `items` without the instances of `classes`. Classes are matched by identity, not by name (a release may
 * rename a class, a minifier may mangle it); each class must match at least one item, or the admin's
 * webpack configuration is not what this site's customisation was written for and the build stops here.
 */
export function withoutInstancesOf<T>(
  items: readonly T[],
  classes: Readonly<Record<string, PluginClass>>,
  where: string,
): T[] {
  for (const [label, Class] of Object.entries(classes)) {
    if (!items.some((item) => item instanceof Class)) {
      throw new Error(
        `CMS admin webpack config: no ${label} in ${where}; gatsby-plugin-decap-cms or Gatsby changed, so check customizeAdminWebpack in src/gatsby/cmsWebpack.ts`,
      );
    }
  }
  return items.filter((item) => !Object.values(classes).some((Class) => item instanceof Class));
}

/** The name of the admin bundle's own persistent webpack cache, beside Gatsby's `build-javascript`. */
export const ADMIN_CACHE_NAME = "decap-cms-admin";

/**
 * The admin's webpack cache settings. gatsby-plugin-decap-cms copies Gatsby's config, cache included, so
 * both compilations shared the filesystem cache called `build-javascript`: on an incremental build the admin
 * reused site modules as the site had resolved them (`react` as React 18, `gatsby` as Gatsby itself instead
 * of the preview shim), and the previews crashed with two Reacts. A cache of its own keeps both fast and apart.
 */
export function adminCache(cache: unknown): unknown {
  if (typeof cache !== "object" || cache === null) return cache;
  const { cacheLocation } = cache as { cacheLocation?: unknown };
  return {
    ...cache,
    name: ADMIN_CACHE_NAME,
    // Gatsby names the folder itself (.cache/webpack/stage-build-javascript): the admin's goes beside it.
    ...(typeof cacheLocation === "string"
      ? { cacheLocation: path.join(path.dirname(cacheLocation), ADMIN_CACHE_NAME) }
      : {}),
  };
}

/**
 * Build settings the admin module reads that Gatsby does not inline (it only inlines GATSBY_*): the backend
 * choice (src/cms/backend.ts). Anything else stays out of the admin bundle.
 */
export function adminDefinitions(
  source: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return { "process.env.CMS_BACKEND": JSON.stringify(source.CMS_BACKEND?.trim() ?? "") };
}

/** The parts of the admin's webpack configuration the site changes. */
export type AdminWebpackConfig = {
  externals?: unknown;
  cache?: unknown;
  devtool?: unknown;
  resolve?: { alias?: Record<string, string> };
  plugins?: object[];
  optimization?: { minimizer?: object[] };
};

/** What Gatsby passes a plugin's webpack callback besides the configuration: its plugin factories. */
export type AdminWebpackHelpers = {
  plugins: { define(definitions: Record<string, string>): object };
};

/** terser-webpack-plugin as the admin's configuration uses it: with esbuild as the minifier. */
type EsbuildMinifier = (new (options: { minify: unknown; terserOptions: object }) => object) & {
  esbuildMinify: unknown;
};

/**
 * gatsby-plugin-decap-cms's `customizeWebpackConfig` for the site at `siteRoot`. React 19 ships no UMD files
 * for the plugin to copy, so React is bundled with the CMS.
 */
export function customizeAdminWebpack(
  siteRoot: string,
): (config: AdminWebpackConfig, helpers: AdminWebpackHelpers) => void {
  const fromSite = createRequire(path.join(siteRoot, "package.json"));
  /** A package as the given package loads it (the same module instance, so `instanceof` holds). */
  const loadedBy = (owner: string, name: string) =>
    createRequire(fromSite.resolve(`${owner}/package.json`))(name) as PluginClass & {
      default?: PluginClass;
    };
  const classOf = (module: PluginClass & { default?: PluginClass }): PluginClass =>
    module.default ?? module;

  return (config, { plugins }) => {
    config.externals = [];
    config.cache = adminCache(config.cache);
    // Decap and its dependencies ship compiled JavaScript; gatsby-plugin-decap-cms already leaves Gatsby's
    // Babel rule for node_modules out of this configuration (its replaceRule), so there is no rule to drop.
    // Minified by esbuild (through terser-webpack-plugin's esbuildMinify), not Terser: Terser spent 14–18 s
    // of a core on the 6 MB admin bundle in every build even without its compress pass, esbuild well under
    // one. The admin loads once per editing session; the build runs on every publish.
    const TerserPlugin = loadedBy("gatsby", "terser-webpack-plugin") as unknown as EsbuildMinifier;
    config.optimization = {
      ...config.optimization,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.esbuildMinify,
          // esbuild's transform options: ASCII output as Terser's was; licence comments gathered at the end.
          terserOptions: { charset: "ascii", legalComments: "eof" },
        }),
        ...withoutInstancesOf(
          config.optimization?.minimizer ?? [],
          { "Terser minimizer": classOf(loadedBy("gatsby", "terser-webpack-plugin")) },
          "optimization.minimizer",
        ),
      ],
    };
    // No source maps for the admin: they double the CMS bundle's build time.
    config.devtool = false;
    // The previews render the site's views; "gatsby" there is a small shim (src/cms/gatsby-shim.tsx).
    config.resolve = {
      ...config.resolve,
      alias: {
        ...config.resolve?.alias,
        gatsby$: `${siteRoot}/src/cms/gatsby-shim.tsx`,
        // The site runs React 18; Decap needs React 19, which only this bundle gets (npm aliases).
        // (createRequire: the compiled config has no require.resolve of its own.)
        ...adminReactAliases((name) => path.dirname(fromSite.resolve(`${name}/package.json`))),
      },
    };
    // The plugin's copies of React's UMD files and the tags that load them (React 19 has none).
    config.plugins = withoutInstancesOf(
      config.plugins ?? [],
      {
        "copy-webpack-plugin": classOf(loadedBy("gatsby-plugin-decap-cms", "copy-webpack-plugin")),
        "html-webpack-tags-plugin": classOf(
          loadedBy("gatsby-plugin-decap-cms", "html-webpack-tags-plugin"),
        ),
      },
      "plugins",
    );
    // CMS_BACKEND has no GATSBY_ prefix, so Gatsby does not inline it; the admin module reads it.
    config.plugins.push(plugins.define(adminDefinitions(process.env)));
  };
}
