import { describe, expect, it } from "vitest";
import { site } from "../../../src/config/site";
import {
  postCta,
  postMeta,
  toAuthorCard,
  toPostCard,
  tocOf,
  webinarMeta,
} from "../../../src/views/blogView";
import { dateLabel, timeLabel } from "../../../src/data/dateLabels";
import { toPictureData } from "../../../src/data/images";

const imageData = {
  layout: "constrained",
  width: 766,
  height: 383,
  images: {
    fallback: {
      src: "/static/a/hero.png",
      srcSet: "/static/a/hero.png 766w",
      sizes: "(min-width: 766px) 766px, 100vw",
    },
    sources: [
      {
        srcSet: "/static/a/hero.webp 766w",
        type: "image/webp",
        sizes: "(min-width: 766px) 766px, 100vw",
      },
    ],
  },
  placeholder: { fallback: "data:image/png;base64,AAA" },
};

describe("toPostCard", () => {
  const node = {
    path: "/blog/a/",
    title: "A",
    description: "About A",
    date: "2025-03-25T00:00:00.000Z",
    dateLabel: "March 25, 2025",
    timeToRead: 4,
    locale: "en",
    heroAlt: "Alt text",
    hero: { childImageSharp: { gatsbyImageData: imageData } },
    tags: [{ key: "guides", label: "Guides", path: "/blog/tag/guides/" }, null],
    authors: [{ name: "Maya Okafor" }, { name: "Daniel Roth" }],
  };
  it("maps a queried post to card props", () => {
    expect(toPostCard(node)).toEqual({
      href: "/blog/a/",
      title: "A",
      description: "About A",
      label: "Guides",
      meta: "Maya Okafor, Daniel Roth · March 25, 2025 · 4 min read",
      image: {
        src: "/static/a/hero.png",
        srcSet: "/static/a/hero.png 766w",
        sizes: "(min-width: 766px) 766px, 100vw",
        width: 766,
        height: 383,
        sources: [
          {
            srcSet: "/static/a/hero.webp 766w",
            type: "image/webp",
            sizes: "(min-width: 766px) 766px, 100vw",
          },
        ],
        placeholder: "data:image/png;base64,AAA",
        alt: "Alt text",
      },
      lang: undefined,
    });
  });
  it("works without hero, tags or reading time, and marks other languages", () => {
    const card = toPostCard({
      ...node,
      hero: null,
      heroAlt: null,
      tags: [],
      timeToRead: null,
      locale: "pt-BR",
      dateLabel: "25 de março de 2025",
    });
    expect(card).toMatchObject({
      image: undefined,
      label: undefined,
      lang: "pt-BR",
      meta: "Maya Okafor, Daniel Roth · 25 de março de 2025",
    });
  });
});

describe("postMeta", () => {
  it("speaks the post's language", () => {
    expect(postMeta({ dateLabel: "25 de março de 2025", timeToRead: 5, locale: "pt-BR" })).toBe(
      "25 de março de 2025 · 5 min de leitura",
    );
  });
});

describe("toAuthorCard", () => {
  const author = {
    key: "m",
    path: "/blog/author/m/",
    name: "M",
    role: "R",
    bio: "B",
    links: [{ label: "L", url: "https://l.org" }],
    photo: null,
  };
  it("shows the bio and links only when asked", () => {
    expect(toAuthorCard(author)).toMatchObject({
      name: "M",
      href: "/blog/author/m/",
      bio: undefined,
      links: [],
    });
    expect(toAuthorCard(author, true)).toMatchObject({
      bio: "B",
      links: [{ label: "L", url: "https://l.org" }],
    });
  });
});

describe("tocOf", () => {
  it("keeps second- and third-level headings with anchors", () => {
    expect(
      tocOf([
        { id: "a", value: "A", depth: 2 },
        { id: "b", value: "B", depth: 3 },
        { id: "c", value: "C", depth: 4 },
        { id: null, value: "D", depth: 2 },
        null,
      ]),
    ).toEqual([
      { id: "a", title: "A", depth: 2 },
      { id: "b", title: "B", depth: 3 },
    ]);
  });
});

describe("postCta", () => {
  it("uses the post's own call to action when it names one", () => {
    expect(postCta({ title: "T", label: "L", href: "/x/" }, "en").ctas).toEqual([
      { label: "L", href: "/x/" },
    ]);
  });
  it("falls back to a default in the post's language", () => {
    expect(postCta(null, "en").title).toContain(site.productName);
    expect(postCta(null, "pt-BR").ctas[0]?.label).toBe("Começar teste grátis");
  });
});

describe("webinarMeta", () => {
  it("describes live and recorded sessions with the labels the build wrote", () => {
    const at = (iso: string) => ({ dateLabel: dateLabel(iso), timeLabel: timeLabel(iso) });
    expect(
      webinarMeta({ format: "live", durationMinutes: 45, ...at("2025-05-20T15:00:00.000Z") }),
    ).toBe("Live · 45 minutes · May 20, 2025, 10:00 AM CDT");
    expect(
      webinarMeta({ format: "on-demand", durationMinutes: 40, ...at("2025-03-12T14:00:00.000Z") }),
    ).toBe("On demand · 40 minutes · recorded March 12, 2025");
  });
});

describe("toPictureData", () => {
  it("returns nothing without image data", () => {
    expect(toPictureData(null, "x")).toBeUndefined();
    expect(toPictureData({ width: 1, height: 1, images: {} }, "x")).toBeUndefined();
  });
});
