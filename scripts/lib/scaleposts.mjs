// Multiplies the blog's posts in a scratch copy of the site, for the scale benchmark: each copy its own folder, slug, title and date.
import fs from "node:fs";
import path from "node:path";

/** One frontmatter line's value: `key: value` at the start of a line inside the leading --- block. */
function frontmatterValue(text, key) {
  const end = text.indexOf("\n---", 4);
  for (const line of text.slice(0, end).split("\n")) {
    if (line.startsWith(`${key}:`)) return line.slice(key.length + 1).trim();
  }
  return null;
}

/** The text with one frontmatter line replaced (or removed when `value` is null). */
function withFrontmatter(text, key, value) {
  const end = text.indexOf("\n---", 4);
  const lines = text.slice(0, end).split("\n");
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  if (index < 0) throw new Error(`no "${key}:" in the frontmatter`);
  if (value === null) lines.splice(index, 1);
  else lines[index] = `${key}: ${value}`;
  return lines.join("\n") + text.slice(end);
}

/**
 * The posts that can be copied: English originals (a translation names its original, which a copy would not
 * have). Returns their folder names.
 */
export function sourcePosts(blogDir) {
  return fs
    .readdirSync(blogDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => {
      const text = fs.readFileSync(path.join(blogDir, name, "index.md"), "utf8");
      return (
        frontmatterValue(text, "translationOf") === null &&
        frontmatterValue(text, "locale") === null
      );
    })
    .sort();
}

/** The date `days` before 2024-12-31, as YYYY-MM-DD. */
function daysBefore(days) {
  const date = new Date(Date.UTC(2024, 11, 31) - days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/**
 * Writes `count` new posts into `<siteDir>/content/blog/`, copied in turn from the existing ones with their
 * images: `<slug>-s<n>`, title "… (copy n)", one day older each, never featured. Returns the new slugs.
 */
export function generatePosts(siteDir, count) {
  const blogDir = path.join(siteDir, "content", "blog");
  const sources = sourcePosts(blogDir);
  if (sources.length === 0) throw new Error(`no posts to copy in ${blogDir}`);
  const slugs = [];
  for (let n = 1; n <= count; n += 1) {
    const source = sources[(n - 1) % sources.length];
    const slug = `${source}-s${n}`;
    const from = path.join(blogDir, source);
    const to = path.join(blogDir, slug);
    fs.cpSync(from, to, { recursive: true });
    let text = fs.readFileSync(path.join(from, "index.md"), "utf8");
    const title = JSON.parse(frontmatterValue(text, "title") ?? '""');
    text = withFrontmatter(text, "slug", slug);
    text = withFrontmatter(text, "title", JSON.stringify(`${title} (copy ${n})`));
    text = withFrontmatter(text, "date", daysBefore(n));
    if (frontmatterValue(text, "featured") !== null) text = withFrontmatter(text, "featured", null);
    fs.writeFileSync(path.join(to, "index.md"), text);
    slugs.push(slug);
  }
  return slugs;
}

/** Whether a post gets a listed page (not a draft, not hidden): the one to edit for a rebuild. */
export function isListedPost(siteDir, slug) {
  const text = fs.readFileSync(path.join(siteDir, "content", "blog", slug, "index.md"), "utf8");
  return frontmatterValue(text, "draft") !== "true" && frontmatterValue(text, "hidden") !== "true";
}

/** Appends a paragraph to a post's body: the "one edit" of the rebuild. */
export function editPost(siteDir, slug, sentence) {
  const file = path.join(siteDir, "content", "blog", slug, "index.md");
  fs.appendFileSync(file, `\n${sentence}\n`);
}
