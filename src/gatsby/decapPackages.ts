/** Files the admin's build takes from inside decap-cms-app's own dependencies, which are not the site's. */
import { createRequire } from "node:module";
import path from "node:path";

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
