// `npm run bench:headers`: how long the build's security-headers step takes on the current public/, and how big its headers are.
// Usage: npx tsx scripts/bench-headers.ts [publicDir]   (recomputes in memory; writes nothing)
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buildScripts } from "../src/gatsby/securityHeaders";
import { functionAddresses, functionPaths } from "../src/server/functionPaths";
import { renderNetlifyHeaders, renderVercelRoutes } from "../src/security/hosts";
import { buildManifest, readBuiltPages } from "../src/security/manifest";
import { policyOrigins } from "../src/security/origins";

async function main(): Promise<void> {
  const publicDir = path.resolve(process.argv[2] ?? "public");
  const runs: number[] = [];
  let result: ReturnType<typeof buildManifest> | null = null;
  let pageCount = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const pages = await readBuiltPages(publicDir);
    pageCount = pages.length;
    result = buildManifest(pages, {
      origins: policyOrigins(process.env),
      cmsLocalBackend: null,
      knownScripts: await buildScripts(publicDir),
    });
    runs.push(performance.now() - started);
  }
  if (!result) return;
  const sizes = Object.values(result.manifest.pages)
    .map((policy) => Buffer.byteLength(policy))
    .sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const netlify = Buffer.byteLength(renderNetlifyHeaders(result.manifest));
  const vercel = renderVercelRoutes(result.manifest, functionAddresses.flatMap(functionPaths));
  runs.sort((a, b) => a - b);
  console.log(`pages: ${pageCount} HTML files in ${publicDir}`);
  console.log(
    `manifest (read + hash + policies), 5 runs: median ${runs[2]?.toFixed(0)} ms, min ${runs[0]?.toFixed(0)} ms, max ${runs[4]?.toFixed(0)} ms`,
  );
  console.log(
    `Content-Security-Policy bytes: median ${median}, max ${sizes.at(-1)}, min ${sizes[0]}`,
  );
  console.log(
    `public/_headers: ${(netlify / 1024).toFixed(1)} KiB; Vercel routes: ${vercel.length}`,
  );
  console.log(`problems: ${result.problems.length}`);
}

void main();
