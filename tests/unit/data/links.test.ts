import { describe, expect, it } from "vitest";
import { clientSideTarget, isInternalHref, type LinkClick } from "../../../src/data/links";

describe("isInternalHref", () => {
  it.each(["/", "/pricing/", "/blog/some-post/#intro", "/careers/jobs/apply/?gh_jid=1"])(
    "%s navigates client-side",
    (href) => {
      expect(isInternalHref(href)).toBe(true);
    },
  );
  it.each([
    "https://docs.example.com/",
    "//cdn.example.com/x",
    "#section",
    "mailto:sales@example.com",
    "/whitepaper.pdf",
    "/files/data.csv?download=1",
    "/admin/",
    "/rss.xml",
    "/api/get-country",
  ])("%s is left to the browser", (href) => {
    expect(isInternalHref(href)).toBe(false);
  });
});

describe("clientSideTarget", () => {
  const click = (over: Partial<LinkClick> = {}): LinkClick => ({
    href: "/blog/a/",
    target: null,
    download: false,
    rel: null,
    button: 0,
    modified: false,
    defaultPrevented: false,
    ...over,
  });
  it("navigates client-side for a plain left click on a site route", () => {
    expect(clientSideTarget(click())).toBe("/blog/a/");
  });
  it.each([
    ["external", { href: "https://example.org/" }],
    ["download", { download: true }],
    ["new tab", { target: "_blank" }],
    ["file-like", { href: "/files/report.pdf" }],
    ["feed", { href: "/rss.xml" }],
    ["hash", { href: "#section" }],
    ["middle click", { button: 1 }],
    ["modifier", { modified: true }],
    ["already handled", { defaultPrevented: true }],
    ["rel external", { rel: "external" }],
    ["no href", { href: null }],
  ])("leaves %s links to the browser", (_, over) => {
    expect(clientSideTarget(click(over))).toBeNull();
  });
});
