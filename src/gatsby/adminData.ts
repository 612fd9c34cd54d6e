/**
 * What the content admin reads from the deployed site instead of from GitHub (docs/cms.md, "The admin at 5,000
 * posts"): for each folder collection, a snapshot of its published entries' files with their git blob shas
 * (src/cms/contentSnapshot.ts), and the published posts' summaries the previews list (src/cms/postSummaries.ts).
 * Published means built into a page: a draft or a scheduled entry never leaves the repository this way.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { isPublished } from "../data/schedule";
import {
  gitBlobSha,
  SNAPSHOT_VERSION,
  snapshotPath,
  type ContentSnapshot,
} from "../cms/contentSnapshot";
import { POST_SUMMARIES_PATH, type PostSummary } from "../cms/postSummaries";
import { ADMIN_DIR } from "./cmsAdmin";

/** An entry's publishing facts: a file is published unless it is a draft or its publish date lies ahead. */
export type EntryFacts = { sourceFile: string; draft?: boolean; publishAt?: string | null };

export const isPublishedEntry = (entry: EntryFacts, at: Date) =>
  entry.draft !== true && isPublished(entry.publishAt, at);

/** Writes `text` unless the file already holds it, so its .br/.gz siblings stay current. */
async function writeIfChanged(file: string, text: string): Promise<boolean> {
  const existing = await readFile(file, "utf8").catch(() => null);
  if (existing === text) return false;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return true;
}

export type AdminDataReport = {
  folders: number;
  entries: number;
  bytes: number;
  written: number;
  posts: number;
};

/**
 * Writes a snapshot of each folder (repository-relative, as the CMS config names it) holding the published files
 * under it, and the posts' summaries, into the build's admin folder.
 */
export async function writeAdminData(options: {
  siteRoot: string;
  publicDir: string;
  folders: readonly string[];
  published: readonly EntryFacts[];
  at: Date;
  posts: ReadonlyArray<{ facts: EntryFacts; summary: PostSummary }>;
}): Promise<AdminDataReport> {
  const { siteRoot, publicDir, folders, published, at, posts } = options;
  const adminDir = path.join(publicDir, ADMIN_DIR);
  const files = published
    .filter((entry) => isPublishedEntry(entry, at))
    .map((entry) => entry.sourceFile)
    .sort();
  const report: AdminDataReport = { folders: 0, entries: 0, bytes: 0, written: 0, posts: 0 };
  const prefixes = folders.map((folder) => `${folder.replace(/^\/+|\/+$/g, "")}/`);
  // A file belongs to the most specific folder that holds it (content/pages/company/x.yml to that folder's
  // collection, not to the one of content/pages).
  const owner = (file: string) =>
    prefixes.filter((prefix) => file.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
  for (const prefix of prefixes) {
    const folder = prefix.slice(0, -1);
    const entries = await Promise.all(
      files
        .filter((file) => owner(file) === prefix)
        .map(async (file) => {
          const bytes = await readFile(path.join(siteRoot, file));
          return { path: file, sha: await gitBlobSha(bytes), text: bytes.toString("utf8") };
        }),
    );
    const snapshot: ContentSnapshot = {
      version: SNAPSHOT_VERSION,
      folder: prefix.slice(0, -1),
      entries,
    };
    const text = JSON.stringify(snapshot);
    if (await writeIfChanged(path.join(adminDir, snapshotPath(folder)), text)) report.written += 1;
    report.folders += 1;
    report.entries += entries.length;
    report.bytes += Buffer.byteLength(text);
  }
  const summaries = posts
    .filter((post) => isPublishedEntry(post.facts, at))
    .map((post) => post.summary)
    .sort((a, b) => a.slug.localeCompare(b.slug));
  if (await writeIfChanged(path.join(adminDir, POST_SUMMARIES_PATH), JSON.stringify(summaries)))
    report.written += 1;
  report.posts = summaries.length;
  return report;
}

type Graphql = <T>(query: string) => Promise<{ errors?: unknown; data?: T }>;

type Nodes<T> = { nodes: T[] };
type Facts = { sourceFile: string; draft?: boolean };
type AdminDataQuery = {
  allBlogPost: Nodes<
    Facts & {
      slug: string;
      title: string;
      description: string;
      date: string;
      tagKeys: string[];
      authorKeys: string[];
      locale: string;
      translationOf: string | null;
      hidden: boolean;
      featured: boolean;
      timeToRead: number;
    }
  >;
  allCaseStudy: Nodes<Facts & { date: string }>;
  allWebinar: Nodes<Facts & { publishDate: string | null }>;
  allMarketingPage: Nodes<Facts>;
  allAuthor: Nodes<Facts>;
  allTag: Nodes<Facts>;
};

/** The admin's data for this build, from the content nodes (publishing rules as createPages applies them). */
export async function writeAdminDataOfBuild(
  graphql: Graphql,
  options: { siteRoot: string; publicDir: string; folders: readonly string[]; at: Date },
): Promise<AdminDataReport> {
  const result = await graphql<AdminDataQuery>(`
    query AdminData {
      allBlogPost {
        nodes {
          sourceFile
          draft
          slug
          title
          description
          date
          tagKeys
          authorKeys
          locale
          translationOf
          hidden
          featured
          timeToRead
        }
      }
      allCaseStudy {
        nodes {
          sourceFile
          draft
          date
        }
      }
      allWebinar {
        nodes {
          sourceFile
          draft
          publishDate
        }
      }
      allMarketingPage {
        nodes {
          sourceFile
        }
      }
      allAuthor {
        nodes {
          sourceFile
        }
      }
      allTag {
        nodes {
          sourceFile
        }
      }
    }
  `);
  if (result.errors || !result.data)
    throw new Error(`Could not query the admin's data: ${JSON.stringify(result.errors)}`);
  const data = result.data;
  const posts = data.allBlogPost.nodes.map((post) => ({
    facts: { sourceFile: post.sourceFile, draft: post.draft, publishAt: post.date },
    summary: {
      slug: post.slug,
      title: post.title,
      description: post.description,
      date: post.date,
      tags: post.tagKeys,
      authors: post.authorKeys,
      locale: post.locale,
      translationOf: post.translationOf,
      hidden: post.hidden,
      featured: post.featured,
      minutes: post.timeToRead,
    },
  }));
  return writeAdminData({
    ...options,
    published: [
      ...posts.map((post) => post.facts),
      ...data.allCaseStudy.nodes.map((n) => ({ ...n, publishAt: n.date })),
      ...data.allWebinar.nodes.map((n) => ({ ...n, publishAt: n.publishDate })),
      ...data.allMarketingPage.nodes,
      ...data.allAuthor.nodes,
      ...data.allTag.nodes,
    ],
    posts,
  });
}
