// A small scratch copy of the site with hostile or unexpected things planted in it, built with the real
// `gatsby build`: every template and the site's own build steps, a handful of pages, no CMS admin (the admin's
// bundle is most of a build's time; the browser tests load the real one, integrity included).
import fs from "node:fs";
import path from "node:path";
import { gatsbyBuild } from "../../support/build";
import { makeScratch, writeFileIn } from "../../support/scratch";

const root = path.resolve(__dirname, "../../..");

/** The content the small site keeps: the pages the tests read, a few posts, everything else a template needs. */
const KEPT_PAGES =
  /^content\/pages\/(home(-[ab])?|conversion\/(pricing|demo)(-[ab])?|company\/about-us)\.yml$/;
const KEPT_POSTS =
  /^content\/blog\/(credential-stuffing-layered-defense|fraud-signals-guide|tutorial-identify-visitors-react)\//;
const keep = (file: string) =>
  file.startsWith("content/pages/")
    ? KEPT_PAGES.test(file)
    : file.startsWith("content/blog/")
      ? KEPT_POSTS.test(file)
      : true;

/** A post whose author wrote raw HTML: attacks beside the markup marketers legitimately use. */
export const PLANTED_POST_SLUG = "planted-raw-html";
export const PLANTED_POST = `---
title: "Planted: raw HTML in a post body"
slug: ${PLANTED_POST_SLUG}
description: "A post whose body carries scripts, an SVG script and a frame, next to tables and details."
date: 2025-01-01
authors: [hannah-lindqvist]
tags: [tutorials]
---

An ordinary paragraph before the planted markup.

<script>window.plantedScript = true; alert("script")</script>

<svg><script>window.plantedSvgScript = true; alert("svg script")</script></svg>

<iframe src="https://evil.example/frame" title="planted frame"></iframe>

<img src="/favicon.svg" alt="planted image" onerror="alert('onerror')">

<a href="javascript:alert('link')">a planted link</a>

<details><summary>Planted details</summary>

Text inside the disclosure.

</details>

<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Pro</td><td>99</td></tr></tbody></table>

## A heading after the planted markup

The end.
`;

/** The build's clock (BUILD_TIME), and two posts: one dated the day before it, one 30 days after it. */
export const BUILD_TIME = "2026-06-15T12:00:00Z";
export const YESTERDAY_POST = {
  slug: "planted-published-yesterday",
  title: "Planted yesterday: a post just out",
};
export const FUTURE_POST = {
  slug: "planted-scheduled-ahead",
  title: "Planted ahead: a post for next month",
};
const datedPost = (post: { slug: string; title: string }, date: string) => `---
title: "${post.title}"
slug: ${post.slug}
description: "A planted post that checks scheduled publishing: its date decides whether the build makes it."
date: ${date}
authors: [maya-okafor]
tags: [tutorials]
---

The body of ${post.title}.
`;

/** A hidden post (reached only by its link, noindex) and a draft (no page): neither gets a Markdown twin. */
export const HIDDEN_POST = "planted-hidden-post";
export const DRAFT_POST = "planted-draft-post";
const flaggedPost = (slug: string, flag: string) => `---
title: "Planted ${flag}"
slug: ${slug}
description: "A planted post marked ${flag}: the build must make no Markdown twin of it."
date: 2025-02-01
authors: [maya-okafor]
tags: [tutorials]
${flag}: true
---

The body of a ${flag} post.
`;

/** The agents settings of the small site: links only to pages it keeps (the site's own name pages it drops). */
export const PLANTED_AGENTS = `llms:
  summary: "{product} identifies devices."
  sections:
    - title: Pricing
      links:
        - link: /pricing/
    - title: Blog
      newestPosts: 3
      links:
        - link: /blog/
contentSignal: { search: "yes", aiInput: "yes", aiTrain: "no" }
securityTxt:
  contacts: ["mailto:security@{emailDomain}"]
  expiresInDays: 30
  preferredLanguages: [en]
  policy: /about-us/
`;

/** A page that writes an inline script of its own, which no part of the build knows. */
export const PLANTED_SCRIPT_PAGE = "/planted-inline-script/";
export const PLANTED_SCRIPT = "window.plantedInlineScript = 1;";
const PLANTED_PAGE_SOURCE = `import * as React from "react";

export default function PlantedInlineScript() {
  return (
    <main>
      <h1>A page with an inline script of its own</h1>
      <script dangerouslySetInnerHTML={{ __html: ${JSON.stringify(PLANTED_SCRIPT)} }} />
    </main>
  );
}
`;

/** A page whose bundle tags Gatsby is made to write differently (defer instead of async). */
export const CHANGED_TAG_PAGE = "/about-us/";
const CHANGE_BUNDLE_TAGS = `{
    const page = path.join(publicDir, "${CHANGED_TAG_PAGE.slice(1)}index.html");
    const html = await fs.readFile(page, "utf8");
    await fs.writeFile(page, html.replaceAll(" async></script>", " defer></script>"));
  }`;

/**
 * gatsby-node.ts wrapped, the way a host wraps it: before the site's onPostBuild, Gatsby's own output is copied
 * to gatsby-output/ (what the site's steps receive), then `mutate` may change the pages.
 */
function wrappedGatsbyNode(mutateSource: string): string {
  return `import { promises as fs } from "node:fs";
import path from "node:path";
import * as site from "./gatsby-node-site";

export * from "./gatsby-node-site";

async function snapshot(publicDir: string, outDir: string): Promise<void> {
  for (const file of await fs.readdir(publicDir, { recursive: true })) {
    const wanted = file.endsWith(".html") || file === "webpack.stats.json" || file === path.join("admin", "cms.js");
    const from = path.join(publicDir, file);
    if (!wanted || !(await fs.stat(from)).isFile()) continue;
    await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await fs.copyFile(from, path.join(outDir, file));
  }
}

export const onPostBuild = async (...args: Parameters<NonNullable<typeof site.onPostBuild>>) => {
  const directory = (args[0].store.getState() as { program: { directory: string } }).program.directory;
  const publicDir = path.join(directory, "public");
  await snapshot(publicDir, path.join(directory, "gatsby-output"));
  ${mutateSource}
  return site.onPostBuild?.(...args);
};
`;
}

export type PlantedBuild = { dir: string; code: number; output: string; remove(): void };

/**
 * Builds the site with the planted post and page, and Gatsby's bundle tags changed on CHANGED_TAG_PAGE;
 * `mutate` is TypeScript run on public/ before the site's steps.
 */
export async function buildPlantedSite(mutate = CHANGE_BUNDLE_TAGS): Promise<PlantedBuild> {
  const site = makeScratch(root, { prefix: "planted-site-", include: keep });
  writeFileIn(site.dir, `content/blog/${PLANTED_POST_SLUG}/index.md`, PLANTED_POST);
  writeFileIn(site.dir, "src/pages/planted-inline-script.tsx", PLANTED_PAGE_SOURCE);
  // The site's own redirects point at pages this small site does not keep.
  writeFileIn(
    site.dir,
    "content/settings/redirects.yml",
    "redirects:\n  - from: /planted-old/\n    to: /pricing/\n",
  );
  writeFileIn(
    site.dir,
    `content/blog/${YESTERDAY_POST.slug}/index.md`,
    datedPost(YESTERDAY_POST, "2026-06-14 08:00"),
  );
  writeFileIn(
    site.dir,
    `content/blog/${FUTURE_POST.slug}/index.md`,
    datedPost(FUTURE_POST, "2026-07-15 09:00"),
  );
  writeFileIn(site.dir, `content/blog/${HIDDEN_POST}/index.md`, flaggedPost(HIDDEN_POST, "hidden"));
  writeFileIn(site.dir, `content/blog/${DRAFT_POST}/index.md`, flaggedPost(DRAFT_POST, "draft"));
  writeFileIn(site.dir, "content/settings/agents.yml", PLANTED_AGENTS);
  fs.renameSync(path.join(site.dir, "gatsby-node.ts"), path.join(site.dir, "gatsby-node-site.ts"));
  writeFileIn(site.dir, "gatsby-node.ts", wrappedGatsbyNode(mutate));

  const log = path.join(site.dir, "build.log");
  const env = { ...process.env, CMS_ADMIN: "off", NO_COLOR: "1", CI: "1", BUILD_TIME };
  const { code } = await gatsbyBuild(site.dir, env, log);
  return { dir: site.dir, code, output: fs.readFileSync(log, "utf8"), remove: site.remove };
}
