// Which React a built bundle carries, read from the version strings React compiles into its own code.
import fs from "node:fs";
import path from "node:path";
import { firstLoadScripts, listHtmlPages } from "./firstload";

const VERSION = String.raw`["'](\d+\.\d+\.\d+(?:-[\w.-]+)?)["']`;
// react-dom registers itself with the devtools hook as { …, version: "x", rendererPackageName: "react-dom" }.
const REACT_DOM = new RegExp(
  String.raw`version\s*:\s*${VERSION}\s*,\s*rendererPackageName\s*:\s*["']react-dom["']`,
  "g",
);
// react's entry ends with useTransition and then `exports.version = "x"` (minified: `t.version="x"`).
const REACT = new RegExp(
  String.raw`useTransition\(\);?\s*\}\s*[,;]?\s*[\w$.]*\.version\s*=\s*${VERSION}`,
  "g",
);

/** The versions of react and react-dom found in one JavaScript source. */
export function reactVersionsIn(source: string): { react: string[]; reactDom: string[] } {
  const collect = (re: RegExp) => [...new Set([...source.matchAll(re)].map((m) => m[1]!))].sort();
  return { react: collect(REACT), reactDom: collect(REACT_DOM) };
}

/** The major versions of every React package found in the files (each file read once per run). */
const majorsOfFile = new Map<string, number[]>();
export function reactMajorsIn(files: string[]): number[] {
  const majors = new Set<number>();
  for (const file of files) {
    if (!majorsOfFile.has(file)) {
      const { react, reactDom } = reactVersionsIn(fs.readFileSync(file, "utf8"));
      majorsOfFile.set(
        file,
        [...react, ...reactDom].map((version) => Number(version.split(".")[0])),
      );
    }
    for (const major of majorsOfFile.get(file)!) majors.add(major);
  }
  return [...majors].sort((a, b) => a - b);
}

/** For a built public/: the React majors in each page's first-load JavaScript, and in the CMS admin's bundle. */
export function builtReactMajors(publicDir: string) {
  const pages = listHtmlPages(publicDir).map((file) => {
    const { route, jsFiles } = firstLoadScripts(publicDir, file);
    return { route, majors: reactMajorsIn(jsFiles.map((f) => path.join(publicDir, f))) };
  });
  const admin = path.join(publicDir, "admin", "cms.js");
  return { pages, admin: fs.existsSync(admin) ? reactMajorsIn([admin]) : null };
}
