// `npm run bench`: builds (time and peak memory), then prints the first load of every built page against the budgets:
// JavaScript and CSS in brotli and gzip, the whole transfer, and whether a vendor SDK's chunk is in any first load.
// A measurement, not a test: it exits 0 unless the build fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildForFakes, loadAverage, option, PUBLIC_DIR } from "./lib/benchsite";
import { fileSizes, listHtmlPages, measurePage, type PageLoad } from "./lib/firstload";
import { sdkChunks } from "./lib/sdkchunks";

const KIB = 1024;
const JS_BUDGET = 100 * KIB; // first-load JS ≤ 100 KiB brotli on every page
const HOME_TRANSFER_BUDGET = 256 * KIB;
const kib = (bytes: number) => (bytes / KIB).toFixed(1);

if (process.argv.includes("--help")) {
  console.log(`usage: npm run bench [-- options]
  --no-build       measure the existing public/ (a build with source maps: npm run bench made it)
  --routes=/,/a/   only these routes
  --json=FILE      also write the figures as JSON`);
  process.exit(0);
}

/** The budgets a page misses, and whether an SDK chunk is in its first load. */
function misses(page: PageLoad, sdks: Map<string, string[]>): string[] {
  return [
    ...(page.js.brotli > JS_BUDGET ? ["OVER js"] : []),
    ...(page.route === "/" && page.transfer > HOME_TRANSFER_BUDGET ? ["OVER total"] : []),
    ...page.jsFiles
      .filter((file) => sdks.has(file))
      .map((file) => `SDK ${sdks.get(file)!.join("+")}`),
  ];
}

async function main(): Promise<number> {
  let build: Awaited<ReturnType<typeof buildForFakes>> | null = null;
  if (!process.argv.includes("--no-build")) {
    const log = path.join(os.tmpdir(), `bench-build-${Date.now()}.log`);
    console.log(
      `bench: gatsby build for the fakes, with source maps (load ${loadAverage()}); log: ${log}`,
    );
    build = await buildForFakes(log);
    if (!build.ok) {
      console.error(fs.readFileSync(log, "utf8").trimEnd().split("\n").slice(-30).join("\n"));
      console.error("bench: the build failed");
      return 1;
    }
  }
  const only = option("routes")?.split(",").filter(Boolean);
  const pages = listHtmlPages(PUBLIC_DIR)
    .map((file) => measurePage(PUBLIC_DIR, file))
    .filter((page) => !only || only.includes(page.route));
  let sdks = new Map<string, string[]>();
  let sdkNote = "";
  try {
    sdks = sdkChunks(PUBLIC_DIR);
  } catch (error) {
    sdkNote = `NOT CHECKED: ${(error as Error).message}`;
  }

  const width = Math.max(24, ...pages.map((p) => p.route.length));
  const columns = ["JS br", "JS gz", "CSS br", "CSS gz", "total br"];
  const head = `${"route".padEnd(width)} ${columns.map((c) => c.padStart(8)).join(" ")}  budget`;
  console.log(
    `\nFirst load of every page in KiB (1024 bytes): the HTML's scripts, stylesheets, preloads and eager images,\n` +
      `the bundle loader's scripts, and the page component's chunks and data Gatsby loads before hydrating;\n` +
      `inline code in JS/CSS. Text at brotli 11 / gzip 9, images and fonts as stored. Budgets: JS ≤ ${JS_BUDGET / KIB}` +
      ` KiB brotli; / ≤ ${HOME_TRANSFER_BUDGET / KIB} KiB in all; no SDK chunk.\n\n${head}\n${"─".repeat(head.length + 8)}`,
  );
  for (const page of pages) {
    const cells = [page.js.brotli, page.js.gzip, page.css.brotli, page.css.gzip, page.transfer];
    const flags = misses(page, sdks);
    console.log(
      `${page.route.padEnd(width)} ${cells.map((n) => kib(n).padStart(8)).join(" ")}  ${flags.join(", ") || "ok"}`,
    );
  }
  for (const page of pages) {
    if (page.missing.length > 0)
      console.log(`  ${page.route}: not in public/: ${page.missing.join(", ")}`);
    if (page.external.length > 0)
      console.log(`  ${page.route}: other origins (not counted): ${page.external.join(", ")}`);
  }

  const largest = [...pages].sort((a, b) => b.js.brotli - a.js.brotli)[0];
  console.log(
    `\n${pages.length} page(s); largest first-load JS ${largest ? `${kib(largest.js.brotli)} KiB br (${largest.route})` : "–"}; ` +
      `${pages.filter((p) => misses(p, sdks).length > 0).length} over budget`,
  );
  const sdkFiles = [...sdks].map(
    ([file, names]) =>
      `${file} (${names.join(", ")}, ${kib(fileSizes(path.join(PUBLIC_DIR, file))?.brotli ?? 0)} KiB br)`,
  );
  const withSdk = pages.filter((p) => p.jsFiles.some((file) => sdks.has(file)));
  console.log(
    `Vendor SDK chunks: ${
      sdkNote ||
      `${sdkFiles.join(", ") || "none found"}; ` +
        (withSdk.length > 0
          ? `IN THE FIRST LOAD of ${withSdk.map((p) => p.route).join(", ")}`
          : "in no page's first load")
    }`,
  );
  const admin = fileSizes(path.join(PUBLIC_DIR, "admin", "cms.js"));
  const leaking = pages.filter((p) => p.jsFiles.some((file) => file.startsWith("/admin/")));
  if (admin)
    console.log(
      `CMS admin: /admin/cms.js ${kib(admin.brotli)} KiB br, ${leaking.length > 0 ? `IN THE FIRST LOAD of ${leaking.map((p) => p.route).join(", ")}` : "in no page's first load"}`,
    );
  console.log(
    build
      ? `Build: ${build.seconds.toFixed(1)} s wall, peak memory ${(build.peak.bytes / KIB ** 3).toFixed(2)} GiB ${build.peak.measure} over the build's processes (RSS summed ${(build.peak.rssBytes / KIB ** 3).toFixed(2)}); load ${loadAverage()}`
      : "Build: not run (--no-build)",
  );
  const json = option("json");
  if (json) fs.writeFileSync(json, `${JSON.stringify({ build, pages }, null, 2)}\n`);
  return 0;
}

void main().then((code) => process.exit(code));
