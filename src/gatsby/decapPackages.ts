/** Files the admin's build takes from inside decap-cms-app's own dependencies, which are not the site's. */
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "esbuild";

/** decap-cms-app's own resolver, for the packages it depends on. */
function fromDecapApp(siteRoot: string): NodeJS.Require {
  const fromSite = createRequire(path.join(siteRoot, "package.json"));
  return createRequire(fromSite.resolve("decap-cms-app/package.json"));
}

/**
 * Decap's GitHub backend and its utilities, which the admin's own backend extends (src/cms/bulkBackend.ts): the
 * copies decap-cms-app itself depends on, so the bundle holds each once. They are not the site's dependencies.
 */
export function decapInternals(siteRoot: string): Record<string, string> {
  const fromApp = fromDecapApp(siteRoot);
  return Object.fromEntries(
    ["decap-cms-backend-github", "decap-cms-lib-util"].map((name) => [
      name,
      path.dirname(fromApp.resolve(`${name}/package.json`)),
    ]),
  );
}

/** The WebAssembly files the bundle fetches from beside itself: Decap's WebP encoder (plain and SIMD). */
export function adminWasmFiles(siteRoot: string): string[] {
  const fromCore = createRequire(fromDecapApp(siteRoot).resolve("decap-cms-core/package.json"));
  const encoder = path.join(
    path.dirname(fromCore.resolve("@jsquash/webp/package.json")),
    "codec",
    "enc",
  );
  return ["webp_enc.wasm", "webp_enc_simd.wasm"].map((name) => path.join(encoder, name));
}

/**
 * Decap's interface in English only: decap-cms-app registers all of decap-cms-locales' thirty-odd languages (about
 * 550 KiB of the bundle), and config.yml sets no `locale`, so Decap shows English to every editor.
 */
export function englishInterfaceOnly(siteRoot: string): Plugin {
  const fromSite = createRequire(path.join(siteRoot, "package.json"));
  const english = path.join(
    path.dirname(fromSite.resolve("decap-cms-locales/package.json")),
    "dist",
    "esm",
    "en",
    "index.js",
  );
  return {
    name: "english-interface-only",
    setup(builder) {
      builder.onResolve({ filter: /^decap-cms-locales$/ }, () => ({
        path: "decap-cms-locales",
        namespace: "english-interface-only",
      }));
      builder.onLoad({ filter: /.*/, namespace: "english-interface-only" }, () => ({
        contents: `export { default as en } from ${JSON.stringify(english)};`,
        resolveDir: path.dirname(english),
      }));
    },
  };
}
