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

/** What gatsby-remark-images writes for one image (its template, as configured in gatsby-config.ts). */
const WRAPPER_STYLE =
  "position:relative;display:block;margin-left:auto;margin-right:auto;max-width:766px";
const IMAGE_STYLE =
  "width:100%;height:100%;margin:0;vertical-align:middle;position:absolute;top:0;left:0";
const backgroundStyle = (ratio: string, placeholder: boolean) =>
  `padding-bottom:${ratio};position:relative;bottom:0;left:0;` +
  (placeholder
    ? "background-image:url('data:image/png;base64,iVBORw0KGgo=');background-size:cover;"
    : "") +
  "display:block";

function pipelineImage(options: { webp?: boolean; placeholder?: boolean; ratio?: string }): string {
  const ratio = options.ratio ?? "32.2%";
  const bg =
    options.placeholder === false
      ? ""
      : " background-image: url('data:image/png;base64,iVBORw0KGgo='); background-size: cover;";
  const srcset = "/static/x/a-200.png 200w,\n/static/x/a-766.png 766w";
  const imageStyle =
    "\n      width: 100%;\n      height: 100%;\n      margin: 0;\n      vertical-align: middle;\n      position: absolute;\n      top: 0;\n      left: 0;".replace(
      /\s*(\S+:)\s*/g,
      "$1",
    );
  const img = options.webp
    ? `<picture>\n          <source\n              srcset="/static/x/a-200.webp 200w"\n              sizes="(max-width: 766px) 100vw, 766px"\n              type="image/webp"\n            />\n          <source\n            srcset="${srcset}"\n            sizes="(max-width: 766px) 100vw, 766px"\n            type="image/png"\n          />\n          <img\n            class="gatsby-resp-image-image"\n            src="/static/x/a-766.png"\n            alt="A chart"\n            title=""\n            loading="lazy"\n            decoding="async"\n            style="${imageStyle}"\n          />\n        </picture>`
    : `<img\n        class="gatsby-resp-image-image"\n        alt="A chart"\n        title=""\n        src="/static/x/a-766.png"\n        srcset="${srcset}"\n        sizes="(max-width: 766px) 100vw, 766px"\n        style="${imageStyle}"\n        loading="lazy"\n        decoding="async"\n      />`;
  return (
    `<span\n      class="gatsby-resp-image-wrapper"\n      style="position: relative; display: block; margin-left: auto; margin-right: auto; max-width: 766px; "\n    >\n      ` +
    `<span\n    class="gatsby-resp-image-background-image"\n    style="padding-bottom: ${ratio}; position: relative; bottom: 0; left: 0;${bg} display: block;"\n  ></span>\n  ${img}\n    </span>`
  );
}

/**
 * Every styled element of a document that is not where the pipeline puts it: a wrapper with exactly its
 * style; a background or an image directly in such a wrapper (an image also through a picture in it).
 */
function contained(doc: Document): string[] {
  const wrapper = (element: Element | null | undefined) =>
    element?.matches("span.gatsby-resp-image-wrapper") === true &&
    element.getAttribute("style") === WRAPPER_STYLE;
  return [...doc.querySelectorAll("[style]")]
    .filter((element) => {
      if (wrapper(element)) return false;
      const parent = element.parentElement;
      if (element.matches("span.gatsby-resp-image-background-image")) return !wrapper(parent);
      if (
        element.matches("img.gatsby-resp-image-image") &&
        element.getAttribute("style") === IMAGE_STYLE
      )
        return !(
          wrapper(parent) ||
          (parent?.localName === "picture" && wrapper(parent.parentElement))
        );
      return true;
    })
    .map((element) => element.outerHTML.slice(0, 120));
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

  it("keeps gatsby-remark-images' markup and layout styles as it writes them, in every form", () => {
    for (const options of [
      {},
      { webp: true },
      { placeholder: false },
      { ratio: "66.66666666666667%" },
    ]) {
      const doc = parsed(sanitizeBodyHtml(`<p>${pipelineImage(options)}</p>`));
      const wrapper = doc.querySelector("p > span.gatsby-resp-image-wrapper");
      expect(wrapper?.getAttribute("style")).toBe(WRAPPER_STYLE);
      const background = wrapper?.querySelector(":scope > span.gatsby-resp-image-background-image");
      expect(background?.getAttribute("style")).toBe(
        backgroundStyle(options.ratio ?? "32.2%", options.placeholder !== false),
      );
      const img = wrapper?.querySelector(
        options.webp
          ? ":scope > picture > img.gatsby-resp-image-image"
          : ":scope > img.gatsby-resp-image-image",
      );
      expect(img?.getAttribute("style")).toBe(IMAGE_STYLE);
      const sources = options.webp ? wrapper?.querySelector('source[type="image/png"]') : img;
      expect(sources?.getAttribute("srcset")).toBe(
        "/static/x/a-200.png 200w, /static/x/a-766.png 766w",
      );
      expect([
        img?.getAttribute("loading"),
        img?.getAttribute("decoding"),
        img?.getAttribute("title"),
      ]).toEqual(["lazy", "async", ""]);
      if (options.webp)
        expect(wrapper?.querySelector("picture > source")?.getAttribute("type")).toBe("image/webp");
    }
  });

  it("writes void elements without an end tag: no stray </source> in a picture, no </col>", () => {
    const out = sanitizeBodyHtml(
      `<p>${pipelineImage({ webp: true })}</p><table><colgroup><col span="2"></colgroup><tr><td>a</td><td>b</td></tr></table>`,
    );
    expect(out).not.toMatch(/<\/(source|col)>/);
    expect(out.match(/<source /g)).toHaveLength(2);
  });

  it.each([
    // The issue's own: a full-area link to another site, with a picture of anything.
    `<a href="https://evil.example/" style="position:absolute;top:0;left:0;width:100%;height:100%;display:block;background-image:url('data:image/png;base64,iVBORw0KGgo=')">x</a>`,
    '<span style="position:absolute;top:0;left:0;width:100%;height:100%;display:block">x</span>',
    '<div style="position:fixed;inset:0;z-index:99">x</div>',
    '<figure style="position:absolute;inset:0"><img src="/x.png"></figure>',
    // The pipeline's image, exactly, but not in a wrapper: it would cover the nearest positioned box.
    `<a href="https://evil.example/"><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></a>`,
    `<p><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></p>`,
    // In a wrapper, but through a link or another element the pipeline never writes there.
    `<span class="gatsby-resp-image-wrapper" style="color:red"><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></span>`,
    `<span class="gatsby-resp-image-wrapper"><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><a href="https://evil.example/"><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></a></span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><em><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></em></span>`,
    // The pipeline's declarations plus, or instead of, one of the author's.
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE};z-index:9999">x</span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE};position:fixed">x</span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE.replace("relative", "fixed")}">x</span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE} !important">x</span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE.replace("relative", "relativ\\65")}">x</span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE.replace("766px", "100vw")}">x</span>`,
    `<span class="gatsby-resp-image-wrapper other" style="${WRAPPER_STYLE}">x</span>`,
    `<span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", true)}">x</span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", true).replace("data:image/png;base64,iVBORw0KGgo=", "https://evil.example/t.png")}"></span></span>`,
    `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", false)};background-size:cover"></span></span>`,
    // Misnested, so a browser closes the wrapper before the background (found by the property below).
    `<p><span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><p></p><span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", true)}"></span>`,
    `<a href="/a"><span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><a href="/b"></a><span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", true)}"></span>`,
    `<ul><li><span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}"><li><span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", true)}"></span>`,
  ])("drops an author's layout: %s", (html) => {
    const doc = parsed(sanitizeBodyHtml(html));
    const styled = [...doc.querySelectorAll("[style]")].filter(
      (element) => !element.matches(".gatsby-resp-image-wrapper[style]"),
    );
    expect(styled.map((element) => element.outerHTML)).toEqual([]);
    expect(contained(doc)).toEqual([]);
  });

  it("whatever the mix of the pipeline's pieces and an author's, every kept style sits where the pipeline puts it", () => {
    const pieces = fc.constantFrom(
      `<span class="gatsby-resp-image-wrapper" style="${WRAPPER_STYLE}">`,
      `<span class="gatsby-resp-image-background-image" style="${backgroundStyle("32.2%", true)}"></span>`,
      `<img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}">`,
      "<picture>",
      "</picture>",
      "</span>",
      '<a href="https://evil.example/">',
      "</a>",
      "<p>",
      "</p>",
      "<table><tr><td>",
      "</table>",
      "<b>",
      "</b>",
      '<div style="position:fixed;inset:0">',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 14 }), (parts) => {
        expect(contained(parsed(sanitizeBodyHtml(parts.join(""))))).toEqual([]);
      }),
      { numRuns: 300 },
    );
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

  it("keeps no layout an author wrote into the markdown", () => {
    const markdown =
      "Hello\n\n" +
      '<a href="https://evil.example/" style="position:fixed;inset:0;z-index:9999;display:block">Sign in</a>\n\n' +
      `<p><img class="gatsby-resp-image-image" src="/x.png" style="${IMAGE_STYLE}"></p>\n`;
    const { html } = previewMarkdown(markdown);
    expect(parsed(html).querySelectorAll("[style]")).toHaveLength(0);
    expect(parsed(html).querySelector('a[href="https://evil.example/"]')?.textContent).toBe(
      "Sign in",
    );
  });
});
