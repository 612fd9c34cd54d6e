// `npm run check-links` (a step of `npm test`, after the build): every internal link and asset in public/ resolves.
// Usage: tsx scripts/check-links.ts [publicDir]   (default: public)
import fs from "node:fs";
import path from "node:path";
import { functionAddresses } from "../src/server/functionPaths";
import { brokenLinks } from "./lib/links";

const publicDir = path.resolve(process.argv[2] ?? "public");
// Paths answered by the functions, not by files: the routers' own table, each path up to its first parameter.
const functionPrefixes = functionAddresses.map(({ path: route }) => route.split("/:")[0] ?? route);

if (!fs.existsSync(path.join(publicDir, "index.html"))) {
  console.error(`links: no build in ${publicDir} (run npm run build first)`);
  process.exit(1);
}
const { checked, broken } = brokenLinks(publicDir, functionPrefixes);
if (broken.length > 0) {
  console.error(`links: ${broken.length} broken of ${checked} internal references in ${publicDir}`);
  for (const { from, url } of broken.slice(0, 200)) console.error(`  - ${from} → ${url}`);
  process.exit(1);
}
console.log(`links: all ${checked} internal references in ${publicDir} resolve`);
