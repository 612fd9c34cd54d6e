// Tests which of Gatsby's webpack rules the CMS admin's bundle drops.
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ADMIN_CACHE_NAME,
  adminCache,
  isDependencyBabelRule,
} from "../../../src/gatsby/cmsWebpack";

const babel = (preset: string) => ({
  test: /\.(js|mjs)$/,
  use: [
    {
      loader: "/x/node_modules/gatsby/dist/utils/babel-loader.js",
      options: { presets: [[preset, { stage: "build-javascript" }]] },
    },
  ],
});

describe("isDependencyBabelRule", () => {
  it("finds Gatsby's Babel rule for node_modules", () => {
    expect(
      isDependencyBabelRule(babel("/x/node_modules/babel-preset-gatsby/dependencies.js")),
    ).toBe(true);
    expect(
      isDependencyBabelRule(babel("C:\\x\\node_modules\\babel-preset-gatsby\\dependencies.js")),
    ).toBe(true);
  });

  it("keeps the rule for the site's own code and every other rule", () => {
    expect(isDependencyBabelRule(babel("/x/node_modules/babel-preset-gatsby/index.js"))).toBe(
      false,
    );
    expect(
      isDependencyBabelRule({ test: /\.css$/, use: ["style-loader", { loader: "css-loader" }] }),
    ).toBe(false);
    expect(isDependencyBabelRule({ oneOf: [] })).toBe(false);
    expect(isDependencyBabelRule(null)).toBe(false);
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
