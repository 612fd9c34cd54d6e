// @vitest-environment node
// Reading time from a post's markdown, which the build stores on each post and the CMS preview shows: the words a
// reader sees, at 265 a minute. Checked against the text of each real post's rendered HTML, where the plugin that
// computed it before counted.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markdownToHtml } from "../../../src/data/markdown";
import { readableWords, readingMinutes } from "../../../src/data/readingTime";

const words = (n: number, word = "fraud") => Array.from({ length: n }, () => word).join(" ");

describe("reading time", () => {
  it("counts the words a reader reads, not link targets, tags, comments or reference definitions", () => {
    const markdown = [
      "Device [intelligence](https://example.com/a/very/long/path?with=query) stops *account* takeover.",
      "",
      "<!-- a note for editors, never shown -->",
      '<abbr title="one time password">OTP</abbr> codes and ![a chart](./chart.png) charts.',
      "",
      "[ref]: https://example.com/reference",
      "",
      "```js",
      "const visitorId = await agent.get();",
      "```",
    ].join("\n");
    // Device intelligence stops account takeover (5), OTP codes and a chart charts (6), const visitorId await
    // agent.get (4).
    expect(readableWords(markdown)).toBe(15);
  });

  it("counts a Chinese or Japanese character as about half a word", () => {
    expect(readableWords("欺诈检测")).toBeCloseTo(4 * 0.56);
  });

  it("is 265 words a minute, rounded, and never under a minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(100))).toBe(1);
    expect(readingMinutes(words(397))).toBe(1);
    expect(readingMinutes(words(398))).toBe(2);
    expect(readingMinutes(words(265 * 7))).toBe(7);
  });

  it("gives each post in content/blog the minutes its rendered text takes", () => {
    const blog = path.resolve("content/blog");
    const posts = fs
      .readdirSync(blog)
      .filter((slug) => fs.existsSync(path.join(blog, slug, "index.md")));
    expect(posts.length).toBeGreaterThan(10);
    for (const slug of posts) {
      const body = fs
        .readFileSync(path.join(blog, slug, "index.md"), "utf8")
        .replace(/^---\n[\s\S]*?\n---\n/, "");
      const text = markdownToHtml(body)
        .replace(/<[^>]+>/g, " ")
        .replace(/&[a-z#0-9]+;/gi, " ");
      const fromText = Math.max(
        1,
        Math.round((text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0) / 265),
      );
      expect({ slug, minutes: readingMinutes(body) }).toEqual({ slug, minutes: fromText });
    }
  });
});
