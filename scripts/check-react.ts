// A step of `npm test`, after the build: the site's pages load React 18 only, the CMS admin React 19 only.
// Usage: tsx scripts/check-react.ts [publicDir]   (default: public)
import fs from "node:fs";
import path from "node:path";
import { builtReactMajors } from "./lib/reactversions";

const publicDir = path.resolve(process.argv[2] ?? "public");
if (!fs.existsSync(path.join(publicDir, "webpack.stats.json"))) {
  console.error(`react: no build in ${publicDir} (run npm run build first)`);
  process.exit(1);
}
const { pages, admin } = builtReactMajors(publicDir);
const problems = [
  ...(pages.length === 0 ? ["no page's first-load chunks were found"] : []),
  ...pages
    .filter((page) => page.majors.join() !== "18")
    .map((page) => `${page.route} loads React ${page.majors.join(" and ") || "(none)"}`),
  ...(admin?.join() === "19"
    ? []
    : [`the CMS admin bundles React ${admin?.join(" and ") ?? "(no admin)"}`]),
];
if (problems.length > 0) {
  console.error(
    `react: ${problems.length} problem(s): the site must load React 18 only, the admin React 19 only`,
  );
  for (const problem of problems.slice(0, 50)) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`react: ${pages.length} pages load React 18 only; the CMS admin bundles React 19 only`);
