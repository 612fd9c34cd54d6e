// Tests how the benchmark finds the vendor SDK chunks of the current build from source maps.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sdkChunks, sdksInSources } from "../../../scripts/lib/sdkchunks";

describe("sdksInSources", () => {
  it("names the SDKs whose packages a chunk's sources come from", () => {
    expect(
      sdksInSources([
        "webpack://site/./node_modules/@amplitude/analytics-browser/lib/esm/index.js",
        "webpack://site/./node_modules/@amplitude/analytics-core/lib/esm/core-client.js",
        "webpack://site/./src/providers/analytics/startAnalytics.ts",
        "webpack://site/./node_modules/@fingerprintjs/botd/dist/botd.esm.js",
      ]),
    ).toEqual(["Amplitude", "BotD"]);
  });

  it("ignores the site's own modules and other packages", () => {
    expect(
      sdksInSources([
        "webpack://site/./src/providers/identification/FingerprintRunner.tsx",
        "webpack://site/./node_modules/react-dom/index.js",
      ]),
    ).toEqual([]);
    expect(
      sdksInSources(["webpack://site/./node_modules/@fingerprintjs/fingerprintjs-pro-react/x.js"]),
    ).toEqual(["Fingerprint Pro"]);
  });
});

describe("sdkChunks", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdkchunks-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, body: string) => fs.writeFileSync(path.join(dir, name), body);

  it("lists the current build's SDK chunks only", () => {
    const map = (sources: string[]) => JSON.stringify({ version: 3, sources, mappings: "" });
    write(
      "736-b412ce8e758428e1f2de.js.map",
      map(["./node_modules/@amplitude/analytics-browser/a.js"]),
    );
    write(
      "590-97619a5bf3822fe8562b.js.map",
      map(["./node_modules/@fingerprintjs/fingerprintjs-pro/a.js"]),
    );
    // An older build's chunk, still in public/ but unknown to the current runtime.
    write(
      "590-0df0fdae9c6d43d89a6b.js.map",
      map(["./node_modules/@fingerprintjs/fingerprintjs-pro/a.js"]),
    );
    write("app-1111111111111111.js.map", map(["./src/components/Header.tsx"]));
    write("webpack-runtime-aaaaaaaaaaaaaaaa.js.map", map(["webpack/runtime"]));
    write(
      "webpack-runtime-aaaaaaaaaaaaaaaa.js",
      'u={736:"b412ce8e758428e1f2de",590:"97619a5bf3822fe8562b"}',
    );
    write(
      "webpack.stats.json",
      JSON.stringify({
        assetsByChunkName: {
          app: ["webpack-runtime-aaaaaaaaaaaaaaaa.js", "app-1111111111111111.js"],
        },
      }),
    );
    expect([...sdkChunks(dir).entries()].sort()).toEqual([
      ["/590-97619a5bf3822fe8562b.js", ["Fingerprint Pro"]],
      ["/736-b412ce8e758428e1f2de.js", ["Amplitude"]],
    ]);
  });

  it("refuses a build without source maps rather than report no SDK chunk", () => {
    fs.rmSync(path.join(dir, "app-1111111111111111.js.map"));
    expect(() => sdkChunks(dir)).toThrow(/no source maps.*SOURCE_MAPS=true/);
  });
});
