// The scale bench's parts: more blog posts copied from the existing ones, one edit, and what a build's log says.
import fs from "node:fs";
import path from "node:path";

const frontmatter = (text: string) => text.slice(0, text.indexOf("\n---", 4));
const field = (text: string, key: string) =>
  new RegExp(`^${key}:\\s*(.*)$`, "m").exec(frontmatter(text))?.[1] ?? null;

/** The text with one frontmatter field set (or removed with null); the body is left as it is. */
function withField(text: string, key: string, value: string | null): string {
  const head = frontmatter(text);
  const line = new RegExp(`^${key}:.*\\n?`, "m");
  if (!line.test(head)) throw new Error(`no "${key}:" in the frontmatter`);
  return head.replace(line, value === null ? "" : `${key}: ${value}\n`) + text.slice(head.length);
}

/** The posts that can be copied: English originals (a translation names its original, which a copy would not have). */
export function sourcePosts(blogDir: string): string[] {
  return fs
    .readdirSync(blogDir)
    .filter((name) => {
      const file = path.join(blogDir, name, "index.md");
      if (!fs.existsSync(file)) return false;
      const text = fs.readFileSync(file, "utf8");
      return field(text, "translationOf") === null && field(text, "locale") === null;
    })
    .sort();
}

/**
 * Writes `count` new posts into `<siteDir>/content/blog/`, copied in turn from the existing ones with their images:
 * `<slug>-s<n>`, title "… (copy n)", dated n days before 2024-12-31, never featured. Returns the new slugs.
 */
export function generatePosts(siteDir: string, count: number): string[] {
  const blogDir = path.join(siteDir, "content", "blog");
  const sources = sourcePosts(blogDir);
  if (sources.length === 0) throw new Error(`no posts to copy in ${blogDir}`);
  return Array.from({ length: count }, (_, i) => {
    const source = sources[i % sources.length]!;
    const slug = `${source}-s${i + 1}`;
    fs.cpSync(path.join(blogDir, source), path.join(blogDir, slug), { recursive: true });
    const file = path.join(blogDir, slug, "index.md");
    let text = fs.readFileSync(file, "utf8");
    const title = JSON.parse(field(text, "title") ?? '""') as string;
    text = withField(text, "slug", slug);
    text = withField(text, "title", JSON.stringify(`${title} (copy ${i + 1})`));
    text = withField(text, "date", new Date(Date.UTC(2024, 11, 30 - i)).toISOString().slice(0, 10));
    if (field(text, "featured") !== null) text = withField(text, "featured", null);
    fs.writeFileSync(file, text);
    return slug;
  });
}

/** Whether a post gets a listed page (not a draft, not hidden): the one to edit for a rebuild. */
export function isListedPost(siteDir: string, slug: string): boolean {
  const text = fs.readFileSync(path.join(siteDir, "content", "blog", slug, "index.md"), "utf8");
  return field(text, "draft") !== "true" && field(text, "hidden") !== "true";
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");

/**
 * The site's own post-build report (src/gatsby/onPostBuild.ts), "site post-build: a 1.0 s, b 2.0 s, total 3.0 s",
 * which Gatsby's reporter may wrap over several lines: each step's seconds, or null when the log has none.
 */
export function sitePostBuild(log: string): Record<string, number> | null {
  const text = stripAnsi(log);
  const start = text.lastIndexOf("site post-build:");
  if (start < 0) return null;
  const end = text.indexOf(" s", text.indexOf("total", start));
  const line = text.slice(start + "site post-build:".length, end + 2).replace(/\s*\n\s*/g, " ");
  return Object.fromEntries(
    [...line.matchAll(/([a-z][a-z -]*?) ([\d.]+) s/g)].map((m) => [m[1]!.trim(), Number(m[2])]),
  );
}
