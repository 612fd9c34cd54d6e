/** Gatsby's own browser entry (.cache/production-app), aliased by onCreateWebpackConfig. */
declare module "gatsby-production-app";
