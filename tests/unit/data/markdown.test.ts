import { describe, expect, it } from "vitest";
import { markdownToHtml } from "../../../src/data/markdown";

describe("markdownToHtml", () => {
  it("renders paragraphs, emphasis, lists and tables", () => {
    const html = markdownToHtml("Hello **world**\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain("<strong>world</strong>");
    expect(html).toContain("<li>a</li>");
    expect(html).toContain("<table>");
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\nText <img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps safe links, marks outside links noopener, and drops unsafe schemes", () => {
    expect(markdownToHtml("[docs](https://docs.example.com)")).toContain(
      '<a href="https://docs.example.com" rel="noopener">docs</a>',
    );
    expect(markdownToHtml("[home](/pricing/)")).toContain('<a href="/pricing/">home</a>');
    const bad = markdownToHtml("[click](javascript:alert(1)) [x](//evil.example)");
    expect(bad).not.toContain("href");
    expect(bad).toContain("click");
  });

  it("never hot-links images", () => {
    expect(markdownToHtml("![diagram](https://cdn.example.com/x.png)")).not.toContain("<img");
  });
});

describe("markdownToHtml with remark", () => {
  it("renders reference links as their text, so a definition cannot slip an unsafe scheme past the check", () => {
    const html = markdownToHtml(
      "[click][x] and [docs][d]\n\n[x]: javascript:alert(1)\n[d]: https://d.example",
    );
    expect(html).not.toContain("href");
    expect(html).toContain("click and docs");
  });

  it("writes no title attribute and keeps raw HTML inside a link as text", () => {
    const html = markdownToHtml('[a <b>bold</b> move](/x/ "Title")');
    expect(html).toBe('<p><a href="/x/">a &lt;b&gt;bold&lt;/b&gt; move</a></p>');
  });

  it("keeps GFM: strikethrough, autolinks and task lists", () => {
    const html = markdownToHtml("~~old~~ https://example.com\n\n- [x] done");
    expect(html).toContain("<del>old</del>");
    expect(html).toContain('<a href="https://example.com" rel="noopener">https://example.com</a>');
    expect(html).toContain('<input type="checkbox" checked disabled');
  });
});
