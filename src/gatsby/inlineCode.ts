/**
 * Browser code that pages carry inline, compiled from its TypeScript at build time: the A/B flags head script
 * and the bundle loader are ordinary modules (type-checked, linted, unit-tested as code), and esbuild turns each
 * into one minified statement here. The output is the same for the same sources, so the script gatsby-ssr
 * writes and the one the CSP builder hashes agree.
 */
import path from "node:path";
import { buildSync } from "esbuild";

/** package.json's browserslist, in esbuild's terms. */
export const BROWSERS = ["chrome111", "edge111", "firefox115", "safari16.4", "ios16.4", "opera97"];

/** `call` (an expression using `name`, exported by `file`) as a self-contained minified script. */
export function compileInline(file: string, name: string, call: string): string {
  const result = buildSync({
    stdin: {
      contents: `import { ${name} } from ${JSON.stringify(file)};\n${call};`,
      resolveDir: path.dirname(file),
      loader: "ts",
      sourcefile: `inline-${name}.ts`,
    },
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: BROWSERS,
    minify: true,
    legalComments: "none",
    charset: "utf8",
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text.trim();
  if (!code) throw new Error(`inlineCode: esbuild produced nothing for ${file}`);
  return code;
}

function once(compile: () => string): () => string {
  let code: string | null = null;
  return () => (code ??= compile());
}

/** The head script that marks <html> with each experiment's variant before the first paint. */
export const abFlagsScript = once(() =>
  compileInline(
    path.join(__dirname, "..", "providers", "experiments", "flags.ts"),
    "markVariants",
    "markVariants()",
  ),
);

/** The loader that inserts Gatsby's bundles after the largest paint (reads its own data-bundles). */
export const bundleLoaderScript = once(() =>
  compileInline(
    path.join(__dirname, "..", "runtime", "bundleLoader.ts"),
    "loadBundlesAfterPaint",
    "loadBundlesAfterPaint(document.currentScript)",
  ),
);
