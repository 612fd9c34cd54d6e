/** Creates the content-generated routes: one page per file in content/pages/. */
import path from "node:path";
import type { GatsbyNode } from "gatsby";

interface MarketingPagesResult {
  allMarketingPage: { nodes: Array<{ id: string; path: string; sourceFile: string; noindex: boolean; canonical: string | null }> };
}

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<MarketingPagesResult>(`
    query MarketingPages {
      allMarketingPage {
        nodes {
          id
          path
          sourceFile
          noindex
          canonical
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query marketing pages", result.errors);
    return;
  }
  const seen = new Map<string, string>();
  for (const page of result.data.allMarketingPage.nodes) {
    const other = seen.get(page.path);
    if (other) {
      reporter.panicOnBuild(`Two content files claim ${page.path}: ${other} and ${page.sourceFile}`);
      continue;
    }
    seen.set(page.path, page.sourceFile);
    actions.createPage({
      path: page.path,
      component: path.resolve("src/templates/MarketingPage.tsx"),
      // Variants that point their canonical elsewhere stay out of the sitemap, like noindex pages.
      context: { id: page.id, excludeFromSitemap: page.noindex || (page.canonical !== null && page.canonical !== page.path) },
    });
  }
};
