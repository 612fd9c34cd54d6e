// Tests which webpack plugins the CMS admin's bundle drops (the build stops when they are not there to drop)
// and the admin's own persistent cache.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ADMIN_CACHE_NAME,
  adminCache,
  withoutInstancesOf,
  type PluginClass,
} from "../../../src/gatsby/cmsWebpack";

/** The classes as gatsby-plugin-decap-cms loads them (the same way gatsby-config.ts does). */
const fromCmsPlugin = createRequire(require.resolve("gatsby-plugin-decap-cms/package.json"));
const CopyPlugin = fromCmsPlugin("copy-webpack-plugin") as PluginClass;
const TagsPlugin = fromCmsPlugin("html-webpack-tags-plugin") as PluginClass;

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
