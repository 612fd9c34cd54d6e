/** Webpack settings for the CMS admin's separate bundle (gatsby-plugin-decap-cms copies Gatsby's config). */
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
        `CMS admin webpack config: no ${label} in ${where}; gatsby-plugin-decap-cms or Gatsby changed, so check customizeWebpackConfig in gatsby-config.ts`,
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
