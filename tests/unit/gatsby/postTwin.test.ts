// A post's twin from its own Markdown: what the author wrote stays as written, with the product's name filled in,
// every link absolute and whatever the page would not show (by the page's own sanitizer) left out.
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../../src/data/parseHtml";
import { site } from "../../../src/config/site";
import { postSources, postTwin, type PostSource } from "../../../src/gatsby/postTwin";

const URL = "https://example.org/blog/a-post/";
/** The built page the post is on: the picture gatsby-remark-images made of its local image. */
const PAGE =
  '<main><h1>A post</h1><img class="gatsby-resp-image-image" src="/static/abc/diagram.png" alt="The flow"></main>';
const post = (markdown: string): PostSource => ({
  title: "Stop {product} bots",
  description: "How {product} helps.",
  byline: "Ada Lovelace · June 1, 2025",
  tags: ["Tutorials", "Bot detection"],
  markdown,
});
const twin = (markdown: string) => postTwin(post(markdown), parseHtml(PAGE), URL);

describe("postTwin", () => {
  it("opens with the title, description and byline, then the Markdown as written, placeholders filled", () => {
    const text = twin("Intro with {product}.\n\n## Steps\n\n1. One\n2. Two\n");
    expect(text).toBe(
      `# Stop ${site.productName} bots\n\nHow ${site.productName} helps.\n\n` +
        "Ada Lovelace · June 1, 2025 · Tags: Tutorials, Bot detection\n\n" +
        `Intro with ${site.productName}.\n\n## Steps\n\n1. One\n2. Two\n`,
    );
  });

  it("makes links absolute wherever they are, and leaves code exactly as written", () => {
    const text = twin(
      "See [the guide](/blog/guide/) and [docs](https://docs.example.org/).\n\n" +
        '- A list item with [a link](/pricing/ "Plans")\n\n> A quote with [another](../other/)\n\n' +
        "| A | B |\n| - | - |\n| [cell](/cell/) | x |\n\n[ref]: /reference/\n\n" +
        "```md\n[not a link](/stays/)\n```\n\nInline `[code](/stays-too/)` and [after code](/after/).\n",
    );
    expect(text).toContain("[the guide](https://example.org/blog/guide/)");
    expect(text).toContain("[docs](https://docs.example.org/)");
    expect(text).toContain('- A list item with [a link](https://example.org/pricing/ "Plans")');
    expect(text).toContain("> A quote with [another](https://example.org/blog/other/)");
    expect(text).toContain("| [cell](https://example.org/cell/) | x |");
    expect(text).toContain("[ref]: https://example.org/reference/");
    expect(text).toContain("```md\n[not a link](/stays/)\n```");
    expect(text).toContain(
      "Inline `[code](/stays-too/)` and [after code](https://example.org/after/).",
    );
  });

  it("finds a link that spans lines inside a quote by rendering that block", () => {
    const text = twin("> A quote whose [link text\n> runs on](/runs/) to the next line.\n");
    expect(text).toContain("[link text runs on](https://example.org/runs/)");
  });

  it("reduces an unsafe link to its text and points a local image at the picture the page shows", () => {
    const text = twin(
      "[click](javascript:alert(1)) [mail](mailto:a@example.org)\n\n![The flow](./diagram.png)\n\n![Missing](./gone.png)\n",
    );
    expect(text).toContain("click [mail](mailto:a@example.org)");
    expect(text).toContain("![The flow](https://example.org/static/abc/diagram.png)");
    expect(text).toContain("\nMissing\n");
    expect(text).not.toContain("javascript:");
  });

  it("passes raw HTML through the page's sanitizer: scripts, frames and handlers go, tables and details stay", () => {
    const text = twin(
      "Before.\n\n<script>window.planted = 1</script>\n\n<svg><script>window.svgPlanted = 1</script></svg>\n\n" +
        '<iframe src="https://evil.example/"></iframe>\n\n<a href="javascript:alert(1)">a planted link</a>\n\n' +
        "<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>99</td></tr></table>\n\nAfter.\n",
    );
    for (const gone of [
      "planted =",
      "svgPlanted",
      "evil.example",
      "javascript:",
      "<script",
      "<iframe",
    ])
      expect(text).not.toContain(gone);
    expect(text).toContain("a planted link");
    expect(text).toMatch(/\| Plan \| Price \|\n\| -+ \| -+ \|\n\| Pro \| 99 \|/);
    expect(text).toContain("Before.");
    expect(text).toContain("After.");
  });
});

describe("postSources", () => {
  it("reads each post from Gatsby's nodes, its Markdown from its parent, keyed by its page file", () => {
    const nodes = [
      { id: "a1", key: "ada", name: "Ada Lovelace", internal: { type: "Author" } },
      { id: "t1", key: "bots", label: "Bot detection", internal: { type: "Tag" } },
      { id: "m1", rawMarkdownBody: "Body.\n", internal: { type: "MarkdownRemark" } },
      {
        id: "p1",
        parent: "m1",
        path: "/blog/a-post/",
        title: "A post",
        description: "About it.",
        date: "2025-06-01T15:00:00.000Z",
        locale: "en",
        authorKeys: ["ada"],
        tagKeys: ["bots"],
        internal: { type: "BlogPost" },
      },
    ];
    const sources = postSources({
      getNodesByType: (type) => nodes.filter((n) => n.internal.type === type),
      getNode: (id) => nodes.find((n) => n.id === id),
    });
    expect([...sources]).toEqual([
      [
        "blog/a-post/index.html",
        {
          title: "A post",
          description: "About it.",
          byline: "Ada Lovelace · June 1, 2025",
          tags: ["Bot detection"],
          markdown: "Body.\n",
        },
      ],
    ]);
  });
});
