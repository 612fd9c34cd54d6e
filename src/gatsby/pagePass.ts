/**
 * The pass over every page Gatsby built: each is finished (builtPages.ts) once, and remembered in Gatsby's
 * cache folder by the hash of what the pass wrote, so the next build reads back what an unchanged page needs
 * instead of parsing it again; a rebuild costs in proportion to the pages Gatsby rewrote. The pages left
 * are spread over worker threads (pageWorkers.ts). The records also carry what each page's security policy
 * depends on, so the headers step needs no second read of the pages, and whether it has a Markdown twin: a twin
 * is made again only with its page, or with its post when the post changed; a twin whose page is gone goes too.
 */
import { createRequire } from "node:module";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { contentHash, finishPageFile, type BuildFacts, type PageRecord } from "./builtPages";
import type { PostSource } from "./postTwin";
import { postHash, twinFileOf, writeTwin } from "./twinFiles";
import { TWIN_FILE } from "../data/markdownTwins";
import { bundleWorker, finishInWorkers, workerCount } from "./pageWorkers";
import { bundleLoaderScript } from "./inlineCode";

/** Below this many pages to finish, threads cost more to start than they save. */
const MIN_PAGES_FOR_WORKERS = 200;

export type PassOptions = {
  /** Where the records and the worker bundle live between builds (in Gatsby's .cache, which hosts keep). */
  cacheDir: string;
  /** Worker threads to use; 0 or 1 finishes in this thread. */
  workers?: number;
  /** Fewer pages to finish than this are finished in this thread. */
  minPagesForWorkers?: number;
  /** The post each post page shows ("blog/x/index.html" → its source), for its twin. */
  posts?: ReadonlyMap<string, PostSource>;
};

export type PassResult = {
  /** Pages whose file this pass rewrote. */
  changed: number;
  /** Pages whose record the last build's cache answered for. */
  reused: number;
  /** "/path/: why", for every page not as it should be. */
  problems: string[];
  records: PageRecord[];
  /** The Markdown twins: how many pages have one, how many this pass made, and what making them cost. */
  twins: {
    pages: number;
    made: number;
    fromPosts: number;
    removed: number;
    /** This build's CPU time for them in the pass's threads: converting, and compressing (their siblings). */
    seconds: number;
    convertSeconds: number;
  };
};

type Cache = { fingerprint: string; pages: Record<string, PageRecord> };

/**
 * Every built page file (relative to publicDir), Gatsby's own slice files left out (what it stitches pages from),
 * and every twin file there is.
 */
async function pageFiles(publicDir: string): Promise<{ pages: string[]; twins: string[] }> {
  const pages: string[] = [];
  const twins: string[] = [];
  for (const file of await fs.readdir(publicDir, { recursive: true })) {
    if (path.basename(file) === TWIN_FILE) twins.push(file);
    if (!file.endsWith(".html") || file.startsWith(`_gatsby${path.sep}`)) continue;
    if ((await fs.stat(path.join(publicDir, file))).isFile()) pages.push(file);
  }
  return { pages: pages.sort(), twins };
}

/** The installed htmlparser2's version (its package.json is not among its exports). */
async function parserVersion(): Promise<string> {
  let dir = path.dirname(createRequire(__filename).resolve("htmlparser2"));
  while (path.basename(dir) !== "htmlparser2" && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const manifest = JSON.parse(await fs.readFile(path.join(dir, "package.json"), "utf8")) as {
    version?: string;
  };
  return manifest.version ?? "unknown";
}

async function readCache(file: string, fingerprint: string): Promise<Cache> {
  try {
    const cache = JSON.parse(await fs.readFile(file, "utf8")) as Cache;
    if (cache.fingerprint === fingerprint) return cache;
  } catch {
    // No cache yet, or one from another version of the pass: every page is finished again.
  }
  return { fingerprint, pages: {} };
}

/** Finishes every page of publicDir that the cache cannot answer for, and records them all. */
export async function rewriteBuiltPages(
  publicDir: string,
  facts: BuildFacts,
  options: PassOptions,
): Promise<PassResult> {
  const bundle = await bundleWorker(options.cacheDir);
  // The records depend on the pass's code, its parser, the loader it writes and this build's bundles.
  const fingerprint = contentHash(
    JSON.stringify([
      bundle.fingerprint,
      await parserVersion(),
      bundleLoaderScript(),
      facts.bundles,
    ]),
  );
  const cacheFile = path.join(options.cacheDir, "pages.json");
  const cache = await readCache(cacheFile, fingerprint);

  const records: PageRecord[] = [];
  const todo: string[] = [];
  const { searchDir } = facts;
  const postOf = (file: string) => options.posts?.get(file);
  const built = await pageFiles(publicDir);
  for (const file of built.pages) {
    const known = cache.pages[file];
    const full = path.join(publicDir, file);
    const now = await fs.stat(full);
    // A file Gatsby did not write again still has the size and time the pass left it with (on a large blog
    // most of them): only the others are read and compared.
    const same =
      known !== undefined &&
      ((known.size === now.size && known.mtimeMs === now.mtimeMs) ||
        known.hash === contentHash(await fs.readFile(full)));
    const post = postOf(file);
    // Its twin is still the one the record names: there, and made from this version of its post.
    const twinCurrent =
      known?.twin == null ||
      (known.twin.post === (post ? postHash(post) : null) &&
        existsSync(path.join(publicDir, twinFileOf(file))));
    if (
      same &&
      twinCurrent &&
      !(searchDir && known.searchable && !existsSync(path.join(searchDir, file)))
    ) {
      records.push(known);
    } else todo.push(file);
  }
  const reused = records.length;

  const workers = options.workers ?? workerCount();
  const finished =
    workers > 1 && todo.length >= (options.minPagesForWorkers ?? MIN_PAGES_FOR_WORKERS)
      ? await finishInWorkers(bundle, publicDir, facts, todo, workers, postOf)
      : await Promise.all(todo.map((file) => finishPageFile(publicDir, file, facts, postOf(file))));
  let changed = 0;
  const twins = { pages: 0, made: 0, fromPosts: 0, removed: 0, seconds: 0, convertSeconds: 0 };
  for (const { changed: written, twinMs, twinPackMs, ...record } of finished) {
    if (written) changed += 1;
    if (record.twin) {
      twins.made += 1;
      if (record.twin.post) twins.fromPosts += 1;
    }
    twins.convertSeconds += twinMs / 1000;
    twins.seconds += (twinMs + twinPackMs) / 1000;
    records.push(record);
  }

  records.sort((a, b) => a.file.localeCompare(b.file));
  // A twin whose page this build did not make (a post turned draft, a page removed) goes with its siblings.
  const twinFiles = new Set(records.filter((r) => r.twin !== null).map((r) => twinFileOf(r.file)));
  const stale = built.twins.filter((twin) => !twinFiles.has(twin));
  for (const file of stale) await writeTwin(publicDir, file, null, false);
  twins.pages = twinFiles.size;
  twins.removed = stale.length;
  // The search index reads every file of searchDir: a page gone or no longer marked leaves it.
  if (searchDir) {
    const marked = new Set(records.filter((r) => r.searchable).map((r) => r.file));
    await fs.mkdir(searchDir, { recursive: true });
    for (const file of await fs.readdir(searchDir, { recursive: true })) {
      const full = path.join(searchDir, file);
      if (!marked.has(file) && (await fs.stat(full)).isFile()) await fs.rm(full);
    }
  }
  const pages = Object.fromEntries(records.map((record) => [record.file, record]));
  await fs.writeFile(cacheFile, JSON.stringify({ fingerprint, pages } satisfies Cache));
  return { changed, reused, problems: records.flatMap((r) => r.problems), records, twins };
}
