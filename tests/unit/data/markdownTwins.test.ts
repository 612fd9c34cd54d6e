// Where a page's twin lives, which page has one, and which Accept headers get it: the pattern Vercel's routes match
// must decide exactly as the Node server does, so it is checked against a plain reading of the header.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MARKDOWN_ACCEPT_PATTERN,
  hasTwin,
  pageOfTwin,
  prefersMarkdown,
  twinPathOf,
} from "../../../src/data/markdownTwins";

describe("twin addresses", () => {
  it("follow the llms.txt proposal: index.html.md after a URL ending in /", () => {
    expect(twinPathOf("/")).toBe("/index.html.md");
    expect(twinPathOf("/pricing/")).toBe("/pricing/index.html.md");
    expect(twinPathOf("/blog/a-post/")).toBe("/blog/a-post/index.html.md");
    expect(twinPathOf("/404.html")).toBeNull();
    expect(pageOfTwin("/pricing/index.html.md")).toBe("/pricing/");
    expect(pageOfTwin("/index.html.md")).toBe("/");
    expect(pageOfTwin("/pricing/notes.md")).toBeNull();
  });

  it("exist only where the page's context says so", () => {
    expect(hasTwin({ twin: true })).toBe(true);
    expect(hasTwin({ twin: false, excludeFromSitemap: true })).toBe(false);
    expect(hasTwin({})).toBe(false);
    expect(hasTwin(null)).toBe(false);
  });
});

describe("prefersMarkdown", () => {
  it.each([
    ["text/markdown", true],
    ["text/markdown, text/html;q=0.9, */*;q=0.8", true],
    ["text/markdown;charset=utf-8", true],
    ["text/markdown; q=1.0, */*;q=0.1", true],
    ["application/json, text/markdown", true],
    ["TEXT/MARKDOWN", true],
    // A browser, and anything that does not prefer Markdown to HTML, gets the page.
    ["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8", false],
    ["text/markdown, text/html", false],
    ["text/html;q=1, text/markdown", false],
    ["text/markdown;q=0.5", false],
    ["text/markdown; q=0.5, text/html;q=0.1", false],
    ["*/*", false],
    ["text/*", false],
    ["text/markdownish", false],
    ["", false],
  ])("%j → %s", (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it("is false without an Accept header", () => {
    expect(prefersMarkdown(null)).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
  });

  /** The rule read plainly: entries split at commas, each a type and its parameters. */
  function byHand(accept: string): boolean {
    const entries = accept
      .toLowerCase()
      .split(",")
      .map((entry) => entry.split(";").map((part) => part.trim()));
    const fullWeight = (type: string) =>
      entries.some(([name, ...params]) => {
        if (name !== type) return false;
        // Every weight it gives is full (a header may, wrongly, give one twice).
        return params
          .filter((p) => /^q\s*=/.test(p))
          .every((q) => /^q\s*=\s*1(?:\.0{0,3})?$/.test(q));
      });
    return fullWeight("text/markdown") && !fullWeight("text/html");
  }

  it("decides as a plain reading of the header does, for headers made of any entries", () => {
    const type = fc.constantFrom("text/markdown", "text/html", "*/*", "text/*", "application/json");
    const param = fc.constantFrom("q=1", "q=0.9", "q=0", "q=1.0", "charset=utf-8", "q=0.5", " q=1");
    const entry = fc
      .tuple(type, fc.array(param, { maxLength: 2 }), fc.constantFrom("", " "))
      .map(([t, params, space]) => [t, ...params].join(`${space};`));
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(",", ", "),
        (list, sep) => {
          const accept = list.join(sep);
          expect(prefersMarkdown(accept), accept).toBe(byHand(accept));
        },
      ),
    );
  });

  it("decides the same whether a host matches the pattern whole or searches the header with it", () => {
    const whole = new RegExp(`^(?:${MARKDOWN_ACCEPT_PATTERN})$`);
    const search = new RegExp(MARKDOWN_ACCEPT_PATTERN);
    for (const accept of [
      "text/markdown",
      "text/html",
      "text/markdown, text/html;q=0.9",
      "text/html, text/markdown",
      "*/*",
    ]) {
      expect(whole.test(accept), accept).toBe(prefersMarkdown(accept));
      expect(search.test(accept), accept).toBe(prefersMarkdown(accept));
    }
  });
});
