// @vitest-environment jsdom
// The body sanitizer: what marketers and the markdown pipeline write survives, nothing that runs or loads a
// document does, judged on the DOM a browser's parser (jsdom's DOMParser, parse5) builds from the output.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeBodyHtml } from "../../../src/data/bodyHtml";
import { previewMarkdown } from "../../../src/cms/previewMarkdown";

/** The body as a browser would build it. */
function parsed(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, "text/html");
}

/** Everything in the document that could run script or load another document. */
function active(html: string): string[] {
  const doc = parsed(html);
  const found: string[] = [];
  const dangerous = "script, iframe, frame, object, embed, style, link, meta, base, form, template";
  for (const el of doc.querySelectorAll(dangerous)) found.push(`<${el.localName}>`);
  for (const el of doc.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      // A browser ignores control characters and spaces around a URL and tabs or newlines inside it.
      const value = [...attr.value]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join("")
        .toLowerCase();
      if (attr.name.toLowerCase().startsWith("on")) found.push(`${attr.name}=`);
      else if (/^(javascript|vbscript|data):/.test(value) && attr.name !== "style")
        found.push(`${attr.name}=${value.slice(0, 20)}`);
    }
  }
  return found;
}

const ATTACKS = [
  "<script>alert(1)</script>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><script href="data:text/javascript,alert(1)"></script></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  "<style>body{display:none}</style>",
  '<img src="/x.png" onerror="alert(1)">',
  "<img src=x/onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  '<svg onload="alert(1)"></svg>',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<form action="https://evil.example/"><input name="q"><button>Go</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
  "<template><script>alert(1)</script></template>",
  "<!--><img src=x onerror=alert(1)>-->",
  "<![CDATA[><img src=x onerror=alert(1)>]]>",
  '<div style="background:url(javascript:alert(1))">x</div>',
];

describe("the body sanitizer", () => {
  it.each(ATTACKS)("leaves nothing active of %s", (attack) => {
    expect(active(sanitizeBodyHtml(attack))).toEqual([]);
  });

  it("drops a script's and a style's text, keeps the text of other dropped elements", () => {
    const out = sanitizeBodyHtml(
      "<p>before</p><script>steal()</script><style>p{}</style><iframe>fallback</iframe><p>after</p>",
    );
    expect(out).toBe("<p>before</p>fallback<p>after</p>");
  });

  it("keeps what marketers write: tables, details, figures, images, safe links, code", () => {
    const html = [
      '<table><caption>Plans</caption><thead><tr><th align="left" scope="col">Plan</th></tr></thead>',
      '<tbody><tr><td colspan="2">Pro</td></tr></tbody></table>',
      "<details><summary>More</summary><p>Hidden <mark>text</mark></p></details>",
      '<figure><img src="/static/a/chart.png" alt="Chart" width="600" height="300" loading="lazy"><figcaption>Q1</figcaption></figure>',
      '<p><a href="https://example.com/a?b=1&amp;c=2">https</a> <a href="/pricing/">site</a> <a href="#faq">anchor</a>',
      ' <a href="mailto:sales@example.com">mail</a> <a href="https://example.com/" target="_blank">new tab</a></p>',
      "<pre><code>const a = 1 &lt; 2;</code></pre><p>H<sub>2</sub>O, x<sup>2</sup>, <kbd>Ctrl</kbd></p>",
    ].join("");
    const doc = parsed(sanitizeBodyHtml(html));
    expect(doc.querySelector("table caption")?.textContent).toBe("Plans");
    expect(doc.querySelector("th")?.getAttribute("align")).toBe("left");
    expect(doc.querySelector("td")?.getAttribute("colspan")).toBe("2");
    expect(doc.querySelector("details summary")?.textContent).toBe("More");
    expect(doc.querySelector("figure img")?.getAttribute("src")).toBe("/static/a/chart.png");
    expect(doc.querySelector("figcaption")?.textContent).toBe("Q1");
    expect([...doc.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/a?b=1&c=2",
      "/pricing/",
      "#faq",
      "mailto:sales@example.com",
      "https://example.com/",
    ]);
    expect(doc.querySelector('a[target="_blank"]')?.getAttribute("rel")).toBe("noopener");
    expect(doc.querySelector("pre code")?.textContent).toBe("const a = 1 < 2;");
  });

  it("keeps the markup the markdown pipeline writes, attributes in their order", () => {
    const anchor =
      '<h2 id="how-it-works"><a href="#how-it-works" aria-label="Link to this section: How it works" class="heading-anchor before">' +
      '<svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16"><path fill="currentColor" d="M6.5 1Z"></path></svg></a>How it works</h2>';
    const code =
      '<div class="gatsby-highlight" data-language="ts"><pre class="language-ts"><code class="language-ts">' +
      '<span class="token keyword">const</span> <span class="token class-name">A</span></code></pre></div>';
    const task =
      '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked disabled> done</li></ul>';
    expect(sanitizeBodyHtml(anchor)).toBe(anchor);
    expect(sanitizeBodyHtml(code)).toBe(code);
    expect(sanitizeBodyHtml(task)).toBe(
      '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked disabled /> done</li></ul>',
    );
  });

  it("keeps gatsby-remark-images' layout styles, drops any other style", () => {
    const image =
      '<span class="gatsby-resp-image-wrapper" style="position: relative; display: block; max-width: 766px; ">' +
      '<span class="gatsby-resp-image-background-image" style="padding-bottom: 32.2%; position: relative; bottom: 0; left: 0; background-image: url(\'data:image/png;base64,iVBORw0KGgo=\'); background-size: cover; display: block;"></span>' +
      '<img class="gatsby-resp-image-image" src="/static/x/a.png" alt="A" title="" style="width:100%;height:100%;margin:0;vertical-align:middle;position:absolute;top:0;left:0;"></span>';
    const doc = parsed(sanitizeBodyHtml(image));
    expect(doc.querySelector(".gatsby-resp-image-wrapper")?.getAttribute("style")).toBe(
      "position:relative;display:block;max-width:766px",
    );
    expect(
      doc.querySelector(".gatsby-resp-image-background-image")?.getAttribute("style"),
    ).toContain("background-image:url('data:image/png;base64,iVBORw0KGgo=')");
    expect(doc.querySelector("img")?.getAttribute("title")).toBe("");
    const overlay = sanitizeBodyHtml(
      '<div style="position:fixed;inset:0;z-index:99">x</div><span style="background-image:url(https://evil.example/t.png)">y</span>',
    );
    expect(overlay).toBe("<div>x</div><span>y</span>");
  });

  it("drops classes and ids the pipeline does not write (no styling as the site, no clobbered globals)", () => {
    expect(sanitizeBodyHtml('<p class="sc-abc iMyDpp" id="___gatsby">x</p>')).toBe("<p>x</p>");
    expect(sanitizeBodyHtml('<span class="token sc-abc keyword">x</span>')).toBe(
      '<span class="token keyword">x</span>',
    );
    expect(sanitizeBodyHtml('<img src="x.png" id="pagePath">')).toBe('<img src="x.png" />');
  });

  it("whatever the mix, a browser finds nothing active in the result", () => {
    const pieces = fc.constantFrom(
      ...ATTACKS,
      "<p>",
      "</p>",
      "<svg>",
      "</svg>",
      "<math>",
      "<table>",
      "<a href=",
      '"',
      "'",
      ">",
      "text",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        expect(active(sanitizeBodyHtml(parts.join("")))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe("the CMS preview", () => {
  it("shows the body exactly as the build's sanitizer leaves it", () => {
    const markdown =
      "Text <script>alert(1)</script>\n\n<svg><script>alert(2)</script></svg>\n\n" +
      '<iframe src="https://evil.example/"></iframe>\n\n<details><summary>More</summary>\n\nInside\n\n</details>\n';
    const { html } = previewMarkdown(markdown);
    expect(active(html)).toEqual([]);
    expect(html).toBe(sanitizeBodyHtml(html));
    expect(parsed(html).querySelector("details summary")?.textContent).toBe("More");
  });
});
