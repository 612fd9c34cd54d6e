// Which built chunks carry a vendor SDK (from their source maps), and which of them a page fetches before and after consent.
import fs from "node:fs";
import path from "node:path";

/** The SDKs that must never be in a first load: package folder under node_modules → label. */
export const SDK_PACKAGES = {
  "@amplitude/": "Amplitude",
  "@fingerprintjs/fingerprintjs-pro": "Fingerprint Pro",
  "@fingerprintjs/botd": "BotD",
};

/** The SDK labels a chunk's source map lists, from its `sources`. */
export function sdksInSources(sources) {
  const found = new Set();
  for (const source of sources) {
    const at = source.lastIndexOf("node_modules/");
    if (at < 0) continue;
    const rest = source.slice(at + "node_modules/".length);
    for (const [prefix, label] of Object.entries(SDK_PACKAGES)) {
      if (rest.startsWith(prefix)) found.add(label);
    }
  }
  return [...found].sort();
}

/** The current build's entry bundles (public/ keeps older builds' chunks beside the new ones), or null. */
function appBundles(publicDir) {
  try {
    const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8"));
    return (stats.assetsByChunkName?.app ?? []).filter((f) => f.endsWith(".js"));
  } catch {
    return null;
  }
}

/** The current build's webpack runtime: its text names the content hash of every chunk it can load. */
function runtimeText(publicDir, bundles) {
  const runtime = (bundles ?? []).find((f) => f.startsWith("webpack-runtime"));
  return runtime ? fs.readFileSync(path.join(publicDir, runtime), "utf8") : null;
}

/**
 * Map of "/<chunk>.js" → SDK labels, for every current chunk in public/ whose source map names an SDK.
 * Throws when the current build has no source maps (they are opt-in: SOURCE_MAPS=true), since an empty
 * answer would then look like "no SDK anywhere".
 */
export function sdkChunks(publicDir) {
  const chunks = new Map();
  const bundles = appBundles(publicDir);
  const mapped = bundles
    ? bundles.length > 0 && bundles.every((f) => fs.existsSync(path.join(publicDir, `${f}.map`)))
    : fs.readdirSync(publicDir).some((name) => name.endsWith(".js.map"));
  if (!mapped) {
    throw new Error(
      `the build in ${publicDir} has no source maps, which tell the SDK chunks apart (build with SOURCE_MAPS=true, as npm run bench does)`,
    );
  }
  const runtime = runtimeText(publicDir, bundles);
  for (const name of fs.readdirSync(publicDir)) {
    if (!name.endsWith(".js.map")) continue;
    const hash = /-([0-9a-f]{16,})\.js\.map$/.exec(name)?.[1];
    if (runtime !== null && hash && !runtime.includes(hash)) continue;
    let sources = [];
    try {
      sources = JSON.parse(fs.readFileSync(path.join(publicDir, name), "utf8")).sources ?? [];
    } catch {
      continue;
    }
    const sdks = sdksInSources(sources);
    if (sdks.length > 0) chunks.set(`/${name.slice(0, -".map".length)}`, sdks);
  }
  return chunks;
}

/**
 * Loads `route` as a visitor whose country is unknown (the benchmark's server has no /api/get-country, so
 * the EU rule applies and the banner shows), records the scripts fetched until the network is idle,
 * presses "Accept all", and records the scripts fetched after. Returns { before, after, accepted }.
 */
export async function observeConsent(publicDir, route, { executablePath, args }) {
  const { chromium } = await import("@playwright/test");
  const { serveBuild } = await import("./servebuild.mjs");
  const server = await serveBuild(publicDir);
  const browser = await chromium.launch({ executablePath, args });
  const origin = new URL(server.url).origin;
  const scripts = [];
  try {
    const context = await browser.newContext({ serviceWorkers: "block" });
    await context.route(
      (url) => url.origin !== origin,
      (r) => r.abort("blockedbyclient"),
    );
    context.on("requestfinished", (req) => {
      const url = new URL(req.url());
      if (url.origin === origin && req.resourceType() === "script") scripts.push(url.pathname);
    });
    const page = await context.newPage();
    await page.goto(server.url + route, { waitUntil: "load" });
    await page.waitForLoadState("networkidle").catch(() => {});
    // Past the idle callbacks the providers wait for: nothing may have loaded without consent.
    await page.waitForTimeout(3500);
    const before = [...scripts];
    const accept = page.getByRole("button", { name: "Accept all" });
    let accepted = false;
    if (await accept.isVisible().catch(() => false)) {
      await accept.click();
      accepted = true;
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.waitForTimeout(3500);
    }
    return { before, after: scripts.slice(before.length), accepted };
  } finally {
    await browser.close();
    await server.close();
  }
}
