// Prism highlighting for code samples and CMS previews: the same token classes as the blog's build-time
// highlighting, the text unchanged, and unknown languages escaped rather than dropped.
import { describe, expect, it } from "vitest";
import { grammarName, highlightCode } from "../../../src/data/highlight";

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("highlightCode", () => {
  const code = `import { load } from "agent";\n// comment <here>\nconst n = 42;`;

  it("marks keywords, strings, comments and numbers with Prism's classes", () => {
    const html = highlightCode(code, "javascript");
    expect(html).toContain('<span class="token keyword">import</span>');
    expect(html).toContain('<span class="token string">"agent"</span>');
    expect(html).toContain('<span class="token comment">// comment &lt;here></span>');
    expect(html).toContain('<span class="token number">42</span>');
  });

  it("keeps the code's text exactly", () => {
    for (const language of [
      "javascript",
      "typescript",
      "bash",
      "json",
      "kotlin",
      "swift",
      "python",
    ])
      expect(textOf(highlightCode(code, language))).toBe(code);
  });

  it("knows every section language and the fence aliases the blog uses", () => {
    for (const label of [
      "typescript",
      "kotlin",
      "swift",
      "python",
      "bash",
      "json",
      "ts",
      "js",
      "sh",
    ])
      expect(grammarName(label)).not.toBeNull();
    expect(highlightCode("npm install x # adds x", "sh")).toContain(
      '<span class="token comment"># adds x</span>',
    );
  });

  it("escapes code in a language it does not know instead of highlighting it", () => {
    expect(grammarName("cobol")).toBeNull();
    expect(highlightCode('<script>alert("x")</script>', "cobol")).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;",
    );
  });
});
