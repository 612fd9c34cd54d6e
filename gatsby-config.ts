/** Gatsby configuration: plugins, site metadata and the development middleware that mounts our functions. */
import type { GatsbyConfig } from "gatsby";
import { site } from "./src/config/site";
import { mountFunctions, type DevelopApp } from "./src/server/develop";
import { includeInSitemap, type SitemapPage } from "./src/gatsby/sitemap";

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.title,
    description: site.description,
    siteUrl: site.url,
  },
  trailingSlash: "always",
  developMiddleware: (app: DevelopApp) => mountFunctions(app),
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  plugins: [
    {
      resolve: "gatsby-plugin-styled-components",
      options: { displayName: false, fileName: false, pure: true },
    },
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      // SPEC §2: content images at quality 50.
      options: { defaults: { quality: 50, formats: ["auto", "webp"], placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "pages", path: `${__dirname}/content/pages` },
    },
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        query: `{ allSitePage { nodes { path pageContext } } }`,
        resolveSiteUrl: () => site.url,
        resolvePages: ({ allSitePage }: { allSitePage: { nodes: SitemapPage[] } }) =>
          allSitePage.nodes.filter(includeInSitemap),
        serialize: ({ path }: SitemapPage) => ({ url: path, changefreq: "weekly" }),
      },
    },
  ],
};

export default config;
