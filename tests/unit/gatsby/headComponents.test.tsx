// @vitest-environment node
// What gatsby-ssr puts in every page's head: the feed advertised where readers and browsers look for it.
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { onRenderBody } from "../../../gatsby-ssr";
import { FEED_PATH, FEED_TITLE } from "../../../src/config/feed";
import { site } from "../../../src/config/site";

function headOfEveryPage(): string {
  let head: React.ReactNode[] = [];
  const noop = () => undefined;
  onRenderBody?.(
    {
      setHeadComponents: (components: React.ReactNode[]) => {
        head = components;
      },
      setHtmlAttributes: noop,
      setPreBodyComponents: noop,
    } as unknown as Parameters<NonNullable<typeof onRenderBody>>[0],
    {} as Parameters<NonNullable<typeof onRenderBody>>[1],
  );
  return renderToStaticMarkup(<>{head}</>);
}

describe("every page's head", () => {
  it("advertises the blog's RSS feed, by the name the feed itself carries", () => {
    const html = headOfEveryPage();
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${FEED_TITLE}" href="${FEED_PATH}"/>`,
    );
    expect(FEED_PATH).toBe("/rss.xml");
    expect(FEED_TITLE).toBe(`${site.productName} blog`);
    expect(html.match(/application\/rss\+xml/g)).toHaveLength(1);
  });
});
