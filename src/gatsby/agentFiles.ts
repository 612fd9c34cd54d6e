/**
 * The agents step of the build, after the page pass made the twins: /llms.txt and /llms-full.txt from the twins and
 * content/settings/agents.yml, /.well-known/security.txt with an Expires the build sets, and robots.txt with the
 * site's AI preferences. A settings entry that names no twin fails the build, naming the entry.
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { site } from "../config/site";
import {
  AGENTS_FILE,
  parseAgentSettings,
  renderLlmsFullTxt,
  renderLlmsTxt,
  renderRobotsTxt,
  renderSecurityTxt,
  SECURITY_TXT_PATH,
  type TwinPage,
} from "../data/agentFiles";
import { listedPosts, type ListablePost } from "../data/blog";
import { fillPlaceholders, parseYamlFile } from "../data/content";
import { twinPathOf } from "../data/markdownTwins";
import { parseHtml } from "../data/parseHtml";
import { isPublished } from "../data/schedule";
import type { PageRecord } from "./builtPages";

export type AgentFilesResult = {
  problems: string[];
  /** "llms.txt: N links in M sections; llms-full.txt: N pages, K KiB; security.txt expires …". */
  summary: string;
};

/** What the step reads of Gatsby's nodes: the blog's posts (for the newest) and the marketing pages' paths. */
export type AgentNodes = {
  posts: ReadonlyArray<ListablePost & { path: string }>;
  marketingPages: readonly string[];
};

export async function writeAgentFiles(
  rootDir: string,
  publicDir: string,
  records: readonly PageRecord[],
  nodes: AgentNodes,
  builtAt: Date,
): Promise<AgentFilesResult> {
  let settings;
  try {
    const file = path.join(rootDir, AGENTS_FILE);
    if (!existsSync(file)) throw new Error(`${AGENTS_FILE} is missing`);
    settings = parseAgentSettings(
      fillPlaceholders(parseYamlFile(await fs.readFile(file, "utf8"), AGENTS_FILE)),
    );
  } catch (error) {
    return { problems: [(error as Error).message], summary: "" };
  }

  // A page without its twin fails the build, named; the files are still written from the twins there are.
  const missing = await sitemapWithoutTwins(publicDir, records);
  const pages = new Map<string, TwinPage>();
  for (const record of records) {
    const twinPath = twinPathOf(record.path);
    if (record.twin && twinPath)
      pages.set(record.path, {
        path: record.path,
        twinUrl: `${site.url}${twinPath}`,
        title: record.twin.title,
        description: record.twin.description,
      });
  }
  const newest = listedPosts(nodes.posts.filter((post) => isPublished(post.date, builtAt)))
    .map((post) => pages.get(post.path))
    .filter((page): page is TwinPage => page !== undefined);
  const llms = renderLlmsTxt(site.productName, settings.llms, pages, newest);

  // The marketing pages that have twins: llms.txt's first, in its order, then the others by path.
  const listed = settings.llms.sections.flatMap((s) => s.links.map((l) => l.link));
  const marketing = [...new Set([...listed, ...[...nodes.marketingPages].sort()])].filter(
    (page) => nodes.marketingPages.includes(page) && pages.has(page),
  );
  const twins = await Promise.all(
    marketing.map(async (page) => ({
      page: pages.get(page) as TwinPage,
      markdown: await fs.readFile(path.join(publicDir, twinPathOf(page) ?? ""), "utf8"),
    })),
  );
  const full = renderLlmsFullTxt(site.productName, settings.llms.summary, twins);
  const problems = [...llms.problems, ...full.problems];
  if (problems.length > 0) return { problems: [...missing, ...problems], summary: "" };

  const securityTxt = renderSecurityTxt(site.url, settings.securityTxt, builtAt);
  await fs.mkdir(path.join(publicDir, path.dirname(SECURITY_TXT_PATH)), { recursive: true });
  await Promise.all([
    fs.writeFile(path.join(publicDir, "llms.txt"), llms.text),
    fs.writeFile(path.join(publicDir, "llms-full.txt"), full.text),
    fs.writeFile(path.join(publicDir, SECURITY_TXT_PATH), securityTxt),
    fs.writeFile(
      path.join(publicDir, "robots.txt"),
      renderRobotsTxt(site.url, settings.contentSignal),
    ),
  ]);
  const links = llms.text.split("\n").filter((line) => line.startsWith("- [")).length;
  const expires = /^Expires: (.*)$/m.exec(securityTxt)?.[1] ?? "?";
  return {
    problems: missing,
    summary:
      `llms.txt: ${links} links in ${settings.llms.sections.length} sections; ` +
      `llms-full.txt: ${twins.length} pages, ${Math.round(Buffer.byteLength(full.text) / 1024)} KiB; ` +
      `security.txt expires ${expires}`,
  };
}

/**
 * Every page the sitemap lists has a twin: a page whose head links none (a template whose Head does not pass the
 * context's `twin` to Seo, a page of src/pages that the sitemap lists) is named, and fails the build.
 */
async function sitemapWithoutTwins(
  publicDir: string,
  records: readonly PageRecord[],
): Promise<string[]> {
  const files = (await fs.readdir(publicDir)).filter((file) => /^sitemap-\d+\.xml$/.test(file));
  if (files.length === 0)
    return [`${publicDir}: no sitemap-N.xml to check the Markdown twins against`];
  const twins = new Set(records.filter((r) => r.twin).map((r) => r.path));
  const problems: string[] = [];
  for (const file of files) {
    const xml = await fs.readFile(path.join(publicDir, file), "utf8");
    for (const loc of parseHtml(xml).filter((el) => el.name === "loc")) {
      const page = new URL(xml.slice(loc.openEnd, loc.end - "</loc>".length).trim()).pathname;
      if (!twins.has(page))
        problems.push(`${page}: listed in the sitemap, but its head links no Markdown twin`);
    }
  }
  return problems;
}

type Node = Record<string, unknown>;

/** The step's nodes from Gatsby's store: posts as the blog's lists read them, the marketing pages' paths. */
export function agentNodesOf(getNodesByType: (type: string) => Node[]): AgentNodes {
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    posts: getNodesByType("BlogPost").map((post) => ({
      id: String(post["id"]),
      path: String(post["path"]),
      date: String(post["date"]),
      tagKeys: strings(post["tagKeys"]),
      draft: post["draft"] === true,
      hidden: post["hidden"] === true,
      locale: String(post["locale"] ?? "en"),
      featured: post["featured"] === true,
    })),
    marketingPages: getNodesByType("MarketingPage").map((page) => String(page["path"])),
  };
}
