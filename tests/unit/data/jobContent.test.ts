// Tests the job-description pipeline: decode Greenhouse's entity-escaped HTML once, then sanitize it.
import { describe, expect, it } from "vitest";
import {
  jobDescriptionHtml,
  jobDescriptionText,
  sanitizeJobHtml,
} from "../../../src/data/jobContent";
import { escapeHtml } from "../../support/fakes/greenhouse";

const viaGreenhouse = (html: string) => jobDescriptionHtml(escapeHtml(html));

describe("jobDescriptionHtml", () => {
  it("decodes entity-escaped markup into HTML", () => {
    expect(viaGreenhouse("<p>We are looking for a <strong>frontend engineer</strong>.</p>")).toBe(
      "<p>We are looking for a <strong>frontend engineer</strong>.</p>",
    );
  });

  it("decodes exactly once: the author's literal &lt; stays text", () => {
    expect(viaGreenhouse("<p>Use &lt;script&gt; tags &amp; more</p>")).toBe(
      "<p>Use &lt;script&gt; tags &amp; more</p>",
    );
  });

  it("removes script and style elements with their content", () => {
    const html = viaGreenhouse(
      "<p>Hi</p><script>alert(1)</script><style>p{}</style><SCRIPT src=//x.js></SCRIPT>",
    );
    expect(html).toBe("<p>Hi</p>");
  });

  it("removes event-handler attributes", () => {
    const html = viaGreenhouse(
      '<p onclick="alert(1)" onmouseover=alert(2)>Hi</p><div onload="x()">There</div>',
    );
    expect(html).toBe("<p>Hi</p><div>There</div>");
  });

  it("turns javascript:, data: and vbscript: links into plain text", () => {
    const html = viaGreenhouse(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt&colon;alert(1)">b</a><a href=" javascript:alert(1)">c</a><a href="data:text/html,x">d</a><a href="vbscript:x">e</a>',
    );
    expect(html).not.toMatch(/href/);
    expect(html).toBe("<span>a</span><span>b</span><span>c</span><span>d</span><span>e</span>");
  });

  it("removes images, frames, forms, objects and inline styles", () => {
    const html = viaGreenhouse(
      '<img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe><form action="/x"><input name=a></form><object data=x></object><p style="color:red" class="x">t</p>',
    );
    expect(html).toBe("<p>t</p>");
  });

  it("keeps safe links, opening outside ones in a new tab without an opener", () => {
    expect(
      viaGreenhouse(
        '<a href="https://example.com" target="_self" rel="opener">x</a><a href="mailto:jobs@example.com">m</a>',
      ),
    ).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a><a href="mailto:jobs@example.com">m</a>',
    );
  });

  it("turns an h1 into an h2, below the page's own title", () => {
    expect(viaGreenhouse("<h1>Role</h1>")).toBe("<h2>Role</h2>");
  });

  it("is idempotent once sanitized", () => {
    const once = viaGreenhouse('<p>a &amp; b <a href="https://x.test">l</a></p><script>x</script>');
    expect(sanitizeJobHtml(once)).toBe(once);
  });
});

describe("jobDescriptionText", () => {
  it("gives plain text with spaces between blocks, shortened", () => {
    expect(jobDescriptionText("<p>One &amp; two</p><ul><li>a</li><li>b</li></ul>")).toBe(
      "One & two a b",
    );
    expect(jobDescriptionText(`<p>${"word ".repeat(100)}</p>`, 20)).toBe("word word word word…");
    expect(
      jobDescriptionText("<ul><li><strong>Go</strong></li><li>Rust</li></ul>line<br>break"),
    ).toBe("Go Rust line break");
    expect(
      jobDescriptionText("<p>Keep <em>in</em>line &lt;b&gt; as text</p><script>x()</script>"),
    ).toBe("Keep inline <b> as text");
  });
});
