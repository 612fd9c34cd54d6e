/** Gatsby Node APIs: each lives in src/gatsby/ and is only re-exported here. */
export { createSchemaCustomization } from "./src/gatsby/createSchemaCustomization";
export { onCreateNode } from "./src/gatsby/onCreateNode";
export { createPages } from "./src/gatsby/createPages";
export { onPostBuild } from "./src/gatsby/onPostBuild";
export { onPreExtractQueries } from "./src/gatsby/onPreExtractQueries";
export { onPreBootstrap } from "./src/gatsby/onPreBootstrap";
export { createResolvers } from "./src/gatsby/createResolvers";
export { onCreateWebpackConfig } from "./src/gatsby/onCreateWebpackConfig";
export { onCreateDevServer } from "./src/gatsby/onCreateDevServer";
