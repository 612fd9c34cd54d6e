/** Gatsby configuration: plugins, site metadata and the development middleware that mounts our functions. */
import type { GatsbyConfig } from "gatsby";
import { site } from "./src/config/site";
import { mountFunctions, type DevelopApp } from "./src/server/http/develop";
import { sitemapPages, type SitemapData, type SitemapPage } from "./src/gatsby/sitemap";
import { lastCommitDates } from "./src/gatsby/contentDates";
import { existingContentSources } from "./src/gatsby/contentSources";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import {
  adminCache,
  adminDefinitions,
  adminReactAliases,
  withoutInstancesOf,
  type PluginClass,
} from "./src/gatsby/cmsWebpack";
import { anchorHeadings } from "./src/data/blogHeadings";
import { siteAdapter } from "./src/gatsby/hostAdapter";

/** A package as the given package loads it (the same module instance, so `instanceof` holds). */
const loadedBy = (owner: string, name: string) =>
  createRequire(createRequire(`${__dirname}/package.json`).resolve(`${owner}/package.json`))(
    name,
  ) as PluginClass & { default?: PluginClass };
const classOf = (module: PluginClass & { default?: PluginClass }): PluginClass =>
  module.default ?? module;

/** terser-webpack-plugin as the admin's configuration uses it: with esbuild as the minifier. */
type EsbuildMinifier = (new (options: { minify: unknown; terserOptions: object }) => object) & {
  esbuildMinify: unknown;
};

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
      // The content admin at /admin/ (Decap CMS). Its bundle loads only there.
      resolve: "gatsby-plugin-decap-cms",
      options: {
        modulePath: `${__dirname}/src/cms/cms.tsx`,
        // cms.tsx starts the CMS itself, after registering its previews and save checks: with the plugin's
        // own init() the app could render an entry before they exist (Decap's raw preview, no checks).
        manualInit: true,
        // No Netlify Identity widget, on the admin or on the site.
        enableIdentityWidget: false,
        htmlTitle: `${site.productName} content admin`,
        // React 19 ships no UMD files for the plugin to copy, so React is bundled with the CMS.
        customizeWebpackConfig: (
          config: {
            externals?: unknown;
            cache?: unknown;
            devtool?: unknown;
            resolve?: { alias?: Record<string, string> };
            plugins?: object[];
            optimization?: { minimizer?: object[] };
          },
          { plugins }: { plugins: { define(definitions: Record<string, string>): object } },
        ) => {
          config.externals = [];
          config.cache = adminCache(config.cache);
          // Decap and its dependencies ship compiled JavaScript; gatsby-plugin-decap-cms already leaves Gatsby's
          // Babel rule for node_modules out of this configuration (its replaceRule), so there is no rule to drop.
          // Minified by esbuild (through terser-webpack-plugin's esbuildMinify), not Terser: Terser spent 14–18 s
          // of a core on the 6 MB admin bundle in every build even without its compress pass, esbuild well under
          // one. The admin loads once per editing session; the build runs on every publish.
          const TerserPlugin = loadedBy("gatsby", "terser-webpack-plugin") as unknown as EsbuildMinifier;
          config.optimization = {
            ...config.optimization,
            minimizer: [
              new TerserPlugin({
                minify: TerserPlugin.esbuildMinify,
                // esbuild's transform options: ASCII output as Terser's was; licence comments gathered at the end.
                terserOptions: { charset: "ascii", legalComments: "eof" },
              }),
              ...withoutInstancesOf(
                config.optimization?.minimizer ?? [],
                { "Terser minimizer": classOf(loadedBy("gatsby", "terser-webpack-plugin")) },
                "optimization.minimizer",
              ),
            ],
          };
          // No source maps for the admin: they double the CMS bundle's build time.
          config.devtool = false;
          // The previews render the site's views; "gatsby" there is a small shim (src/cms/gatsby-shim.tsx).
          config.resolve = {
            ...config.resolve,
            alias: {
              ...config.resolve?.alias,
              gatsby$: `${__dirname}/src/cms/gatsby-shim.tsx`,
              // The site runs React 18; Decap needs React 19, which only this bundle gets (npm aliases).
              // (createRequire: the compiled config has no require.resolve of its own.)
              ...adminReactAliases((name) =>
                dirname(createRequire(`${__dirname}/package.json`).resolve(`${name}/package.json`)),
              ),
            },
          };
          // The plugin's copies of React's UMD files and the tags that load them (React 19 has none).
          config.plugins = withoutInstancesOf(
            config.plugins ?? [],
            {
              "copy-webpack-plugin": classOf(
                loadedBy("gatsby-plugin-decap-cms", "copy-webpack-plugin"),
              ),
              "html-webpack-tags-plugin": classOf(
                loadedBy("gatsby-plugin-decap-cms", "html-webpack-tags-plugin"),
              ),
            },
            "plugins",
          );
          // CMS_BACKEND has no GATSBY_ prefix, so Gatsby does not inline it; the admin module reads it.
          config.plugins.push(plugins.define(adminDefinitions(process.env)));
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
