// Tests which of Gatsby's webpack rules the CMS admin's bundle drops.
import { describe, expect, it } from "vitest";
import { isDependencyBabelRule } from "../../../src/gatsby/cmsWebpack";

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
