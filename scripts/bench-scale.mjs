// `npm run bench:scale -- --posts=N`: the blog at N more posts, in a scratch copy: a cold build, then one post edited and
// built again with Gatsby's cache kept, each with its seconds, the site's own post-build seconds, peak memory and pages.
// A measurement, not a test: it exits 0 unless a build fails, and prints the budgets beside the figures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { startSampler } from "./lib/proctree.mjs";
import { runGuarded } from "./lib/buildguard.mjs";
import { localBin } from "./lib/proc.mjs";
import { createScratchSite } from "./lib/scratchsite.mjs";
import { editPost, generatePosts, isListedPost } from "./lib/scaleposts.mjs";
import { REPO_ROOT, baseEnv } from "./lib/setup.mjs";
import { buildFigures, printScaleReport } from "./lib/scalereport.mjs";

const argv = process.argv.slice(2);
const option = (name) => {
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
if (argv.includes("--help")) {
  console.log(`usage: npm run bench:scale -- --posts=N [options]
  --posts=N       posts to add, copied from the existing ones (default 1000)
  --dir=PATH      build the copy there (default: a new folder in the system's temp folder)
  --keep          keep the copy afterwards (its build logs are build-cold.log and build-edit.log)
  --no-rebuild    only the cold build
  --host=NAME     build as on that host (netlify or vercel: its environment flag set, so no precompression,
                  which the host does at its edge); default: as \`npm start\` serves it, precompressed
  --json=FILE     also write the figures as JSON`);
  process.exit(0);
}
const posts = Number(option("posts") ?? 1000);
if (!Number.isInteger(posts) || posts < 0) {
  console.error(`bench:scale: --posts must be a whole number, got ${option("posts")}`);
  process.exit(2);
}

/** The environment flag each host's build sets (what src/gatsby/precompress.ts and the CMS policy read). */
const HOSTS = { netlify: { NETLIFY: "true" }, vercel: { VERCEL: "1" } };
const host = option("host");
if (host !== undefined && !(host in HOSTS)) {
  console.error(`bench:scale: --host must be one of ${Object.keys(HOSTS).join(", ")}, got ${host}`);
  process.exit(2);
}
const hostEnv = host ? HOSTS[host] : {};

const EDIT = "One more paragraph, added to measure a rebuild after a single edit.";
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** One `gatsby build` in the copy: wall time, peak memory of the whole process tree, its log. */
async function build(dir, label) {
  const logFile = path.join(dir, `build-${label}.log`);
  const fd = fs.openSync(logFile, "w");
  const loadBefore = load();
  let sampler = null;
  const started = Date.now();
  // Guarded (scripts/lib/buildguard.mjs): a stuck build ends with its processes listed, not retried, so the
  // figures are always those of one build; a scale build may take many minutes, so the deadline is an hour.
  const result = await runGuarded(localBin(dir, "gatsby"), ["build"], {
    label: `bench:scale: the ${label} build`,
    guard: { deadlineMs: 60 * 60_000 },
    cwd: dir,
    // Production-like: every provider on, as npm run bench builds it; no colours in the log.
    env: baseEnv({
      GATSBY_FPJS_PUBLIC_API_KEY: process.env.GATSBY_FPJS_PUBLIC_API_KEY || "benchPublicKey01",
      GATSBY_AMPLITUDE_API_KEY:
        process.env.GATSBY_AMPLITUDE_API_KEY || "0123456789abcdef0123456789abcdef",
      NO_COLOR: "1",
      FORCE_COLOR: "0",
      ...hostEnv,
    }),
    stdio: ["ignore", fd, fd],
    onSpawn: (child) => {
      sampler = startSampler(child.pid, 250);
    },
  });
  const seconds = (Date.now() - started) / 1000;
  const memory = sampler ? sampler.stop() : null;
  fs.closeSync(fd);
  const log = fs.readFileSync(logFile, "utf8");
  if (result.code !== 0) {
    console.error(`bench:scale: the ${label} build failed (exit ${result.code}); log: ${logFile}`);
    console.error(log.trimEnd().split("\n").slice(-30).join("\n"));
  }
  return { label, ok: result.code === 0, seconds, memory, log, loadBefore, loadAfter: load() };
}

const site = createScratchSite(REPO_ROOT, { dir: option("dir"), prefix: "bench-scale-" });
console.log(
  `bench:scale: copy in ${site.dir}; adding ${posts} posts (load ${load()}); built as ${host ?? "npm start serves it (precompressed)"}`,
);
const slugs = generatePosts(site.dir, posts);
const startedAt = Date.now();

const runs = [];
console.log(`bench:scale: cold build…`);
const cold = await build(site.dir, "cold");
runs.push(buildFigures(cold, site.dir, startedAt));
if (cold.ok && !argv.includes("--no-rebuild")) {
  // A listed post from the middle of the blog: its page, the lists it is on and their page data change.
  const listed = slugs.filter((slug) => isListedPost(site.dir, slug));
  const edited = listed[Math.floor(listed.length / 2)] ?? "tutorial-rate-limit-signups";
  editPost(site.dir, edited, EDIT);
  const editedAt = Date.now();
  console.log(`bench:scale: edited ${edited}; building again with Gatsby's cache…`);
  const rebuilt = buildFigures(await build(site.dir, "edit"), site.dir, editedAt);
  // The edit must reach its page, or the rebuild measured nothing.
  const page = path.join(site.dir, "public", "blog", edited, "index.html");
  rebuilt.editReachedPage = fs.existsSync(page) && fs.readFileSync(page, "utf8").includes(EDIT);
  runs.push(rebuilt);
}

printScaleReport({ posts, runs });
const json = option("json");
if (json) fs.writeFileSync(json, `${JSON.stringify({ posts, dir: site.dir, runs }, null, 2)}\n`);
if (!argv.includes("--keep")) site.remove();
else console.log(`bench:scale: kept ${site.dir}`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
