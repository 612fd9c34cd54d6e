/**
 * The production browser bundle starts from src/runtime/browserEntry.ts, which imports Gatsby's own entry
 * (`gatsby-production-app`) after React DOM, styled-components and the site's gatsby-browser, each in a task of
 * its own. Other stages (develop, the server renderer) keep Gatsby's entry; the server renderer gets the A/B
 * flags head script, compiled from TypeScript at build time (inlineCode.ts), as a constant.
 *
 * The chunks a first tap runs through carry V8's compile hint (compileHints.ts; COMPILE_HINTS=0 leaves it out).
 *
 * Production source maps are not generated unless SOURCE_MAPS asks for them: Gatsby writes them into public/,
 * so every host would publish the site's original source next to its bundles (and they cost build time).
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { abFlagsScript } from "./inlineCode";
import { CompileHintsPlugin, compileHintsWanted } from "./compileHints";

export const APP_ENTRY = "gatsby-production-app";
export const BROWSER_ENTRY = path.join(__dirname, "..", "runtime", "browserEntry.ts");

interface EntryConfig {
  entry?: unknown;
  resolve?: { alias?: Record<string, unknown> };
  devtool?: unknown;
  plugins?: unknown[];
  cache?: unknown;
}

/** SOURCE_MAPS=true (or 1) builds the browser bundles with source maps, published in public/ beside them. */
export function sourceMapsWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  return ["1", "true"].includes((env["SOURCE_MAPS"] ?? "").trim().toLowerCase());
}

/** The webpack config with the `app` entry replaced; throws when Gatsby's entry is not where expected. */
export function withBrowserEntry<T extends EntryConfig>(config: T): T {
  const entry = config.entry as Record<string, unknown> | undefined;
  const gatsbyEntry = entry?.app;
  if (typeof gatsbyEntry !== "string")
    throw new Error(
      `onCreateWebpackConfig: expected Gatsby's "app" entry as a path, got ${JSON.stringify(gatsbyEntry)}`,
    );
  return {
    ...config,
    entry: { ...entry, app: BROWSER_ENTRY },
    resolve: {
      ...config.resolve,
      alias: { ...config.resolve?.alias, [`${APP_ENTRY}$`]: gatsbyEntry },
    },
  };
}

/**
 * The config with the compile hints' plugin, or without it. Webpack's persistent cache keeps each chunk's final
 * text under a key that does not see what a processAssets plugin added, so a build that switches the hints must
 * not share the cache of one that did not: the cache's version names the choice.
 */
export function withCompileHints<T extends EntryConfig>(config: T, wanted: boolean): T {
  const version = wanted ? "compile-hints" : "no-compile-hints";
  return {
    ...config,
    ...(config.cache && typeof config.cache === "object"
      ? { cache: { ...config.cache, version } }
      : {}),
    ...(wanted ? { plugins: [...(config.plugins ?? []), new CompileHintsPlugin()] } : {}),
  };
}

/** The constants the server renderer gets from the build (see src/types/inline-scripts.d.ts). */
export function serverRendererConstants(): Record<string, string> {
  return { AB_FLAGS_SCRIPT: JSON.stringify(abFlagsScript()) };
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
  plugins,
}) => {
  if (stage === "build-html" || stage === "develop-html") {
    actions.setWebpackConfig({ plugins: [plugins.define(serverRendererConstants())] });
    return;
  }
  if (stage !== "build-javascript") return;
  const config = withCompileHints(
    withBrowserEntry(getConfig() as EntryConfig),
    compileHintsWanted(process.env),
  );
  actions.replaceWebpackConfig(
    sourceMapsWanted(process.env) ? config : { ...config, devtool: false },
  );
};
