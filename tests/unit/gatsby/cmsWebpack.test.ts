// Tests which webpack plugins the CMS admin's bundle drops (the build stops when they are not there to drop),
// the admin's own persistent cache, and the whole customisation gatsby-config.ts hands the decap plugin.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ADMIN_CACHE_NAME,
  adminCache,
  customizeAdminWebpack,
  withoutInstancesOf,
  type AdminWebpackConfig,
  type PluginClass,
} from "../../../src/gatsby/cmsWebpack";

/** The classes as gatsby-plugin-decap-cms loads them (the same way gatsby-config.ts does). */
const fromCmsPlugin = createRequire(require.resolve("gatsby-plugin-decap-cms/package.json"));
const CopyPlugin = fromCmsPlugin("copy-webpack-plugin") as PluginClass;
const TagsPlugin = fromCmsPlugin("html-webpack-tags-plugin") as PluginClass;
/** terser-webpack-plugin as Gatsby loads it (its minimizer for the site, copied into the admin's config). */
const Terser = createRequire(require.resolve("gatsby/package.json"))(
  "terser-webpack-plugin",
) as (new (options?: object) => { options: { minimizer: { implementation: unknown } } }) & {
  esbuildMinify: unknown;
};

describe("withoutInstancesOf", () => {
  const copy = new (CopyPlugin as unknown as new (o: object) => object)({
    patterns: [{ from: "x" }],
  });
  const tags = new (TagsPlugin as unknown as new (o: object) => object)({ tags: ["a.js"] });
  const other = { apply() {} };
  const classes = { "copy-webpack-plugin": CopyPlugin, "html-webpack-tags-plugin": TagsPlugin };

  it("drops the CMS plugin's copy and tags plugins by class, whatever their constructor is called", () => {
    expect(withoutInstancesOf([copy, other, tags], classes, "plugins")).toEqual([other]);
    class Renamed extends (CopyPlugin as unknown as new (o: object) => object) {}
    const renamed = new Renamed({ patterns: [{ from: "x" }] });
    expect(renamed.constructor.name).not.toBe("CopyPlugin");
    expect(withoutInstancesOf([renamed, tags], classes, "plugins")).toEqual([]);
  });

  it("stops the build, naming what is missing, when a plugin it drops is not there", () => {
    expect(() => withoutInstancesOf([copy, other], classes, "plugins")).toThrow(
      /no html-webpack-tags-plugin in plugins/,
    );
  });
});

describe("adminCache", () => {
  it("gives the admin a persistent cache of its own, apart from the site's build-javascript", () => {
    const gatsby = {
      type: "filesystem",
      name: "build-javascript",
      cacheLocation: "/x/.cache/webpack/stage-build-javascript",
      buildDependencies: { config: ["/x/webpack.config.js"] },
    };
    const admin = adminCache(gatsby) as typeof gatsby;
    expect(admin).toEqual({
      ...gatsby,
      name: ADMIN_CACHE_NAME,
      cacheLocation: path.join("/x/.cache/webpack", ADMIN_CACHE_NAME),
    });
    // Gatsby's own config is not changed.
    expect(gatsby.name).toBe("build-javascript");
  });

  it("leaves a disabled or missing cache as it is", () => {
    expect(adminCache(false)).toBe(false);
    expect(adminCache(undefined)).toBeUndefined();
  });
});

describe("customizeAdminWebpack", () => {
  const root = path.resolve(__dirname, "../../..");
  const other = { apply() {} };
  /** The admin's config as gatsby-plugin-decap-cms hands it over (Gatsby's, plus its own copy and tags). */
  const pluginConfig = (): AdminWebpackConfig => ({
    externals: { react: "React", "react-dom": "ReactDOM" },
    cache: { type: "filesystem", name: "build-javascript" },
    devtool: "source-map",
    resolve: { alias: { "@site": "/x" } },
    plugins: [
      new (CopyPlugin as unknown as new (o: object) => object)({ patterns: [{ from: "x" }] }),
      other,
      new (TagsPlugin as unknown as new (o: object) => object)({ tags: ["react.js"] }),
    ],
    optimization: { minimizer: [new Terser()] },
  });

  it("bundles React 19 into the admin, aliases gatsby to the previews' shim and minifies with esbuild", () => {
    const config = pluginConfig();
    const defined = { defined: true };
    customizeAdminWebpack(root)(config, { plugins: { define: () => defined } });
    expect(config.externals).toEqual([]);
    expect(config.devtool).toBe(false);
    expect(config.cache).toMatchObject({ name: ADMIN_CACHE_NAME });
    // Decap's plugins gone, the site's define of the admin's backend choice added.
    expect(config.plugins).toEqual([other, defined]);
    expect(config.resolve?.alias).toEqual({
      "@site": "/x",
      gatsby$: `${root}/src/cms/gatsby-shim.tsx`,
      react: path.dirname(require.resolve("react-19/package.json")),
      "react-dom": path.dirname(require.resolve("react-dom-19/package.json")),
    });
    const minimizer = config.optimization?.minimizer ?? [];
    expect(minimizer).toHaveLength(1);
    expect(minimizer[0]).toBeInstanceOf(Terser);
    expect((minimizer[0] as InstanceType<typeof Terser>).options.minimizer.implementation).toBe(
      Terser.esbuildMinify,
    );
  });

  it("stops the build, naming the file to check, when the plugin no longer adds what it removes", () => {
    const config = { ...pluginConfig(), plugins: [other] };
    expect(() => customizeAdminWebpack(root)(config, { plugins: { define: () => ({}) } })).toThrow(
      /no copy-webpack-plugin in plugins.*src\/gatsby\/cmsWebpack\.ts/,
    );
  });
});
