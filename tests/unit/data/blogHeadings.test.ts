// @vitest-environment node
// Heading ids come from the one slug() in the build (the remark sub-plugin run the way
// gatsby-transformer-remark runs it), in the table of contents and in the CMS preview; repeats stay unique.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import remark from "remark";
import gfm from "remark-gfm";
import toHast from "mdast-util-to-hast";
import toHtml from "hast-util-to-html";
import { site, slug } from "../../../src/config/site";
import { fillPlaceholders } from "../../../src/data/content";
import {
  anchorHeadings,
  anchorLabel,
  headingSlugger,
  mdastText,
  type MdastNode,
} from "../../../src/data/blogHeadings";
import { previewMarkdown } from "../../../src/cms/previewMarkdown";

type RemarkPlugin = (
  args: { markdownAST: MdastNode; markdownNode: { frontmatter?: Record<string, unknown> } },
  options: { anchorHeadings?: typeof anchorHeadings },
) => MdastNode;
const requireJs = createRequire(import.meta.url);
const plugin = requireJs("../../../src/gatsby/remark-heading-anchors") as RemarkPlugin;

/** Markdown → HTML and headings, as gatsby-transformer-remark makes them with our sub-plugin. */
function build(markdown: string, locale?: string) {
  // gatsby-config.ts turns on GFM (tables, strikethrough, task lists).
  const processor = remark().use(gfm as never);
  const ast = processor.runSync(processor.parse(markdown)) as unknown as MdastNode;
  plugin({ markdownAST: ast, markdownNode: { frontmatter: { locale } } }, { anchorHeadings });
  const headings: Array<{ id: string | null; value: string; depth: number }> = [];
  const collect = (node: MdastNode) => {
    if (node.type === "heading")
      headings.push({
        // What the transformer's `headings` resolver reads (utils/get-heading-id.js).
        id: (node.data?.["id"] as string | undefined) ?? null,
        value: mdastText(node),
        depth: node.depth ?? 0,
      });
    node.children?.forEach(collect);
  };
  collect(ast);
  const html = toHtml(toHast(ast as never, { allowDangerousHtml: true }) as never, {
    allowDangerousHtml: true,
  });
  return { html, headings };
}

describe("headingSlugger", () => {
  it("uses slug() and numbers repeats, never reusing an id", () => {
    const idFor = headingSlugger();
    expect(["Setup", "Setup", "Setup 1", "Setup"].map(idFor)).toEqual([
      "setup",
      "setup-1",
      "setup-1-1",
      "setup-2",
    ]);
    expect(idFor("日本語")).toBe("section");
    expect(idFor("")).toBe("section-1");
  });
});

describe("the remark sub-plugin", () => {
  it("gives h2/h3 the slug() id, with a permalink to it, in the post's language", () => {
    const { html } = build("## O marco regulatório em resumo\n\ntext\n", "pt-BR");
    expect(html).toContain('<h2 id="o-marco-regulatorio-em-resumo">');
    expect(html).toContain('href="#o-marco-regulatorio-em-resumo"');
    expect(html).toContain(`aria-label="${anchorLabel("O marco regulatório em resumo", "pt-BR")}"`);
    expect(html).toContain('class="heading-anchor before"');
    expect(html).toContain("<svg");
    expect(html).not.toContain("regulatório-em");
  });

  it("keeps duplicate headings unique and the table of contents on the same ids", () => {
    const { html, headings } = build(
      "# Title\n\n## Setup\n\n### Setup\n\n## `fetch()` & *more*\n\n#### Deep\n\n## Setup\n",
    );
    expect(headings).toEqual([
      { id: null, value: "Title", depth: 1 },
      { id: "setup", value: "Setup", depth: 2 },
      { id: "setup-1", value: "Setup", depth: 3 },
      { id: "fetch-more", value: "fetch() & more", depth: 2 },
      { id: null, value: "Deep", depth: 4 },
      { id: "setup-2", value: "Setup", depth: 2 },
    ]);
    for (const { id } of headings.filter((h) => h.id))
      expect(html.match(new RegExp(`id="${id}"`, "g")), id ?? "").toHaveLength(1);
  });

  it("takes ids from the text readers see, with brand placeholders filled (as the preview does)", () => {
    const markdown = "## Why {product} works\n";
    const id = slug(`Why ${site.productName} works`);
    expect(build(markdown).headings[0]?.id).toBe(id);
    expect(previewMarkdown(fillPlaceholders(markdown)).toc[0]?.id).toBe(id);
  });

  it("fails loudly when gatsby-config.ts does not pass the slug logic", () => {
    expect(() => plugin({ markdownAST: { type: "root" }, markdownNode: {} }, {})).toThrow(
      /anchorHeadings/,
    );
  });

  it("matches slug() on every heading of the pt-BR post", () => {
    const file = path.resolve("content/blog/geolocation-brazil-gambling-regulations-br/index.md");
    const body = readFileSync(file, "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
    const { headings } = build(body, "pt-BR");
    const anchored = headings.filter((h) => h.depth === 2 || h.depth === 3);
    expect(anchored.length).toBeGreaterThan(3);
    for (const heading of anchored) expect(heading.id).toBe(slug(heading.value));
    expect(anchored.map((h) => h.id)).toContain("o-marco-regulatorio-em-resumo");
  });
});

describe("the CMS preview", () => {
  it("makes the same ids, permalinks and table of contents as the build", () => {
    const markdown =
      "## O marco regulatório em resumo\n\n### Setup\n\n## Setup\n\n## `fetch()` & *more*\n";
    const site = build(markdown, "pt-BR");
    const preview = previewMarkdown(markdown, "pt-BR");
    const siteToc = site.headings
      .filter((h) => h.id)
      .map((h) => ({ id: h.id, title: h.value, depth: h.depth }));
    expect(preview.toc).toEqual(siteToc);
    for (const { id } of preview.toc) {
      expect(preview.html).toContain(`id="${id}"`);
      expect(preview.html).toContain(`href="#${id}"`);
    }
  });

  it("highlights code in the build's markup and drops unsafe markup", () => {
    const { html } = previewMarkdown(
      '```ts\nconst a = "x"; // note\n```\n\n<script>alert(1)</script><span class="evil">x</span>\n\n[bad](javascript:alert(1))\n',
    );
    expect(html).toContain(
      '<div class="gatsby-highlight" data-language="ts"><pre class="language-ts"><code class="language-ts"><span class="token keyword">const</span>',
    );
    expect(html).toContain('<span class="token string">"x"</span>');
    expect(html).toContain('<span class="token comment">// note</span>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("evil");
    expect(html).not.toContain("javascript:");
  });

  it("renders ordinary markdown exactly as the build does (the same remark pipeline)", () => {
    const markdown = [
      "Intro with **bold**, *emphasis*, `code`, ~~struck~~ and a [link](https://example.com/a).",
      "",
      "## Tables and lists",
      "",
      "| Signal | Weight |",
      "| :----- | -----: |",
      "| IP     | 0.4    |",
      "",
      "- one",
      "- two",
      "  1. nested",
      "",
      "> quoted",
      "",
      "---",
      "",
      "![Chart](./chart.png)",
      "",
    ].join("\n");
    const site = build(markdown);
    const preview = previewMarkdown(markdown);
    expect(preview.html).toContain("<table>");
    expect(preview.html).toContain("<del>struck</del>");
    // The sanitizer's serialisation: lower-case attribute names, explicit end tags.
    const normalise = (html: string) =>
      html
        .replace(/viewBox/g, "viewbox")
        .replace(/(<path [^>]*?)\/>/g, "$1></path>")
        .replace(/ \/>/g, ">")
        .replace(/<a href="(#[^"]+)" aria-label="([^"]+)" class="([^"]+)">/g, "<a $1 $2 $3>");
    expect(normalise(preview.html)).toBe(
      normalise(
        site.html.replace(
          /<a href="(#[^"]+)" class="([^"]+)" aria-label="([^"]+)">/g,
          '<a href="$1" aria-label="$3" class="$2">',
        ),
      ),
    );
  });
});
