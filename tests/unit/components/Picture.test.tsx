// Tests the <picture> renderer's attributes on React 18: sized, lazy by default, high priority when eager.
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ThemeProvider } from "styled-components";
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
  it("asks for the eager image at high priority, with an attribute React 18 passes through silently", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = render("eager");
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('loading="eager"');
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
});
