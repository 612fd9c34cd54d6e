/** Gatsby configuration: plugins, site metadata and the development middleware that mounts our functions. */
import type { GatsbyConfig } from "gatsby";
import { site } from "./src/config/site";
import { includeInSitemap, type SitemapPage } from "./src/gatsby/sitemap";

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.title,
    description: site.description,
    siteUrl: site.url,
  },
  trailingSlash: "always",
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts" },
  plugins: [
    {
      resolve: "gatsby-plugin-styled-components",
      options: { displayName: false, fileName: false, pure: true },
    },
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
