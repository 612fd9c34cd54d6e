/**
 * After the build: the blog's RSS feed (it follows the configured site URL), no source maps unless asked for, the
 * pages finished (NUL bytes removed, bundles moved after their first paint) with their Markdown twins, the site
 * search's index made from them, llms.txt, security.txt and robots.txt, then the security headers computed from
 * the built pages, then the .br/.gz siblings the local server sends.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { writeFeed } from "./feed";
import { buildTime } from "./buildClock";
import { writeSchedule } from "./schedule";
import { writeRedirects } from "./redirects";
import { finishedCmsAdminBuild, publishCmsAdmin } from "./cmsAdmin";
import { writeAdminDataOfBuild } from "./adminData";
import { cmsConfig } from "../cms/model";
import { cardPagesOf, writeSocialCards } from "./socialCards";
import { hostCompresses, precompressBuild } from "./precompress";
import { entryBundles } from "./builtPages";
import { rewriteBuiltPages } from "./pagePass";
import { postSources } from "./postTwin";
import { agentNodesOf, writeAgentFiles } from "./agentFiles";
import { sourceMapsWanted } from "./onCreateWebpackConfig";
import { removeSourceMaps } from "./sourceMaps";
import { writeSecurityHeaders } from "./securityHeaders";
import { writeVercelOutputForRehearsal } from "./hostAdapter";
import { searchIndexLine, writeSearchIndex } from "./searchIndex";

/** The folders of the CMS's folder collections, as its config names them. */
function cmsFolders(siteRoot: string): string[] {
  const { collections } = cmsConfig(siteRoot) as { collections: Array<{ folder?: string }> };
  return collections.flatMap((collection) => (collection.folder ? [collection.folder] : []));
}

/** How long each of the site's own steps took, reported in one line the scale benchmark reads. */
class StepTimer {
  private readonly steps: Array<[string, number]> = [];
  private readonly started = performance.now();

  /** A figure measured inside another step (the twins' thread time within the page pass). */
  add(name: string, seconds: number): void {
    this.steps.push([name, seconds]);
  }

  async time<T>(name: string, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.steps.push([name, (performance.now() - start) / 1000]);
    }
  }

  summary(): string {
    const total = (performance.now() - this.started) / 1000;
    const parts = this.steps.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`);
    return `site post-build: ${[...parts, `total ${total.toFixed(1)} s`].join(", ")}`;
  }
}

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({
  store,
  graphql,
  reporter,
  getNodesByType,
  getNode,
}) => {
  const { program, pages } = store.getState() as {
    program: { directory: string };
    pages: Parameters<typeof cardPagesOf>[0];
  };
  const publicDir = path.join(program.directory, "public");
  const cacheDir = path.join(program.directory, ".cache", "site-post-build");
  const timer = new StepTimer();

  await timer.time("feed", async () => {
    await writeFeed(graphql, publicDir);
    const schedule = await writeSchedule(graphql, publicDir, buildTime());
    reporter.info(
      `schedule: built at ${buildTime().toISOString()}, next scheduled entry due ${schedule.nextBuildAt ?? "never"}`,
    );
  });

  // Redirects are checked against the pages this build made: a bad entry fails the build, naming it.
  const redirects = await timer.time("redirects", () =>
    writeRedirects(program.directory, publicDir, new Set(pages.keys())),
  );
  if (redirects.problems.length > 0) {
    reporter.panicOnBuild(`Redirects cannot be written:\n${redirects.problems.join("\n")}`);
    return;
  }
  reporter.info(
    `redirects: ${redirects.rules.length} written for Netlify, Vercel and the Node server`,
  );

  // The CMS admin, bundled beside Gatsby's steps since onPreBootstrap (cmsAdmin.ts): in place before the page
  // pass, which finishes its page like any other.
  const adminBuild = finishedCmsAdminBuild();
  if (adminBuild) {
    const admin = await timer.time("cms admin", () => adminBuild);
    if (admin instanceof Error) {
      reporter.panicOnBuild(`The CMS admin's bundle failed: ${admin.message}`);
      return;
    }
    const copied = await publishCmsAdmin(admin, publicDir);
    reporter.info(
      `cms admin: ${admin.reused ? "unchanged sources, last bundle kept" : "bundled"}; ${copied} of ${admin.files.length} files changed in public/admin`,
    );
    // What the admin lists and previews from the site instead of GitHub: the published entries' files.
    const data = await timer.time("cms data", () =>
      writeAdminDataOfBuild(graphql, {
        siteRoot: program.directory,
        publicDir,
        folders: cmsFolders(program.directory),
        at: buildTime(),
      }),
    );
    reporter.info(
      `cms data: ${data.entries} published entries of ${data.folders} folders (${(data.bytes / 1024 / 1024).toFixed(1)} MiB), ${data.posts} post summaries; ${data.written} files changed`,
    );
  }

  // One card per post, case study, webinar and marketing page, as createPages named them in the context. Most
  // are drawn already (onPreExtractQueries started them on what Gatsby left idle); the rest are drawn beside
  // the steps below, which need nothing of them (a card is a PNG: nothing to hash, nothing to compress).
  const cardsDone = timer
    .time("social cards", () => writeSocialCards(program.directory, publicDir, cardPagesOf(pages)))
    .then(
      (cards) => {
        reporter.info(
          `social cards: ${cards.cards} pages, ${cards.drawn} drawn, ${cards.reused} unchanged since the last build`,
        );
        return null;
      },
      (error: unknown) => error,
    );
  // Likewise the page data's .br/.gz siblings: the steps below never change a page-data file.
  const host = hostCompresses();
  const pageDataPacked = host
    ? Promise.resolve(null)
    : timer
        .time("precompress page data", () =>
          precompressBuild(publicDir, cacheDir, process.env, "page-data"),
        )
        .catch((error: unknown) => error as Error);
  // And the source maps an earlier build left (a walk of the whole build's folder).
  const mapsRemoved = sourceMapsWanted(process.env)
    ? Promise.resolve(0)
    : timer
        .time("source maps", () => removeSourceMaps(publicDir))
        .catch((error: unknown) => error as Error);
  const besideDone = async () => {
    const [cardsFailure, packed, removed] = await Promise.all([
      cardsDone,
      pageDataPacked,
      mapsRemoved,
    ]);
    for (const failure of [cardsFailure, packed, removed])
      if (failure instanceof Error) throw failure;
    if (typeof removed === "number" && removed > 0)
      reporter.info(`source maps: ${removed} left by an earlier build removed`);
    return packed instanceof Error ? null : packed;
  };

  // Pages repaired and their bundles moved after the first paint; before the headers, which hash the loader.
  // The marked part of each page is kept aside for the search index, which reads nothing else.
  const searchDir = path.join(cacheDir, "search-pages");
  const finished = await timer.time("pages", async () =>
    rewriteBuiltPages(
      publicDir,
      // Each finished page gets its .br/.gz siblings in the same pass, unless the host compresses by itself.
      { bundles: await entryBundles(publicDir), searchDir, precompress: !host },
      { cacheDir, posts: postSources({ getNodesByType, getNode }) },
    ),
  );
  reporter.info(
    `built pages: ${finished.records.length}, ${finished.changed} rewritten (bundles after the first paint, NUL bytes removed), ${finished.reused} unchanged since the last build`,
  );
  // The twins' own cost inside the page pass: CPU time converting and compressing them, summed over its threads.
  const twins = finished.twins;
  timer.add("twins", twins.seconds);
  reporter.info(
    `twins: ${twins.pages} pages, ${twins.made} made by this build (${twins.fromPosts} from their posts' ` +
      `Markdown), ${twins.seconds.toFixed(1)} s of CPU in the page pass (converting ` +
      `${twins.convertSeconds.toFixed(1)} s, compressing ${(twins.seconds - twins.convertSeconds).toFixed(1)} s), ` +
      `${twins.removed} removed`,
  );

  // llms.txt and llms-full.txt from the twins; security.txt and robots.txt from the same settings.
  const agents = await timer.time("agent files", () =>
    writeAgentFiles(
      program.directory,
      publicDir,
      finished.records,
      agentNodesOf(getNodesByType),
      buildTime(),
    ),
  );
  if (agents.summary) reporter.info(`agent files: ${agents.summary}`);

  // From the finished pages; a missing index, or one that is not the marked pages, fails the build below.
  const marked = finished.records.filter((record) => record.searchable).length;
  const search = await timer.time("search index", () =>
    writeSearchIndex(program.directory, publicDir, marked, { source: searchDir }),
  );
  reporter.info(searchIndexLine(search));

  // Last, so the pages are final; a page its own policy would break fails the build here.
  const headers = await timer.time("headers", () =>
    writeSecurityHeaders(
      program.directory,
      publicDir,
      process.env,
      finished.records.map((record) => ({ path: record.path, ...record.facts })),
      finished.records.filter((r) => r.twin === null && r.path.endsWith("/")).map((r) => r.path),
    ),
  );
  const problems = [
    ...finished.problems,
    ...agents.problems,
    ...search.problems,
    ...headers.problems,
  ];
  const pageDataSiblings = await besideDone();
  if (problems.length > 0) {
    reporter.info(timer.summary());
    reporter.panicOnBuild(
      `The built pages are not as the build expects: ${problems.length} problem(s)\n${problems.join("\n")}`,
    );
    return;
  }

  // After every other file is written, so each one gets its siblings: the pages' and the page data's have theirs
  // already (the page pass, the step beside it), so this pass writes the rest and finds those up to date.
  if (host) {
    reporter.info(`precompress: skipped, ${host} compresses at its edge`);
  } else {
    const packed = await timer.time("precompress", () => precompressBuild(publicDir, cacheDir));
    if (packed) {
      reporter.info(
        `precompress: ${packed.files} files with .br/.gz siblings (${packed.written + (pageDataSiblings?.written ?? 0)} ` +
          `written outside the page pass), ${(packed.bytesSaved / 1024 / 1024).toFixed(1)} MiB saved with brotli`,
      );
    }
  }
  reporter.info(timer.summary());
  if (await writeVercelOutputForRehearsal(store, process.env))
    reporter.info("Vercel's Build Output written for the Vercel rehearsal (VERCEL_GATSBY_PLUGIN)");
};
