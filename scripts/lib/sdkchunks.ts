// Which built chunks carry a vendor SDK, from their source maps: none of them may be in a page's first load.
import fs from "node:fs";
import path from "node:path";

/** The SDKs: the package folder under node_modules, and the name printed. */
const SDK_PACKAGES: [string, string][] = [
  ["@amplitude/", "Amplitude"],
  ["@fingerprintjs/fingerprintjs-pro", "Fingerprint Pro"],
  ["@fingerprintjs/botd", "BotD"],
];

/** The SDKs a chunk's source map lists among its `sources`. */
export function sdksInSources(sources: string[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    const at = source.lastIndexOf("node_modules/");
    const rest = at < 0 ? "" : source.slice(at + "node_modules/".length);
    for (const [prefix, label] of SDK_PACKAGES)
      if (at >= 0 && rest.startsWith(prefix)) found.add(label);
  }
  return [...found].sort();
}

/**
 * "/<chunk>.js" → SDK names, for every chunk of the current build whose source map names an SDK (public/ keeps
 * older builds' chunks: the current webpack runtime names the content hash of each chunk it can load). Throws
 * when the build has no source maps (SOURCE_MAPS=true), since an empty answer would read as "no SDK anywhere".
 */
export function sdkChunks(publicDir: string): Map<string, string[]> {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName?: { app?: string[] };
  };
  const bundles = (stats.assetsByChunkName?.app ?? []).filter((file) => file.endsWith(".js"));
  if (
    bundles.length === 0 ||
    !bundles.every((file) => fs.existsSync(path.join(publicDir, `${file}.map`)))
  )
    throw new Error(
      `the build in ${publicDir} has no source maps, which tell the SDK chunks apart (build with SOURCE_MAPS=true, as npm run bench does)`,
    );
  const runtimeFile = bundles.find((file) => file.startsWith("webpack-runtime"));
  const runtime = runtimeFile ? fs.readFileSync(path.join(publicDir, runtimeFile), "utf8") : null;
  const chunks = new Map<string, string[]>();
  for (const name of fs.readdirSync(publicDir).filter((file) => file.endsWith(".js.map"))) {
    const hash = /-([0-9a-f]{16,})\.js\.map$/.exec(name)?.[1];
    if (runtime !== null && hash && !runtime.includes(hash)) continue;
    const { sources = [] } = JSON.parse(fs.readFileSync(path.join(publicDir, name), "utf8")) as {
      sources?: string[];
    };
    const sdks = sdksInSources(sources);
    if (sdks.length > 0) chunks.set(`/${name.slice(0, -".map".length)}`, sdks);
  }
  return chunks;
}
