/** Gatsby configuration: plugins, site metadata and the development middleware that mounts our functions. */
import type { GatsbyConfig } from "gatsby";
import { site } from "./src/config/site";
import { mountFunctions, type DevelopApp } from "./src/server/develop";
import { theme } from "./src/styles/theme";
import { includeInSitemap, type SitemapPage } from "./src/gatsby/sitemap";

/** Content folders, by the source name src/gatsby/onCreateNode.ts dispatches on. */
const contentSources = [
  ["pages", "content/pages"],
  ["blog", "content/blog"],
  ["authors", "content/authors"],
  ["tags", "content/tags"],
  ["caseStudies", "content/case-studies"],
  ["webinars", "content/webinars"],
] as const;

const headerOffset = Number.parseInt(theme.sizes.header, 10);
/** A small "#" mark shown beside headings on hover (the link's name comes from the plugin's aria-label). */
const anchorIcon = `<svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16"><path fill="currentColor" d="M6.5 1 5.6 5H2.5l-.2 1.5h3L4.6 9.5H1.5l-.2 1.5h3L3.5 15H5l.8-4h3l-.8 4h1.5l.8-4h3.1l.2-1.5h-3l.7-3h3.1l.2-1.5h-3l.8-4H11l-.8 4h-3l.8-4H6.5Zm.3 5.5h3l-.7 3h-3l.7-3Z"/></svg>`;

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
      // The content admin at /admin/ (Decap CMS). Its bundle loads only there.
      resolve: "gatsby-plugin-decap-cms",
      options: {
        modulePath: `${__dirname}/src/cms/cms.tsx`,
        // SPEC §2, §6: no Netlify Identity widget, on the admin or on the site.
        enableIdentityWidget: false,
        htmlTitle: `${site.productName} content admin`,
        // STACK.md trap 3: React 19 ships no UMD files to copy, so bundle React with the CMS.
        customizeWebpackConfig: (config: {
          externals?: unknown;
          devtool?: unknown;
          resolve?: { alias?: Record<string, string> };
          plugins?: Array<{ constructor: { name: string } }>;
        }) => {
          config.externals = [];
          // No source maps for the admin: they double the CMS bundle's build time (STACK.md trap 13).
          config.devtool = false;
          // The previews render the site's views; "gatsby" there is a small shim (src/cms/gatsby-shim.tsx).
          config.resolve = {
            ...config.resolve,
            alias: { ...config.resolve?.alias, gatsby$: `${__dirname}/src/cms/gatsby-shim.tsx` },
          };
          config.plugins = (config.plugins ?? []).filter(
            (plugin) => !["CopyPlugin", "HtmlWebpackTagsPlugin"].includes(plugin.constructor.name),
          );
        },
      },
    },
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
    ...contentSources.map(([name, folder]) => ({
      resolve: "gatsby-source-filesystem",
      options: { name, path: `${__dirname}/${folder}` },
    })),
    {
      resolve: "gatsby-transformer-remark",
      options: {
        gfm: true,
        plugins: [
          {
            resolve: "gatsby-remark-images",
            // SPEC §2: max width 766, quality 50, lazy, with the plugin's built-in 0.5 s fade-in.
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
            resolve: "gatsby-remark-autolink-headers",
            // Its first-load scroll to a hash subtracts offsetY; keep it equal to the sticky header.
            options: {
              offsetY: headerOffset,
              icon: anchorIcon,
              className: "heading-anchor",
              elements: ["h2", "h3"],
            },
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
