// The scale bench's parts: copies of posts with their own slug, title and date, and the site's post-build report
// read from a build log (Gatsby's reporter wraps it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  generatePosts,
  isListedPost,
  sitePostBuild,
  sourcePosts,
} from "../../../scripts/lib/scale";

const root = path.resolve(__dirname, "../../..");
let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("generatePosts", () => {
  it("copies the English originals in turn, each with its own folder, slug, title and date", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-"));
    fs.cpSync(path.join(root, "content", "blog"), path.join(dir, "content", "blog"), {
      recursive: true,
    });
    const sources = sourcePosts(path.join(dir, "content", "blog"));
    expect(sources).not.toContain("geolocation-brazil-gambling-regulations-br");
    const slugs = generatePosts(dir, sources.length + 2);
    expect(new Set(slugs).size).toBe(sources.length + 2);
    const read = (slug: string) =>
      fs.readFileSync(path.join(dir, "content", "blog", slug, "index.md"), "utf8");
    const first = read(slugs[0]!);
    expect(first).toContain(`slug: ${sources[0]}-s1\n`);
    expect(first).toMatch(/^title: ".+ \(copy 1\)"$/m);
    expect(first).toContain("date: 2024-12-30\n");
    expect(first).not.toMatch(/^featured:/m);
    expect(read(slugs[1]!)).toContain("date: 2024-12-29\n");
    // The body is the original's, and the images travel with the post.
    const original = fs.readFileSync(
      path.join(dir, "content", "blog", sources[0]!, "index.md"),
      "utf8",
    );
    expect(first.slice(first.indexOf("\n---", 4))).toBe(
      original.slice(original.indexOf("\n---", 4)),
    );
    expect(fs.readdirSync(path.join(dir, "content", "blog", slugs[0]!)).sort()).toEqual(
      fs.readdirSync(path.join(dir, "content", "blog", sources[0]!)).sort(),
    );
    expect(isListedPost(dir, "device-reputation-scores")).toBe(false);
    expect(isListedPost(dir, slugs[0]!)).toBe(true);
  });
});

describe("sitePostBuild", () => {
  it("reads the site's own post-build report, wrapped or not, and nothing from a log without one", () => {
    const log = [
      "\u001b[2K\u001b[1A\u001b[Gsuccess createPages - 1.812s",
      "info site post-build: feed 0.4 s, pages 12.3 s, headers 5.1",
      "s, precompress 40.0 s, total 58.2 s",
      "success onPostBuild - 60.100s",
    ].join("\n");
    expect(sitePostBuild(log)).toEqual({
      feed: 0.4,
      pages: 12.3,
      headers: 5.1,
      precompress: 40,
      total: 58.2,
    });
    expect(sitePostBuild("nothing here")).toBeNull();
  });
});
