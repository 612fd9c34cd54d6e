/** Gatsby configuration: plugins, site metadata and the development middleware that mounts our functions. */
import type { GatsbyConfig } from "gatsby";
import { site } from "./src/config/site";
import { mountFunctions, type DevelopApp } from "./src/server/http/develop";
import { sitemapPages, type SitemapData, type SitemapPage } from "./src/gatsby/sitemap";
import { lastCommitDates } from "./src/gatsby/contentDates";
import { existingContentSources } from "./src/gatsby/contentSources";
import { anchorHeadings } from "./src/data/blogHeadings";
import { siteAdapter } from "./src/gatsby/hostAdapter";

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.title,
    description: site.description,
    siteUrl: site.url,
  },
  trailingSlash: "always",
  // The last build step on every host: publishes the security headers to Vercel's Build Output config.
  adapter: siteAdapter(__dirname),
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
      // Content images at quality 50.
      options: { defaults: { quality: 50, formats: ["auto", "webp"], placeholder: "blurred" } },
    },
    "gatsby-transformer-sharp",
    // Only folders that exist: a missing one would stop gatsby-source-filesystem (git keeps no empty folders).
    ...existingContentSources(__dirname).map(({ name, path }) => ({
      resolve: "gatsby-source-filesystem",
      options: { name, path },
    })),
    {
      resolve: "gatsby-transformer-remark",
      options: {
        gfm: true,
        plugins: [
          {
            resolve: "gatsby-remark-images",
            // Max width 766, quality 50, lazy, with the plugin's built-in 0.5 s fade-in.
            options: {
              maxWidth: 766,
              quality: 50,
              withWebp: { quality: 50 },
              loading: "lazy",
              linkImagesToOriginal: false,
              backgroundColor: "transparent",
            },
          },
          {
            // Heading ids from the site's slug() (the table of contents reads the same ids) and a
            // permalink beside each h2/h3. Hash scrolling is left to the browser and the one scroll
            // offset in GlobalStyle, so no script second-guesses it on the first load.
            resolve: `${__dirname}/src/gatsby/remark-heading-anchors`,
            options: { anchorHeadings },
          },
          {
            resolve: "gatsby-remark-prismjs",
            options: {
              noInlineHighlight: true,
              aliases: { sh: "bash", ts: "typescript", js: "javascript" },
            },
          },
        ],
      },
    },
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        query: `{
          allSitePage { nodes { path pageContext } }
          allBlogPost { nodes { path date updated } }
          allMarketingPage { nodes { path sourceFile variantOf } }
          allCaseStudy { nodes { path sourceFile } }
          allWebinar { nodes { path sourceFile } }
        }`,
        resolveSiteUrl: () => site.url,
        // lastmod: a post's date, else the last commit of the page's content file (src/gatsby/sitemap.ts).
        resolvePages: (data: SitemapData) =>
          sitemapPages(data, lastCommitDates(__dirname, ["content"])),
        serialize: ({ path, lastmod }: SitemapPage) => ({
          url: path,
          changefreq: "weekly",
          ...(lastmod ? { lastmod } : {}),
        }),
      },
    },
  ],
};

export default config;
