// Tests the <picture> renderer on React 18: sized, lazy by default, low priority when eager, visible without scripts.
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ServerStyleSheet, ThemeProvider } from "styled-components";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Picture } from "../../../src/components/Picture";
import type { PictureData } from "../../../src/data/images";
import { theme } from "../../../src/styles/theme";

const image: PictureData = {
  src: "/static/hero.png",
  srcSet: "/static/hero-400.png 400w, /static/hero.png 800w",
  sizes: "(min-width: 800px) 800px, 100vw",
  width: 800,
  height: 450,
  alt: "A chart",
  sources: [{ type: "image/webp", srcSet: "/static/hero.webp 800w" }],
};

const render = (loading?: "lazy" | "eager") =>
  renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <Picture image={image} loading={loading} />
    </ThemeProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe("Picture", () => {
  it("fetches the eager image at once at low priority, with an attribute React 18 passes through silently", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = render("eager");
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="low"');
    expect(errors).not.toHaveBeenCalled();
  });

  it("loads lazily, decodes off the main thread and keeps its size by default", () => {
    const html = render();
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('width="800"');
    expect(html).toContain('height="450"');
    expect(html).not.toContain("fetchpriority");
  });

  it("shows the picture from the server's HTML on: nothing hides it until a script runs", () => {
    const sheet = new ServerStyleSheet();
    try {
      const html = renderToStaticMarkup(
        sheet.collectStyles(
          <ThemeProvider theme={theme}>
            <Picture
              image={{ ...image, placeholder: "data:image/png;base64,AAAA" }}
              loading="eager"
            />
          </ThemeProvider>,
        ),
      );
      const imgClasses = /<img[^>]*class="([^"]+)"/.exec(html)?.[1]?.split(" ") ?? [];
      expect(imgClasses.length).toBeGreaterThan(0);
      const css = sheet.getStyleTags();
      for (const name of imgClasses) {
        const rule = new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
        expect(rule).not.toMatch(/opacity|visibility|display:\s*none/);
      }
      // The blurred placeholder sits behind it until it loads.
      expect(html).toContain("background-image:url(&quot;data:image/png;base64,AAAA&quot;)");
    } finally {
      sheet.seal();
    }
  });
});
