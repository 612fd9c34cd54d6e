// @vitest-environment node
// What the build leaves the admin to read instead of GitHub: each folder's published files with their git blob
// shas, and the published posts' summaries; never a draft's or a scheduled entry's text.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContentSnapshot } from "../../../src/cms/contentSnapshot";
import type { PostSummary } from "../../../src/cms/postSummaries";
import { writeAdminData } from "../../../src/gatsby/adminData";

let site: string;
let publicDir: string;
const at = new Date("2026-12-06T12:00:00Z");
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  fs.writeFileSync(path.join(site, file), text);
};
const read = <T>(file: string) =>
  JSON.parse(fs.readFileSync(path.join(publicDir, "admin", file), "utf8")) as T;
const summary = (slug: string, date: string): PostSummary => ({
  slug,
  title: slug,
  description: "",
  date,
  tags: [],
  authors: [],
  locale: "en",
  translationOf: null,
  hidden: false,
  featured: false,
  minutes: 1,
});

beforeEach(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), "admin-data-"));
  publicDir = path.join(site, "public");
  write("content/blog/live/index.md", "---\ntitle: Live ✓\n---\nBody\n");
  write("content/blog/draft/index.md", "---\ntitle: Draft\ndraft: true\n---\n");
  write("content/blog/later/index.md", "---\ntitle: Later\n---\n");
  write("content/pages/home.yml", "title: Home\n");
  write("content/pages/company/about.yml", "title: About\n");
});
afterEach(() => fs.rmSync(site, { recursive: true, force: true }));

const options = () => ({
  siteRoot: site,
  publicDir,
  folders: ["content/blog", "content/pages", "content/pages/company"],
  at,
  published: [
    { sourceFile: "content/blog/live/index.md", publishAt: "2026-01-01T00:00:00.000Z" },
    { sourceFile: "content/blog/draft/index.md", draft: true, publishAt: null },
    { sourceFile: "content/blog/later/index.md", publishAt: "2027-01-01T00:00:00.000Z" },
    { sourceFile: "content/pages/home.yml" },
    { sourceFile: "content/pages/company/about.yml" },
  ],
  posts: [
    {
      facts: { sourceFile: "content/blog/live/index.md", publishAt: "2026-01-01T00:00:00.000Z" },
      summary: summary("live", "2026-01-01T00:00:00.000Z"),
    },
    {
      facts: { sourceFile: "content/blog/later/index.md", publishAt: "2027-01-01T00:00:00.000Z" },
      summary: summary("later", "2027-01-01T00:00:00.000Z"),
    },
  ],
});

describe("writeAdminData", () => {
  it("snapshots the published files only, each with the sha git gives it", async () => {
    const report = await writeAdminData(options());
    const blog = read<ContentSnapshot>("snapshots/content/blog.json");
    expect(blog.entries.map((entry) => entry.path)).toEqual(["content/blog/live/index.md"]);
    const sha = execFileSync("git", ["hash-object", path.join(site, "content/blog/live/index.md")])
      .toString()
      .trim();
    expect(blog.entries[0]).toEqual({
      path: "content/blog/live/index.md",
      sha,
      text: "---\ntitle: Live ✓\n---\nBody\n",
    });
    expect(JSON.stringify(blog)).not.toContain("Draft");
    expect(JSON.stringify(blog)).not.toContain("Later");
    expect(read<PostSummary[]>("previews/posts.json").map((post) => post.slug)).toEqual(["live"]);
    expect(report).toMatchObject({ folders: 3, entries: 3, posts: 1 });
  });

  it("gives a file to its most specific folder, once", async () => {
    await writeAdminData(options());
    const paths = (folder: string) =>
      read<ContentSnapshot>(`snapshots/${folder}.json`).entries.map((entry) => entry.path);
    expect(paths("content/pages")).toEqual(["content/pages/home.yml"]);
    expect(paths("content/pages/company")).toEqual(["content/pages/company/about.yml"]);
  });

  it("leaves unchanged files as they are, so their compressed siblings stay current", async () => {
    await writeAdminData(options());
    const file = path.join(publicDir, "admin", "snapshots/content/blog.json");
    const before = fs.statSync(file).mtimeMs;
    const again = await writeAdminData(options());
    expect(again.written).toBe(0);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  });
});
