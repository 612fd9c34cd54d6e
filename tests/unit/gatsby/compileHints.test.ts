// Tests which chunks get V8's compile hint, and that the plugin puts it where V8 reads it in a real production
// webpack build: the first line of the minified file, counted in the file's content hash.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Stats, webpack as Webpack } from "webpack";
import type TerserPluginClass from "terser-webpack-plugin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPILE_HINT,
  CompileHintsPlugin,
  compileHintsWanted,
  wantsCompileHint,
} from "../../../src/gatsby/compileHints";
import { withCompileHints } from "../../../src/gatsby/onCreateWebpackConfig";

/** Webpack and Terser as Gatsby's build loads them: the versions the plugin really runs in. */
const fromGatsby = createRequire(require.resolve("gatsby/package.json"));
const webpack = fromGatsby("webpack") as typeof Webpack;
const TerserPlugin = fromGatsby("terser-webpack-plugin") as typeof TerserPluginClass;

describe("wantsCompileHint", () => {
  it("hints React's, the site's start-up and the analytics runner's chunks by name", () => {
    expect(wantsCompileHint({ name: "framework", resources: [] })).toBe(true);
    expect(wantsCompileHint({ name: "app", resources: [] })).toBe(true);
    expect(wantsCompileHint({ name: "analytics-runner", resources: [] })).toBe(true);
  });

  it("hints a chunk holding an Amplitude module, on any platform's paths", () => {
    expect(
      wantsCompileHint({
        name: null,
        resources: ["/site/node_modules/@amplitude/plugin-autocapture-browser/lib/esm/index.js"],
      }),
    ).toBe(true);
    expect(
      wantsCompileHint({
        name: undefined,
        resources: ["C:\\site\\node_modules\\@amplitude\\analytics-core\\index.js"],
      }),
    ).toBe(true);
  });

  it("leaves page chunks, other vendors and the site's own lazy code without it", () => {
    expect(
      wantsCompileHint({
        name: "component---src-templates-page-tsx",
        resources: ["/site/src/templates/page.tsx"],
      }),
    ).toBe(false);
    expect(
      wantsCompileHint({
        name: null,
        resources: ["/site/node_modules/@fingerprintjs/fingerprintjs-pro/dist/fp.esm.js"],
      }),
    ).toBe(false);
    expect(
      wantsCompileHint({ name: "roi-calculator", resources: ["/site/src/amplitude/notes.ts"] }),
    ).toBe(false);
  });
});

describe("compileHintsWanted and withCompileHints", () => {
  it("are on unless COMPILE_HINTS says 0 or false", () => {
    expect(compileHintsWanted({})).toBe(true);
    expect(compileHintsWanted({ COMPILE_HINTS: "1" })).toBe(true);
    expect(compileHintsWanted({ COMPILE_HINTS: " 0 " })).toBe(false);
    expect(compileHintsWanted({ COMPILE_HINTS: "False" })).toBe(false);
  });

  it("adds the plugin and gives each choice a cache of its own", () => {
    const config: { plugins: unknown[]; cache: Record<string, unknown> } = {
      plugins: [{ apply() {} }],
      cache: { type: "filesystem", name: "x" },
    };
    const on = withCompileHints(config, true);
    const off = withCompileHints(config, false);
    expect(on.plugins?.at(-1)).toBeInstanceOf(CompileHintsPlugin);
    expect(off.plugins).toEqual(config.plugins);
    expect(on.cache).toMatchObject({ type: "filesystem", name: "x" });
    expect(on.cache.version).toEqual(expect.any(String));
    expect(on.cache.version).not.toBe(off.cache.version);
  });
});

describe("CompileHintsPlugin in a production webpack build", () => {
  let dir: string;

  /** Builds the tiny project with or without the plugin; returns each output file's text by chunk name. */
  async function build(out: string, hints: boolean): Promise<Map<string, string>> {
    const compiler = webpack({
      mode: "production",
      context: dir,
      entry: { app: "./src/entry.js" },
      output: { path: path.join(dir, out), filename: "[name]-[contenthash].js" },
      optimization: {
        minimize: true,
        minimizer: [new TerserPlugin({ extractComments: false })],
        splitChunks: {
          cacheGroups: {
            framework: {
              name: "framework",
              test: /[\\/]framework[\\/]/,
              chunks: "all",
              enforce: true,
            },
          },
        },
      },
      plugins: hints ? [new CompileHintsPlugin()] : [],
      cache: false,
    });
    const stats = await new Promise<Stats>((resolve, reject) =>
      compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    expect(stats.hasErrors(), stats.toString("errors-only")).toBe(false);
    for (const chunk of stats.compilation.chunks)
      if (chunk.name === "analytics")
        concatenated = [...stats.compilation.chunkGraph.getChunkModulesIterable(chunk)].some(
          (module) => "modules" in module,
        );
    const files = new Map<string, string>();
    for (const chunk of stats.compilation.chunks)
      for (const file of chunk.files)
        files.set(
          chunk.name ?? `id-${String(chunk.id)}`,
          `${file}\n${fs.readFileSync(path.join(dir, out, file), "utf8")}`,
        );
    return files;
  }

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  let hinted: Map<string, string>;
  let concatenated = false;
  let plain: Map<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    write("framework/index.js", "export const render = (x) => `<${x}>`;\n");
    write(
      "node_modules/@amplitude/clicks/index.js",
      "export function capture(e) { return e.target.tagName + ' ' + e.type; }\n",
    );
    write("src/page.js", "export default function page() { return 'a page'; }\n");
    // The site's own module that imports the SDK: webpack concatenates the two into one module whose name is
    // the site's file, and the chunk must still count as holding Amplitude.
    write(
      "node_modules/@amplitude/core/index.js",
      "export function track(name) { return { event_type: name, time: Date.now() }; }\n",
    );
    write(
      "src/analytics.js",
      "import { track } from '@amplitude/core';\nexport const start = () => track('start');\n",
    );
    write(
      "src/entry.js",
      [
        "import { render } from '../framework/index.js';",
        "/* a comment Terser drops */",
        "document.title = render('start');",
        "import(/* webpackChunkName: 'clicks' */ '@amplitude/clicks').then((m) => m.capture);",
        "import(/* webpackChunkName: 'page' */ './page.js').then((m) => m.default);",
        "import(/* webpackChunkName: 'analytics' */ './analytics.js').then((m) => m.start());",
        "",
      ].join("\n"),
    );
    hinted = await build("hinted", true);
    plain = await build("plain", false);
  }, 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const text = (files: Map<string, string>, name: string) => {
    const entry = files.get(name);
    if (!entry) throw new Error(`no chunk ${name} in ${[...files.keys()].join(", ")}`);
    const newline = entry.indexOf("\n");
    return { file: entry.slice(0, newline), source: entry.slice(newline + 1) };
  };

  it("starts the framework, app and Amplitude chunks with the hint, after minification", () => {
    for (const name of ["framework", "app", "clicks"]) {
      const { source } = text(hinted, name);
      expect(source.split("\n")[0], name).toBe(COMPILE_HINT);
      expect(source).not.toContain("a comment Terser drops");
    }
    // Apart from the hint, the same minified code (the app chunk also names its lazy chunks' new hashes).
    for (const name of ["framework", "clicks"])
      expect(text(hinted, name).source.slice(COMPILE_HINT.length + 1)).toBe(
        text(plain, name).source,
      );
  });

  it("hints a chunk whose Amplitude code webpack concatenated into the site's own module", () => {
    expect(concatenated).toBe(true);
    expect(text(hinted, "analytics").source.split("\n")[0]).toBe(COMPILE_HINT);
    expect(text(plain, "analytics").source).not.toContain(COMPILE_HINT);
  });

  it("leaves the page chunk as it was", () => {
    expect(text(hinted, "page").source).toBe(text(plain, "page").source);
    expect(text(hinted, "page").source).not.toContain(COMPILE_HINT);
  });

  it("counts the hint in the file's content hash, so a cached old file is never served for the new", () => {
    for (const name of ["framework", "app", "clicks"])
      expect(text(hinted, name).file).not.toBe(text(plain, name).file);
    expect(text(hinted, "page").file).toBe(text(plain, "page").file);
  });
});
