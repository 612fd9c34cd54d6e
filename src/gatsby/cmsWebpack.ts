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
