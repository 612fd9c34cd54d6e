// Which React a built bundle carries, read from the version strings React compiles into its own code.
import fs from "node:fs";
import path from "node:path";
import { listHtmlPages, measurePage, SizeCache } from "./firstload.mjs";

const VERSION = String.raw`["'](\d+\.\d+\.\d+(?:-[\w.-]+)?)["']`;
// react-dom registers itself with the devtools hook as { …, version: "x", rendererPackageName: "react-dom" }.
const REACT_DOM_RE = new RegExp(
  String.raw`version\s*:\s*${VERSION}\s*,\s*rendererPackageName\s*:\s*["']react-dom["']`,
  "g",
);
// react's entry ends with useTransition and then `exports.version = "x"` (minified: `t.version="x"`).
const REACT_RE = new RegExp(
  String.raw`useTransition\(\);?\s*\}\s*[,;]?\s*[\w$.]*\.version\s*=\s*${VERSION}`,
  "g",
);

/** The versions of react and react-dom found in one JavaScript source: { react: [...], reactDom: [...] }. */
export function reactVersionsIn(source) {
  const collect = (re) => [...new Set([...source.matchAll(re)].map((m) => m[1]))].sort();
  return { react: collect(REACT_RE), reactDom: collect(REACT_DOM_RE) };
}

/** Major versions (as numbers) of every React package found in the given files. */
export function reactMajorsIn(files) {
  const majors = new Set();
  for (const file of files) {
    const found = reactVersionsIn(fs.readFileSync(file, "utf8"));
    for (const version of [...found.react, ...found.reactDom])
      majors.add(Number(version.split(".")[0]));
  }
  return [...majors].sort((a, b) => a - b);
}

/**
 * For a built public/: the React majors in each site page's first-load JavaScript (the files the HTML
 * references plus the chunks Gatsby loads before hydrating) and in the CMS admin's bundle.
 * Returns { pages: [{ route, majors }], admin: majors | null }.
 */
export function builtReactMajors(publicDir) {
  const sizes = new SizeCache();
  const cache = {};
  const pages = listHtmlPages(publicDir)
    .filter((file) => !file.startsWith(`admin${path.sep}`) && !file.startsWith("admin/"))
    .map((file) => {
      const page = measurePage(publicDir, file, sizes, cache);
      const files = page.js.files
        .filter((f) => f.path.endsWith(".js"))
        .map((f) => path.join(publicDir, f.path.slice(1)));
      return { route: page.route, majors: reactMajorsIn(files) };
    });
  const adminBundle = path.join(publicDir, "admin", "cms.js");
  return { pages, admin: fs.existsSync(adminBundle) ? reactMajorsIn([adminBundle]) : null };
}
