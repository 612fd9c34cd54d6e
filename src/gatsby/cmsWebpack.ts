/** Webpack settings for the CMS admin's separate bundle (gatsby-plugin-decap-cms copies Gatsby's config). */

/**
 * Gatsby's rule that runs Babel (babel-preset-gatsby/dependencies) over node_modules. The admin bundle is
 * almost all Decap and its dependencies, which ship compiled JavaScript; the rule is dropped there.
 */
export function isDependencyBabelRule(rule: unknown): boolean {
  if (typeof rule !== "object" || rule === null) return false;
  const use = (rule as { use?: unknown }).use;
  const loaders = Array.isArray(use) ? use : use ? [use] : [];
  return loaders.some((loader) => {
    const presets = (loader as { options?: { presets?: unknown } } | null)?.options?.presets;
    return (
      Array.isArray(presets) &&
      presets.some((preset) =>
        /babel-preset-gatsby[\\/]dependencies/.test(
          String(Array.isArray(preset) ? preset[0] : preset),
        ),
      )
    );
  });
}

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
