// The production browser bundle's webpack config: the site's entry (src/runtime/browserEntry.ts) in front of
// Gatsby's, compile hints, and source maps only when asked for.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  APP_ENTRY,
  BROWSER_ENTRY,
  onCreateWebpackConfig,
  serverRendererConstants,
  sourceMapsWanted,
  withBrowserEntry,
  withCompileHints,
} from "../../../src/gatsby/onCreateWebpackConfig";

describe("BROWSER_ENTRY", () => {
  it("names the runtime's entry module, which exists (webpack would fail the build on a wrong path)", () => {
    expect(BROWSER_ENTRY).toBe(path.resolve(__dirname, "../../../src/runtime/browserEntry.ts"));
    expect(existsSync(BROWSER_ENTRY)).toBe(true);
  });
});

describe("withBrowserEntry", () => {
  const gatsbyConfig = {
    entry: { app: "/site/.cache/production-app", polyfill: "/site/.cache/polyfill-entry" },
    resolve: { alias: { gatsby$: "/site/.cache/gatsby-browser-entry.js" } },
    mode: "production",
  };

  it("puts the site's entry in Gatsby's place and aliases Gatsby's entry for it", () => {
    const config = withBrowserEntry(gatsbyConfig);
    expect(config.entry).toEqual({ app: BROWSER_ENTRY, polyfill: "/site/.cache/polyfill-entry" });
    expect(config.resolve.alias).toEqual({
      gatsby$: "/site/.cache/gatsby-browser-entry.js",
      [`${APP_ENTRY}$`]: "/site/.cache/production-app",
    });
    expect(config).toMatchObject({ mode: "production" });
    // The input is left as it was (Gatsby's getConfig() result may be shared).
    expect(gatsbyConfig.entry.app).toBe("/site/.cache/production-app");
  });

  it("refuses a config whose app entry is not a path", () => {
    expect(() => withBrowserEntry({ entry: { app: ["/a", "/b"] } })).toThrow(/"app" entry/);
    expect(() => withBrowserEntry({ entry: "/x" })).toThrow(/"app" entry/);
  });

  it("is applied to the production browser bundle only (gatsby develop and the server renderer keep Gatsby's)", () => {
    const replaced: unknown[] = [];
    const set: unknown[] = [];
    const call = (stage: string) =>
      (onCreateWebpackConfig as (args: unknown) => void)({
        stage,
        getConfig: () => gatsbyConfig,
        actions: {
          replaceWebpackConfig: (config: unknown) => replaced.push(config),
          setWebpackConfig: (config: unknown) => set.push(config),
        },
        plugins: { define: (values: unknown) => ({ define: values }) },
      });
    for (const stage of ["develop", "develop-html", "build-html"]) call(stage);
    expect(replaced).toEqual([]);
    // The server renderer only gets the compiled head script as a constant.
    expect(set).toEqual([
      { plugins: [{ define: serverRendererConstants() }] },
      { plugins: [{ define: serverRendererConstants() }] },
    ]);
    vi.stubEnv("SOURCE_MAPS", "");
    call("build-javascript");
    expect(replaced).toEqual([
      { ...withCompileHints(withBrowserEntry(gatsbyConfig), true), devtool: false },
    ]);
    vi.stubEnv("COMPILE_HINTS", "0");
    call("build-javascript");
    expect(replaced.at(-1)).toEqual({ ...withBrowserEntry(gatsbyConfig), devtool: false });
  });
});

describe("production source maps", () => {
  const built = (sourceMaps: string) => {
    vi.stubEnv("SOURCE_MAPS", sourceMaps);
    let config: { devtool?: unknown } = {};
    (onCreateWebpackConfig as (args: unknown) => void)({
      stage: "build-javascript",
      getConfig: () => ({ entry: { app: "/site/.cache/production-app" }, devtool: "source-map" }),
      actions: { replaceWebpackConfig: (c: { devtool?: unknown }) => (config = c) },
    });
    return config.devtool;
  };

  it("are not generated, so not published, by default", () => {
    expect(built("")).toBe(false);
    expect(built("false")).toBe(false);
  });

  it("are Gatsby's (published beside the bundles) with SOURCE_MAPS=true", () => {
    expect(built("true")).toBe("source-map");
    expect(built("1")).toBe("source-map");
    expect(sourceMapsWanted({ SOURCE_MAPS: " TRUE " })).toBe(true);
    expect(sourceMapsWanted({})).toBe(false);
  });
});
