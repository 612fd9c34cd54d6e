// Tests how React's version is read from a bundle (scripts/lib/reactversions.ts), on React's own builds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { reactMajorsIn, reactVersionsIn } from "../../../scripts/lib/reactversions";

const require = createRequire(import.meta.url);
/** A file inside an installed package ("react/cjs/…"), found from the package's folder (no "exports" entry). */
const read = (file: string) => {
  const [pkg, ...rest] = file.split("/");
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  return fs.readFileSync(path.join(dir, ...rest), "utf8");
};
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

describe("reactVersionsIn", () => {
  it("reads the version React 18 compiles into its production bundles", () => {
    const version = versionOf("react");
    expect(version).toMatch(/^18\./);
    expect(reactVersionsIn(read("react/cjs/react.production.min.js"))).toEqual({
      react: [version],
      reactDom: [],
    });
    expect(reactVersionsIn(read("react-dom/cjs/react-dom.production.min.js"))).toEqual({
      react: [],
      reactDom: [versionOf("react-dom")],
    });
  });

  it("reads the version of the React 19 packages the admin takes", () => {
    expect(versionOf("react-19")).toMatch(/^19\./);
    expect(reactVersionsIn(read("react-19/cjs/react.production.js")).react).toEqual([
      versionOf("react-19"),
    ]);
    expect(
      reactVersionsIn(read("react-dom-19/cjs/react-dom-client.production.js")).reactDom,
    ).toEqual([versionOf("react-dom-19")]);
  });

  it("finds both when a bundle concatenates them, as webpack's output does when minified", () => {
    const bundle =
      '(()=>{var e={1:(e,t)=>{t.useTransition=function(){return x.current.useTransition()},t.version="18.3.1"},' +
      '2:()=>{var n={bundleType:0,version:"19.3.1",rendererPackageName:"react-dom"}}}})();';
    expect(reactVersionsIn(bundle)).toEqual({ react: ["18.3.1"], reactDom: ["19.3.1"] });
    expect(reactVersionsIn("const version = '18.3.1'; // a string alone is not React")).toEqual({
      react: [],
      reactDom: [],
    });
  });

  it("reports the majors across files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "react-majors-"));
    try {
      const a = path.join(dir, "a.js");
      const b = path.join(dir, "b.js");
      fs.writeFileSync(a, read("react/cjs/react.production.min.js"));
      fs.writeFileSync(b, read("react-dom-19/cjs/react-dom-client.production.js"));
      expect(reactMajorsIn([a])).toEqual([18]);
      expect(reactMajorsIn([a, b])).toEqual([18, 19]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The built site itself is checked by npm test's `react` step (scripts/check-react.ts), once the build is done:
// the unit step runs beside the build, so a check here would read a public/ still being written.
