// Tests that the icon sprite holds every drawing once, that <Icon> points into it, and that every page
// carries it outside the React root.
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, iconNames } from "../../../src/components/Icon";
import { IconSprite } from "../../../src/components/IconSprite";
import { iconPaths, iconSymbols } from "../../../src/components/iconPaths";
import { onRenderBody } from "../../../gatsby-ssr";

describe("icon sprite", () => {
  it("has one symbol per icon name, and the names list matches the drawings", () => {
    expect([...iconNames].sort()).toEqual(Object.keys(iconPaths).sort());
    const symbols = iconSymbols();
    for (const name of iconNames) {
      expect(symbols).toContain(`<symbol id="icon-${name}" viewBox="0 0 24 24">`);
    }
    expect(symbols.match(/<symbol /g)).toHaveLength(iconNames.length);
  });

  it("is a hidden svg holding the symbols", () => {
    const sprite = renderToStaticMarkup(React.createElement(IconSprite));
    expect(sprite).toMatch(/^<svg [^>]*style="display:none"[^>]*aria-hidden="true"/);
    expect(sprite).toContain(iconSymbols());
  });

  it("renders an icon as a reference into the page's sprite, decorative unless labelled", () => {
    const decorative = renderToStaticMarkup(React.createElement(Icon, { name: "check" }));
    expect(decorative).toContain(`<use href="#icon-check"></use>`);
    expect(decorative).toContain(`class="icon"`);
    expect(decorative).toContain(`aria-hidden="true"`);
    expect(decorative).not.toContain("<path");
    const labelled = renderToStaticMarkup(
      React.createElement(Icon, { name: "close", label: "No" }),
    );
    expect(labelled).toContain(`role="img"`);
    expect(labelled).toContain(`aria-label="No"`);
  });

  it("goes into every page before the React root, from gatsby-ssr", () => {
    let preBody: React.ReactNode[] = [];
    const noop = () => undefined;
    onRenderBody?.(
      {
        setHeadComponents: noop,
        setHtmlAttributes: noop,
        setPreBodyComponents: (components: React.ReactNode[]) => {
          preBody = components;
        },
      } as unknown as Parameters<NonNullable<typeof onRenderBody>>[0],
      {} as Parameters<NonNullable<typeof onRenderBody>>[1],
    );
    const html = renderToStaticMarkup(React.createElement(React.Fragment, null, preBody));
    expect(html).toContain(iconSymbols());
  });
});
