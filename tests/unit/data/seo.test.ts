// Every entry fits what search results display: its title there (the SEO title, or what the page uses when
// it has none) at most about 60 characters, its description at most about 160, placeholders filled as the
// build fills them. A new entry over the limits fails here, naming the file and what to shorten.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "../../../src/data/content";
import {
  seoProblems,
  seoTitleOf,
  SEO_LIMITS,
  type SeoEntry,
  type SeoKind,
} from "../../../src/data/seo";

const content = path.resolve(__dirname, "../../../content");
const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

function entries(): Array<{ file: string; kind: SeoKind; entry: SeoEntry }> {
  const kinds: Array<[string, SeoKind, RegExp]> = [
    ["blog", "post", /index\.md$/],
    ["case-studies", "caseStudy", /\.md$/],
    ["webinars", "webinar", /\.md$/],
    ["pages", "page", /\.ya?ml$/],
  ];
  return kinds.flatMap(([folder, kind, pattern]) =>
    walk(path.join(content, folder))
      .filter((file) => pattern.test(file))
      .map((file) => {
        const text = fs.readFileSync(file, "utf8");
        const data = parse(
          kind === "page" ? text : (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? ""),
        );
        return {
          file: path.relative(content, file),
          kind,
          entry: fillPlaceholders(data as SeoEntry),
        };
      }),
  );
}

describe("search-engine fields", () => {
  it("keep every entry's title and description within what results display", () => {
    const all = entries();
    expect(all.length).toBeGreaterThan(60);
    const over = all.flatMap(({ file, kind, entry }) =>
      seoProblems(kind, entry).map((problem) => `${file}: ${problem}`),
    );
    expect(over).toEqual([]);
  });

  it("measure the title the page uses: the SEO title, else the kind's own", () => {
    const entry = { title: "A".repeat(70), description: "d", customer: "Lumina Bank" };
    expect(seoTitleOf("caseStudy", entry)).toBe("Lumina Bank case study");
    expect(seoTitleOf("webinar", { ...entry, title: "Live demo" })).toBe("Live demo (webinar)");
    expect(seoProblems("post", entry)).toEqual([
      `title in search results is 70 characters (about ${SEO_LIMITS.title} show): set a shorter SEO title`,
    ]);
    expect(seoProblems("post", { ...entry, seoTitle: "Short" })).toEqual([]);
    expect(seoProblems("page", { title: "t", description: "x".repeat(161) })).toHaveLength(1);
  });
});
