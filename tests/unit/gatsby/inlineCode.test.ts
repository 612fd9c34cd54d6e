// The inline scripts are compiled from TypeScript at build time: one self-contained statement each, the same
// text every time (the CSP hashes it), and what gatsby-ssr writes is that text.
import { describe, expect, inject, it } from "vitest";
import { abFlagsScript, bundleLoaderScript, compileInline } from "../../../src/gatsby/inlineCode";
import { serverRendererConstants } from "../../../src/gatsby/onCreateWebpackConfig";
import { onRenderBody } from "../../../gatsby-ssr";
import path from "node:path";

describe("inline code", () => {
  it("compiles each script to one minified statement without imports or exports", () => {
    for (const code of [abFlagsScript(), bundleLoaderScript()]) {
      expect(code).toMatch(/^\(\(\)=>\{.*\}\)\(\);$/s);
      expect(code).not.toMatch(/\bimport\b|\bexport\b|\brequire\(/);
      expect(code).not.toContain("\n");
    }
    expect(abFlagsScript()).toContain('"ABLocalFlags"');
    expect(bundleLoaderScript()).toContain("document.currentScript");
  });

  it("gives the same text for the same sources, in the build and in the tests", () => {
    const file = path.resolve(__dirname, "../../../src/runtime/bundleLoader.ts");
    const again = compileInline(
      file,
      "loadBundlesAfterPaint",
      "loadBundlesAfterPaint(document.currentScript)",
    );
    expect(again).toBe(bundleLoaderScript());
    expect(inject("inlineScripts")).toEqual({
      abFlags: abFlagsScript(),
      bundleLoader: bundleLoaderScript(),
    });
  });

  it("is what gatsby-ssr writes into every head (the server renderer gets it as a constant)", () => {
    expect(serverRendererConstants()).toEqual({ AB_FLAGS_SCRIPT: JSON.stringify(abFlagsScript()) });
    const head: Array<{ key?: string; props: { dangerouslySetInnerHTML?: { __html: string } } }> =
      [];
    const noop = () => undefined;
    (onRenderBody as (args: unknown) => void)({
      setHeadComponents: (components: typeof head) => head.push(...components),
      setHtmlAttributes: noop,
      setPreBodyComponents: noop,
    });
    const script = head.find((element) => element.key === "ab-flags");
    expect(script?.props.dangerouslySetInnerHTML?.__html).toBe(abFlagsScript());
  });

  it("fails with the file's name when a source does not compile", () => {
    const broken = path.resolve(__dirname, "../../../src/gatsby/no-such-file.ts");
    expect(() => compileInline(broken, "x", "x()")).toThrow(/no-such-file/);
  });
});
