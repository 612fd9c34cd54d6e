// A page's twin from its built main content: the page's words in order, as Markdown an assistant reads well, with
// nothing of the chrome, the controls or the variant a visitor does not see by default.
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../../src/data/parseHtml";
import { pageTwin } from "../../../src/gatsby/markdownTwin";

const URL = "https://example.org/pricing/";
const twinOf = (main: string, head = "") => {
  const html = `<!DOCTYPE html><html><head>${head}</head><body><header><nav><a href="/">Home</a></nav></header>${main}<footer><a href="/legal/">Legal</a></footer></body></html>`;
  return pageTwin(html, parseHtml(html), URL);
};

describe("pageTwin", () => {
  it("starts at the page's h1, keeps headings in order, and leaves the header, footer and eyebrows out", () => {
    const twin = twinOf(
      '<main><nav aria-label="Breadcrumb"><a href="/">Home</a></nav><p>Pricing</p><h1>Pay for what you use</h1>' +
        "<p>Intro.</p><h2>Plans</h2><h3>Pro</h3><p>Usage based.</p></main>",
    );
    expect(twin).toBe("# Pay for what you use\n\nIntro.\n\n## Plans\n\n### Pro\n\nUsage based.\n");
  });

  it("writes a table as a GFM table, the yes and no marks by their names, without padding", () => {
    const twin = twinOf(
      "<main><h1>Compare</h1><table><thead><tr><th>Feature</th><th>Us</th><th>Them</th></tr></thead><tbody>" +
        '<tr><th scope="row">A feature with a long name</th><td><svg role="img" aria-label="Yes"><use href="#i"/></svg></td>' +
        '<td><svg role="img" aria-label="No"></svg></td></tr><tr><th scope="row">Price</th><td>$1</td><td>$2</td></tr></tbody></table></main>',
    );
    expect(twin).toContain(
      "| Feature | Us | Them |\n| --- | --- | --- |\n| A feature with a long name | Yes | No |\n| Price | $1 | $2 |",
    );
  });

  it("keeps a list item's blocks and nested lists inside the item, as CommonMark reads them", () => {
    const twin = twinOf(
      "<main><h1>Steps</h1><ol><li><h3>Allow</h3><p>Known devices pass.</p></li><li><h3>Block</h3><p>Bots.</p></li></ol>" +
        "<ul><li>Web<ul><li>React</li><li>Vue<ul><li>Nuxt</li></ul></li></ul></li></ul></main>",
    );
    expect(twin).toContain(
      "1. ### Allow\n\n   Known devices pass.\n2. ### Block\n\n   Bots.\n- Web\n  - React\n  - Vue\n    - Nuxt\n",
    );
  });

  it("fences code with its language and keeps its text exactly", () => {
    const twin = twinOf(
      '<main><h1>SDK</h1><pre><code class="language-typescript"><span class="token keyword">const</span> a = 1;\n\n\nfoo(&lt;T&gt;);</code></pre></main>',
    );
    expect(twin).toContain("```typescript\nconst a = 1;\n\n\nfoo(<T>);\n```");
  });

  it("reads a FAQ as questions and answers: each summary a heading under the section's", () => {
    const twin = twinOf(
      '<main><h1>FAQ</h1><h2>Billing</h2><details><summary><svg aria-hidden="true"></svg>What counts as a call?</summary>' +
        "<div><p>One identification.</p></div></details></main>",
    );
    expect(twin).toContain("## Billing\n\n### What counts as a call?\n\nOne identification.");
  });

  it("makes every link absolute, drops unsafe ones to their text and keeps links side by side apart", () => {
    const twin = twinOf(
      '<main><h1>Links</h1><p><a href="/contact-sales/">Sales</a><a href="#estimate">Estimate</a> ' +
        '<a href="https://docs.example.org/x">Docs</a> <a href="javascript:alert(1)">Bad</a> <a href="//evil.example/">Proto</a></p></main>',
    );
    expect(twin).toContain(
      "[Sales](https://example.org/contact-sales/) [Estimate](https://example.org/pricing/#estimate) [Docs](https://docs.example.org/x) Bad Proto",
    );
  });

  it("leaves out forms, buttons, hidden and decorative parts, heading permalinks and the other A/B variant", () => {
    const twin = twinOf(
      '<main><h1>Hero</h1><div data-ab-part="home:control"><p>Control copy</p></div>' +
        '<div data-ab-part="home:treatment"><p>Treatment copy</p></div><div data-ab-variant="home:treatment"><h2>B only</h2></div>' +
        '<form><label>Email<input name="email"></label><button>Send</button></form><p hidden>Hidden</p>' +
        '<span aria-hidden="true">decor</span><h2 id="x"><a class="heading-anchor before" href="#x"><svg></svg></a>Section</h2>' +
        '<ul><li><img src="/thumb.png" alt="A thumbnail"><a href="/blog/a/">Post</a></li></ul>' +
        '<p><img src="/static/diagram.png" alt="A diagram"></p></main>',
    );
    expect(twin).toContain("Control copy");
    expect(twin).toContain("## Section");
    expect(twin).toContain("- [Post](https://example.org/blog/a/)");
    expect(twin).toContain("![A diagram](https://example.org/static/diagram.png)");
    for (const absent of [
      "Treatment copy",
      "B only",
      "Email",
      "Send",
      "Hidden",
      "decor",
      "thumbnail",
      "#x",
    ])
      expect(twin).not.toContain(absent);
  });

  it("is empty for a page without a main landmark", () => {
    expect(pageTwin("<p>nothing</p>", parseHtml("<p>nothing</p>"), URL)).toBe("");
  });
});
