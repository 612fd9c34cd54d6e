/**
 * Production source maps stay off the deployed site unless SOURCE_MAPS asks for them. The bundles are built
 * without them (onCreateWebpackConfig.ts); this removes maps an earlier build left in public/, which Gatsby
 * keeps between builds and hosts restore with their build cache.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

/** A source map or one of its compressed siblings (`app-1a2b.js.map`, `….js.map.br`). */
const isSourceMap = (file: string): boolean => /\.(?:js|css)\.map(?:\.br|\.gz)?$/.test(file);

/** Deletes every source map under publicDir; returns how many there were. */
export async function removeSourceMaps(publicDir: string): Promise<number> {
  const maps = (await fs.readdir(publicDir, { recursive: true })).filter(isSourceMap);
  await Promise.all(maps.map((file) => fs.rm(path.join(publicDir, file), { force: true })));
  return maps.length;
}
