// `npm run bench:scale -- --posts=N`: the blog at N more posts, in a scratch copy: a cold build, then one post edited
// and built again with Gatsby's cache kept; for each, the figures below beside their budgets at 5,000 posts.
// A measurement, not a test: it exits 0 unless a build fails.
import fs from "node:fs";
import path from "node:path";
import { fakesBuildEnv, gatsbyBuild } from "../tests/support/build";
import { makeScratch } from "../tests/support/scratch";
import { loadAverage, option, sampleChildMemory } from "./lib/benchsite";
import { listHtmlPages } from "./lib/firstload";
import { generatePosts, isListedPost, sitePostBuild } from "./lib/scale";
import { REPO_ROOT } from "./lib/setup";

if (process.argv.includes("--help")) {
  console.log(`usage: npm run bench:scale -- --posts=N [options]
  --posts=N       posts to add, copied from the existing ones (default 1000)
  --host=NAME     build as on that host (netlify or vercel: no precompression, which the host does at its edge)
  --no-rebuild    only the cold build
  --keep          keep the copy afterwards (its logs: build-cold.log, build-edit.log)`);
  process.exit(0);
}

type Build = {
  label: "cold" | "edit";
  ok: boolean;
  seconds: number;
  peak: { bytes: number; measure: "PSS" | "RSS"; rssBytes: number };
  /** The site's own post-build steps in seconds (onPostBuild's "site post-build:" line), with their total. */
  postBuild: Record<string, number> | null;
  dir: string;
  since: number;
  /** The build's log (the search index and social cards print a line each). */
  log: string;
  editReached?: boolean;
};

const GIB = 1024 ** 3;
const mtime = (file: string) => fs.statSync(file).mtimeMs;
/** What a build step printed about itself after "<name>: " (the search index, the social cards). */
const lineOf = (b: Build, name: string) => {
  const line = b.log.split("\n").find((one) => one.includes(`${name}: `));
  return line ? line.slice(line.indexOf(`${name}: `) + name.length + 2).trim() : "not in the log";
};
/** The size of every page-data file of the build. */
const pageDataSizes = (dir: string) =>
  fs
    .readdirSync(path.join(dir, "public", "page-data"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size);

/**
 * What is printed for each build, with its budget at 5,000 posts when it has one (docs/performance.md); a new
 * figure is one more entry here.
 */
const FIGURES: { name: string; value(b: Build): string; budget?(b: Build): string }[] = [
  {
    name: "time",
    value: (b) => `${b.seconds.toFixed(1)} s`,
    budget: (b) =>
      b.label === "cold"
        ? `≤ 300 s: ${b.seconds <= 300 ? "ok" : "OVER"}`
        : `≤ 60 s: ${b.seconds <= 60 ? "ok" : "OVER"}`,
  },
  {
    name: "site's own post-build",
    value: (b) =>
      b.postBuild?.total === undefined
        ? "not in the log"
        : `${b.postBuild.total.toFixed(1)} s (${Math.round((100 * b.postBuild.total) / b.seconds)} %): ` +
          Object.entries(b.postBuild)
            .filter(([k]) => k !== "total")
            .map(([k, v]) => `${k} ${v} s`)
            .join(", "),
    budget: (b) =>
      b.label === "cold"
        ? `≤ 20 %: ${(b.postBuild?.total ?? Infinity) <= 0.2 * b.seconds ? "ok" : "OVER"}`
        : "",
  },
  {
    name: "peak memory",
    value: (b) =>
      `${(b.peak.bytes / GIB).toFixed(2)} GiB ${b.peak.measure} over the build's processes` +
      (b.peak.measure === "PSS" ? ` (RSS summed: ${(b.peak.rssBytes / GIB).toFixed(2)} GiB)` : ""),
    budget: (b) => `≤ 4 GiB: ${b.peak.bytes <= 4 * GIB ? "ok" : "OVER"}`,
  },
  {
    name: "pages",
    value: (b) => {
      const pages = listHtmlPages(path.join(b.dir, "public"));
      const written = pages.filter((f) => mtime(path.join(b.dir, "public", f)) >= b.since).length;
      const edit =
        b.editReached === undefined
          ? ""
          : `; the edit ${b.editReached ? "reached" : "DID NOT REACH"} its page`;
      return `${pages.length} (${written} written by this build)${edit}`;
    },
  },
  {
    name: "search index",
    value: (b) => `${b.postBuild?.["search index"] ?? "?"} s; ${lineOf(b, "search index")}`,
    budget: (b) => {
      const kib = Number(/first query fetches about (\d+) KiB/.exec(b.log)?.[1] ?? Infinity);
      const seconds = b.postBuild?.["search index"] ?? Infinity;
      return `≤ 30 s, a first query ≤ 300 KiB: ${seconds <= 30 && kib <= 300 ? "ok" : "OVER"}`;
    },
  },
  {
    name: "twins",
    value: (b) =>
      `${b.postBuild?.["twins"] ?? "?"} s of CPU in the page pass; ${lineOf(b, "twins")}`,
    budget: (b) =>
      b.label === "cold"
        ? `≤ 20 s of CPU: ${(b.postBuild?.["twins"] ?? Infinity) <= 20 ? "ok" : "OVER"}`
        : "",
  },
  {
    name: "social cards",
    value: (b) =>
      `${b.postBuild?.["social cards"] ?? "?"} s after the queries; ${lineOf(b, "social cards")}`,
  },
  {
    name: "largest page data",
    value: (b) => `${(Math.max(...pageDataSizes(b.dir)) / 1024).toFixed(1)} KiB`,
    budget: (b) => {
      const over = pageDataSizes(b.dir).filter((size) => size > 100 * 1024).length;
      return `none over 100 KiB: ${over === 0 ? "ok" : `${over} OVER`}`;
    },
  },
];

/** One `gatsby build` in the copy, its log in the copy. */
async function build(dir: string, label: Build["label"], env: NodeJS.ProcessEnv): Promise<Build> {
  const log = path.join(dir, `build-${label}.log`);
  const since = Date.now();
  const memory = sampleChildMemory();
  const result = await gatsbyBuild(dir, env, log);
  const seconds = (Date.now() - since) / 1000;
  const text = fs.readFileSync(log, "utf8");
  if (result.code !== 0)
    console.error(
      `bench:scale: the ${label} build failed (exit ${result.code}):\n${text.trimEnd().split("\n").slice(-30).join("\n")}`,
    );
  if (result.stuckRuns > 0)
    console.log(
      `bench:scale: the ${label} build was stuck once and ran again (its seconds include both)`,
    );
  return {
    label,
    ok: result.code === 0,
    seconds,
    peak: memory.stop(),
    postBuild: sitePostBuild(text),
    dir,
    since,
    log: text,
  };
}

async function main(): Promise<number> {
  const posts = Number(option("posts") ?? 1000);
  const host = option("host");
  if (
    !Number.isInteger(posts) ||
    posts < 0 ||
    (host !== undefined && !["netlify", "vercel"].includes(host))
  ) {
    console.error("bench:scale: --posts takes a whole number, --host netlify or vercel");
    return 2;
  }
  // Each host's environment flag (what src/gatsby/precompress.ts reads); the fakes' addresses as npm test builds.
  const hostEnv =
    host === "netlify" ? { NETLIFY: "true" } : host === "vercel" ? { VERCEL: "1" } : {};
  // Providers on as npm test builds the site; the fakes themselves are not started, so any port does.
  const env = { ...process.env, ...fakesBuildEnv(9), NO_COLOR: "1", FORCE_COLOR: "0", ...hostEnv };
  const site = makeScratch(REPO_ROOT, { prefix: "bench-scale-" });
  const builds: Build[] = [];
  try {
    const slugs = generatePosts(site.dir, posts);
    console.log(
      `bench:scale: ${posts} posts added in ${site.dir}; built as ${host ?? "npm start serves it"}`,
    );
    console.log(`bench:scale: cold build (load ${loadAverage()})…`);
    builds.push(await build(site.dir, "cold", env));
    if (builds[0]!.ok && !process.argv.includes("--no-rebuild")) {
      // A listed post from the middle of the blog: its page, the lists it is on and their page data change.
      const listed = slugs.filter((slug) => isListedPost(site.dir, slug));
      const edited = listed[Math.floor(listed.length / 2)] ?? "account-sharing-detection";
      const sentence = "One more paragraph, added to measure a rebuild after a single edit.";
      fs.appendFileSync(
        path.join(site.dir, "content", "blog", edited, "index.md"),
        `\n${sentence}\n`,
      );
      console.log(
        `bench:scale: edited ${edited}; building again with Gatsby's cache (load ${loadAverage()})…`,
      );
      const rebuilt = await build(site.dir, "edit", env);
      const page = path.join(site.dir, "public", "blog", edited, "index.html");
      builds.push({
        ...rebuilt,
        editReached: fs.existsSync(page) && fs.readFileSync(page, "utf8").includes(sentence),
      });
    }
    for (const b of builds.filter((one) => one.ok)) {
      console.log(
        `\n${b.label === "cold" ? "cold build" : "rebuild after one edit"} (${posts} posts added):`,
      );
      for (const figure of FIGURES) {
        const budget = figure.budget?.(b) ?? "";
        console.log(
          `  ${figure.name.padEnd(22)} ${figure.value(b)}${budget ? `   [budget at 5,000 posts ${budget}]` : ""}`,
        );
      }
    }
    console.log(`\nload average after: ${loadAverage()}`);
  } finally {
    if (process.argv.includes("--keep")) console.log(`bench:scale: kept ${site.dir}`);
    else site.remove();
  }
  return builds.every((b) => b.ok) ? 0 : 1;
}

void main().then((code) => process.exit(code));
