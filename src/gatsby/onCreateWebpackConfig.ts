/**
 * The production browser bundle starts from src/gatsby/browserEntry.ts, which imports Gatsby's own entry
 * (`gatsby-production-app`) after React DOM, styled-components and the site's gatsby-browser, each in a task of
 * its own. Other stages (develop, the server renderer) keep Gatsby's configuration.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";

export const APP_ENTRY = "gatsby-production-app";
export const BROWSER_ENTRY = path.join(__dirname, "browserEntry.ts");

interface EntryConfig {
  entry?: unknown;
  resolve?: { alias?: Record<string, unknown> };
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

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
}) => {
  if (stage !== "build-javascript") return;
  actions.replaceWebpackConfig(withBrowserEntry(getConfig() as EntryConfig));
};
