// @vitest-environment jsdom
// The CMS previews render the site's views as the site does: hero, table of contents with slug() ids,
// highlighted code, authors and tags by name, related posts, brand placeholders filled; webinars,
// authors and tags have previews too. Also the save-time check for the hero's alternative text.
import * as React from "react";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { entryProblems } from "../../../src/cms/checks";
import { BlogPostPreview } from "../../../src/cms/BlogPostPreview";
import { AuthorPreview, TagPreview } from "../../../src/cms/ListingPreviews";
import { summariesOf, type PreviewProps } from "../../../src/cms/previewData";
import { forgetPostSummaries, POST_SUMMARIES_PATH } from "../../../src/cms/postSummaries";
import { MarketingPagePreview, WebinarPreview } from "../../../src/cms/previews";
import { AgentsPreview } from "../../../src/cms/AgentsPreview";
import { site } from "../../../src/config/site";

type Data = Record<string, unknown>;

/** Decap hands previews Immutable values; `toJS` is all the previews use of them. */
const immutable = <T,>(value: T) => ({ toJS: () => value });

const blogEntries = [
  {
    slug: "card-testing",
    data: {
      title: "Card testing with {product}",
      description: "How card testing works.",
      date: "2025-03-01T00:00:00.000Z",
      authors: ["maya"],
      tags: ["guides"],
      body: "Short.",
    },
  },
  {
    slug: "unrelated-old",
    data: {
      title: "Unrelated",
      description: "Other.",
      date: "2020-01-01T00:00:00.000Z",
      authors: ["hannah"],
      tags: ["other"],
      hidden: true,
    },
  },
];
const collections: Record<string, Array<{ slug: string; data: Data }>> = {
  blog: blogEntries,
  authors: [
    { slug: "maya", data: { name: "Maya Okafor", role: "Head of Fraud Research", bio: "Bio." } },
    { slug: "hannah", data: { name: "Hannah Lindqvist", role: "Staff Engineer", bio: "Bio." } },
  ],
  tags: [{ slug: "guides", data: { label: "Guides", description: "Guides." } }],
};

function props(collection: string, slug: string | undefined, data: Data, extra = {}): PreviewProps {
  return {
    entry: {
      get: (key: string) => (key === "slug" ? slug : key === "collection" ? collection : undefined),
      getIn: (path: string[]) =>
        path[0] === "data" && path.length === 1 ? immutable(data) : undefined,
    },
    document,
    getAsset: (path: string) => ({ toString: () => `blob:asset/${path}` }),
    getCollection: async (name: string) => immutable(collections[name] ?? []),
    ...extra,
  };
}

// The previews render islands (lead and newsletter forms, the status pill) whose code is imported when they
// mount; loaded here first, so no import is still in flight when a test ends and its environment goes.
beforeAll(async () => {
  await Promise.all([
    import("../../../src/forms/LeadForm"),
    import("../../../src/forms/NewsletterSignup"),
    import("../../../src/components/LiveStatus"),
  ]);
});

/** What the site answers the previews: the build's post summaries, and the country for the webinar's form slot. */
let summaries: unknown = null;
beforeEach(() => {
  forgetPostSummaries();
  summaries = summariesOf(blogEntries);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string) =>
      String(url).endsWith(`/admin/${POST_SUMMARIES_PATH}`) ||
      String(url).endsWith(`/${POST_SUMMARIES_PATH}`)
        ? summaries === null
          ? new Response("Not found", { status: 404 })
          : new Response(JSON.stringify(summaries), { status: 200 })
        : new Response(JSON.stringify({ country: "DE" }), { status: 200 }),
    ),
  );
});
afterEach(cleanup);

describe("BlogPostPreview", () => {
  const post: Data = {
    title: "Why {product} sees returning devices",
    slug: "returning-devices",
    description: "A look at {product} and device recognition.",
    date: "2025-06-10T00:00:00.000Z",
    authors: ["maya"],
    tags: ["guides"],
    hero: "hero.png",
    heroAlt: "A network diagram",
    body: "Intro for {product}.\n\n## O marco regulatório\n\n```ts\nconst visitor = await agent.get();\n```\n\n## Setup\n\n### Setup\n",
  };

  it("renders the post view with hero, table of contents, code, names and related posts", async () => {
    render(
      <BlogPostPreview
        {...props("blog", undefined, post, {
          // Decap's relation widget keeps the picked author's data here.
          fieldsMetaData: {
            getIn: (path: string[]) =>
              path.join("/") === "authors/authors/maya"
                ? immutable({ name: "Maya Okafor", role: "Head of Fraud Research" })
                : undefined,
          },
        })}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      `Why ${site.productName} sees returning devices`,
    );
    expect(document.body.textContent).not.toContain("{product}");
    const hero = document.querySelector("main picture img, picture img") as HTMLImageElement;
    expect(hero.getAttribute("src")).toBe("blob:asset/hero.png");
    expect(hero.getAttribute("alt")).toBe("A network diagram");

    const toc = screen.getByRole("navigation", { name: "On this page" });
    expect(
      within(toc)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["#o-marco-regulatorio", "#setup", "#setup-1"]);
    expect(document.getElementById("o-marco-regulatorio")?.tagName).toBe("H2");
    expect(document.querySelector('a.heading-anchor[href="#setup-1"]')).not.toBeNull();
    expect(document.querySelector(".gatsby-highlight .token.keyword")?.textContent).toBe("const");

    // Names, not keys: the author from the relation's metadata, the tag from its collection.
    expect(screen.getAllByRole("link", { name: "Maya Okafor" }).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getAllByRole("link", { name: "Guides" }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByText("maya")).toBeNull();
    // Related posts come from the blog collection (listed ones only).
    const related = await screen.findByRole("heading", { name: "Related articles" });
    const section = related.closest("section") as HTMLElement;
    expect(within(section).getByRole("link", { name: /Card testing with/ })).toHaveProperty(
      "pathname",
      "/blog/card-testing/",
    );
    expect(within(section).queryByText("Unrelated")).toBeNull();
  });

  it("knows a saved post by its folder, as Decap names it <key>/index: its address, and never its own related post", async () => {
    summaries = summariesOf([...blogEntries, { slug: "returning-devices", data: post }]);
    render(<BlogPostPreview {...props("blog", "returning-devices/index", post)} />);
    const related = await screen.findByRole("heading", { name: "Related articles" });
    expect(
      within(related.closest("section") as HTMLElement).queryByRole("link", {
        name: /returning devices/,
      }),
    ).toBeNull();
    expect(document.body.textContent).toContain("/blog/returning-devices/");
    expect(document.body.textContent).not.toContain("/index/");
  });

  it("lists related posts from the build's summaries, never loading the blog collection", async () => {
    const getCollection = vi.fn(async (name: string) => immutable(collections[name] ?? []));
    render(<BlogPostPreview {...props("blog", "returning-devices", post, { getCollection })} />);
    const related = await screen.findByRole("heading", { name: "Related articles" });
    expect(
      within(related.closest("section") as HTMLElement).getByRole("link", {
        name: /Card testing with/,
      }),
    ).toBeTruthy();
    expect(getCollection.mock.calls.map(([name]) => name)).not.toContain("blog");
  });

  it("falls back to the blog collection where the site has no summaries (gatsby develop)", async () => {
    summaries = null;
    const getCollection = vi.fn(async (name: string) => immutable(collections[name] ?? []));
    render(<BlogPostPreview {...props("blog", "returning-devices", post, { getCollection })} />);
    const related = await screen.findByRole("heading", { name: "Related articles" });
    expect(
      within(related.closest("section") as HTMLElement).getByRole("link", {
        name: /Card testing with/,
      }),
    ).toBeTruthy();
    expect(getCollection.mock.calls.map(([name]) => name)).toContain("blog");
  });

  it("names authors from the authors collection when the relation has no metadata", async () => {
    render(
      <BlogPostPreview {...props("blog", "returning-devices", { ...post, hero: undefined })} />,
    );
    await waitFor(() =>
      expect(screen.getAllByRole("link", { name: "Maya Okafor" }).length).toBeGreaterThan(0),
    );
    expect(document.querySelector("picture")).toBeNull();
  });
});

describe("the other previews", () => {
  it("renders a webinar with its speakers and the registration slot", () => {
    render(
      <WebinarPreview
        {...props("webinars", "w", {
          title: "Credential stuffing with {product}",
          description: "Session.",
          date: "2025-05-20T15:00:00Z",
          durationMinutes: 45,
          format: "on-demand",
          hubspotFormId: "0f3c1f5e-6a43-4e0b-9b6c-2f1e1c0a9d11",
          speakers: [{ name: "Maya Okafor", role: "Head of Fraud Research" }],
          body: "## Agenda\n\nWhat we cover.",
        })}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      `Credential stuffing with ${site.productName}`,
    );
    expect(screen.getByText("Maya Okafor")).toBeTruthy();
    expect(
      document
        .querySelector("[data-webinar-form-slot='WebinarForm']")
        ?.getAttribute("data-hubspot-form-id"),
    ).toBe("0f3c1f5e-6a43-4e0b-9b6c-2f1e1c0a9d11");
    expect(document.getElementById("agenda")).not.toBeNull();
  });

  it("renders an author page with the photo, bio and the author's listed posts", async () => {
    render(
      <AuthorPreview
        {...props("authors", "maya", {
          name: "Maya Okafor",
          role: "Head of Fraud Research",
          bio: "Maya leads research at {product}.",
          photo: "maya-okafor.png",
          links: [],
        })}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Articles by Maya Okafor");
    expect(screen.getByText(`Maya leads research at ${site.productName}.`)).toBeTruthy();
    expect(document.querySelector("picture img")?.getAttribute("src")).toBe(
      "blob:asset/maya-okafor.png",
    );
    expect(await screen.findByRole("link", { name: /Card testing with/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Guides" }).getAttribute("href")).toBe(
      "/blog/author/maya/guides/",
    );
  });

  it("renders a tag page with its label, description and posts", async () => {
    render(
      <TagPreview
        {...props("tags", "guides", { label: "Guides", description: "Practical guides." })}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Guides");
    expect(screen.getByText("Practical guides.")).toBeTruthy();
    expect(await screen.findByRole("link", { name: /Card testing with/ })).toBeTruthy();
  });

  it("renders the agents settings as the files the build writes, or what it would refuse", () => {
    const data = {
      llms: {
        summary: "{product} identifies devices.",
        sections: [{ title: "Pricing", links: [{ link: "/pricing/", note: "Plans." }] }],
      },
      contentSignal: { search: "yes", aiInput: "yes", aiTrain: "no" },
      securityTxt: {
        contacts: ["mailto:security@{emailDomain}"],
        expiresInDays: 30,
        preferredLanguages: ["en"],
        policy: "/security/#disclosure",
      },
    };
    render(<AgentsPreview {...props("settings", "agents", data)} />);
    const file = (name: string) =>
      within(screen.getByRole("region", { name })).getByText(/./, { selector: "pre" }).textContent;
    expect(file("/llms.txt")).toContain(`# ${site.productName}\n\n> ${site.productName} identifies devices.`);
    expect(file("/llms.txt")).toContain(`- [/pricing/ (its title)](${site.url}/pricing/index.html.md): Plans.`);
    expect(file("/robots.txt")).toContain("Content-Signal: search=yes, ai-input=yes, ai-train=no");
    expect(file("/.well-known/security.txt")).toContain(`Contact: mailto:security@${site.emailDomain}`);
    cleanup();
    render(<AgentsPreview {...props("settings", "agents", { ...data, contentSignal: {} })} />);
    expect(screen.getByRole("heading", { name: "What the build would refuse" })).toBeTruthy();
    expect(screen.getAllByRole("listitem")[0]?.textContent).toMatch(/^contentSignal\.search: /);
  });

  it("renders a marketing page's markdown and code as the build does", () => {
    const sections = [
      { type: "RichText", title: "Terms", body: "We **never** sell data.\n\n- one\n- two" },
      {
        type: "CodeSample",
        title: "Install",
        language: "javascript",
        code: 'const agent = await load({ region: "eu" });\n',
        points: [],
        ctas: [],
      },
    ];
    const entry = {
      get: () => undefined,
      getIn: (path: string[]) => (path.join(".") === "data.sections" ? sections : undefined),
    };
    const { container } = render(<MarketingPagePreview entry={entry} document={document} />);
    expect(container.querySelector("strong")?.textContent).toBe("never");
    expect(container.querySelectorAll("li")).toHaveLength(2);
    const code = container.querySelector("pre code");
    expect(code?.textContent).toBe('const agent = await load({ region: "eu" });');
    expect(code?.querySelector(".token.keyword")?.textContent).toBe("const");
    expect(code?.querySelector(".token.string")?.textContent).toBe('"eu"');
  });
});

describe("entryProblems (the save-time check)", () => {
  it("stops a post with a hero but no alternative text, and alt text without a hero", () => {
    expect(entryProblems("blog", { hero: "hero.png" })).toEqual([
      expect.stringMatching(/^Hero alt is required/),
    ]);
    expect(entryProblems("blog", { hero: "hero.png", heroAlt: "  " })).toHaveLength(1);
    expect(entryProblems("blog", { heroAlt: "A diagram" })).toEqual([
      expect.stringMatching(/no hero image/),
    ]);
    expect(entryProblems("blog", { hero: "hero.png", heroAlt: "A diagram" })).toEqual([]);
    expect(entryProblems("blog", {})).toEqual([]);
    expect(entryProblems("authors", { hero: "x.png" })).toEqual([]);
  });
});

describe("NavigationPreview", () => {
  it("renders the site's header and footer from the entry as edited, skipping half-written parts", async () => {
    const { NavigationPreview } = await import("../../../src/cms/NavigationPreview");
    const data: Data = {
      menus: [
        {
          id: "developers",
          title: "Builders",
          entries: [
            { title: "Documentation", url: "{docsUrl}", icon: "book" },
            { title: "", url: "/half-written/" },
          ],
        },
      ],
      footerColumns: [
        { title: "Company", entries: [{ title: "About {product}", url: "/about-us/" }] },
      ],
      socialLinks: [{ title: "Mastodon", url: "https://mastodon.example/@acme" }],
    };
    render(<NavigationPreview {...props("settings", "navigation", data)} />);
    const nav = document.querySelector('nav[aria-label="Main"]');
    expect(nav?.querySelector("button[aria-controls]")?.textContent).toBe("Builders");
    const opened = screen.getByRole("main", { name: "Header menus, opened" });
    expect(within(opened).getByRole("heading", { name: "Builders" })).toBeTruthy();
    const docs = within(opened).getAllByRole("link");
    expect(docs.map((link) => link.getAttribute("href"))).toEqual([site.external.docs]);
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: `About ${site.productName}` })).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "Mastodon" })).toBeTruthy();
  });
});
