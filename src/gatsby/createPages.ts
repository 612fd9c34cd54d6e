/** Creates the content-generated routes: one page per file in content/pages/. */
import path from "node:path";
import type { GatsbyNode } from "gatsby";

interface MarketingPagesResult {
  allMarketingPage: {
    nodes: Array<{
      id: string;
      path: string;
      sourceFile: string;
      noindex: boolean;
      canonical: string | null;
      variantOf: string | null;
      experiment: string | null;
    }>;
  };
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
          variantOf
          experiment
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query marketing pages", result.errors);
    return;
  }
  const nodes = result.data.allMarketingPage.nodes;
  // Treatment variants are served at their base page's path, so they get no route of their own.
  const variants = new Map(nodes.filter((n) => n.variantOf).map((n) => [n.variantOf ?? "", n]));
  for (const variant of variants.values()) {
    if (!nodes.some((n) => n.path === variant.variantOf && !n.variantOf)) {
      reporter.panicOnBuild(
        `${variant.sourceFile} is a variant of ${variant.variantOf ?? ""}, but no page has that path`,
      );
    }
  }
  const seen = new Map<string, string>();
  for (const page of nodes.filter((n) => !n.variantOf)) {
    const other = seen.get(page.path);
    if (other) {
      reporter.panicOnBuild(
        `Two content files claim ${page.path}: ${other} and ${page.sourceFile}`,
      );
      continue;
    }
    seen.set(page.path, page.sourceFile);
    actions.createPage({
      path: page.path,
      component: path.resolve("src/templates/MarketingPage.tsx"),
      // Variants that point their canonical elsewhere stay out of the sitemap, like noindex pages.
      context: {
        id: page.id,
        variantId: variants.get(page.path)?.id ?? null,
        experiment: variants.get(page.path)?.experiment ?? null,
        excludeFromSitemap:
          page.noindex || (page.canonical !== null && page.canonical !== page.path),
      },
    });
  }
};
