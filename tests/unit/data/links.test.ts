import { describe, expect, it } from "vitest";
import { isInternalHref } from "../../../src/data/links";

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
