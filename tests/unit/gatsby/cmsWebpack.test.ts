// Tests which webpack plugins the CMS admin's bundle drops, and that the build stops when they are not there to
// drop.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { adminCache, withoutInstancesOf, type PluginClass } from "../../../src/gatsby/cmsWebpack";

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
  it("gives the admin a persistent cache folder of its own beside the site's", () => {
    const site = {
      type: "filesystem",
      name: "build-javascript",
      cacheLocation: "/site/.cache/webpack/stage-build-javascript",
    };
    expect(adminCache(site)).toEqual({
      type: "filesystem",
      name: "cms-admin",
      cacheLocation: "/site/.cache/webpack/stage-build-javascript-cms-admin",
    });
    expect(site.cacheLocation).toBe("/site/.cache/webpack/stage-build-javascript");
    expect(adminCache(false)).toBe(false);
    expect(adminCache({ type: "memory" })).toEqual({ type: "memory" });
  });
});
