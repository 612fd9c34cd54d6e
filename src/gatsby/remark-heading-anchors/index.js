// gatsby-transformer-remark sub-plugin: heading ids and permalinks from the site's one slug().
// Gatsby loads sub-plugins as plain JavaScript, so the logic stays in TypeScript
// (src/data/blogHeadings.ts) and gatsby-config.ts hands it over as the `anchorHeadings` option.
"use strict";

module.exports = function remarkHeadingAnchors({ markdownAST, markdownNode }, pluginOptions) {
  const anchorHeadings = pluginOptions && pluginOptions.anchorHeadings;
  if (typeof anchorHeadings !== "function") {
    throw new Error(
      "remark-heading-anchors needs the anchorHeadings option (see gatsby-config.ts)",
    );
  }
  const frontmatter = (markdownNode && markdownNode.frontmatter) || {};
  return anchorHeadings(markdownAST, frontmatter.locale);
};
