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
