/** Declares the content model up front so queries never depend on what happens to be in content/. */
import type { GatsbyNode } from "gatsby";

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type MarketingPage implements Node @dontInfer {
      path: String!
      title: String!
      seoTitle: String
      description: String!
      noindex: Boolean!
      canonical: String
      variantOf: String
      experiment: String
      template: String!
      sections: JSON!
      sourceFile: String!
    }
  `);
};
