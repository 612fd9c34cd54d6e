/** Webpack settings for the CMS admin's separate bundle (gatsby-plugin-decap-cms copies Gatsby's config). */

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

/** A class as `instanceof` takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- constructors of any signature
export type PluginClass = abstract new (...args: any[]) => object;

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

type WebpackCache = { type?: string; name?: string; cacheLocation?: string } | boolean | undefined;

/**
 * The admin's own persistent webpack cache. The CMS plugin copies Gatsby's configuration, cache included,
 * so the admin and the site compiled into one cache folder and each build threw the other's cache away:
 * a rebuild after a content edit compiled both bundles (Decap's 5 MB) from scratch again.
 */
export function adminCache(cache: WebpackCache): WebpackCache {
  if (typeof cache !== "object" || cache.type !== "filesystem" || !cache.cacheLocation)
    return cache;
  return {
    ...cache,
    name: "cms-admin",
    cacheLocation: `${cache.cacheLocation.replace(/[\\/]+$/, "")}-cms-admin`,
  };
}
